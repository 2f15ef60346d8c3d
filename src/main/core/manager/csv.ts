import type { PrintSummary } from '../../../shared/ipc/channels/prints';
import { lastErrorText, PRINT_STATUSES, PRINT_SUBTYPES, textOf, type Language, type TextTable } from '../../../shared/i18n';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP): such a
 * cell gets a leading apostrophe, which spreadsheets show as text and do not evaluate.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell holding one of these, or space at either end, is quoted (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const BYTE_ORDER_MARK = '\uFEFF';
const ROW_END = '\r\n';

/** One cell: null is empty, numbers as they are, text quoted when needed and defused when it looks like a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: ReadonlyArray<string | number | null>): string {
  return values.map(csvCell).join(',');
}

export const PRINT_CSV_COLUMNS = [
  'created_at',
  'updated_at',
  'terminal_id',
  'subtype',
  'external_reference',
  'status',
  'attempts',
  'action_id',
  'last_error_code',
  'last_error_status',
  'last_error_message',
  'last_error_at',
  'reprint_of',
  'content_bytes',
  'id',
  'person_id',
  'person_name',
  'approved_by_id',
  'approved_by_name',
] as const;

/**
 * Columns a person reads: the time in this computer's zone (where the store is) and the screen's words,
 * after the machine columns, which keep the ISO time in UTC and the codes at their places (docs/decisions.md).
 */
type ReadableColumn = 'created' | 'status' | 'type' | 'lastError';
const READABLE_COLUMNS: TextTable<ReadableColumn> = {
  created: { en: 'Created (local time)', es: 'Creada (hora local)' },
  status: { en: 'Status', es: 'Estado' },
  type: { en: 'Type', es: 'Tipo' },
  lastError: { en: 'Last error', es: 'Último error' },
};
const READABLE_ORDER: readonly ReadableColumn[] = ['created', 'status', 'type', 'lastError'];

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** `2026-11-23 19:05:09` in the local zone: sorts as text and every spreadsheet reads it as a date. */
export function localTimestamp(iso: string): string {
  const at = new Date(iso);
  const date = `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
  return `${date} ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`;
}

/**
 * The machine columns' headers per language: a Spanish export has no English on its header row. The
 * values keep the codes and UTC times whatever the language; the names stay one word each (snake_case).
 */
const MACHINE_HEADERS: TextTable<(typeof PRINT_CSV_COLUMNS)[number]> = {
  created_at: { en: 'created_at', es: 'creada_utc' },
  updated_at: { en: 'updated_at', es: 'actualizada_utc' },
  terminal_id: { en: 'terminal_id', es: 'id_terminal' },
  subtype: { en: 'subtype', es: 'subtipo' },
  external_reference: { en: 'external_reference', es: 'referencia_externa' },
  status: { en: 'status', es: 'codigo_estado' },
  attempts: { en: 'attempts', es: 'intentos' },
  action_id: { en: 'action_id', es: 'id_accion' },
  last_error_code: { en: 'last_error_code', es: 'codigo_ultimo_error' },
  last_error_status: { en: 'last_error_status', es: 'http_ultimo_error' },
  last_error_message: { en: 'last_error_message', es: 'mensaje_ultimo_error' },
  last_error_at: { en: 'last_error_at', es: 'fecha_ultimo_error_utc' },
  reprint_of: { en: 'reprint_of', es: 'reimpresion_de' },
  content_bytes: { en: 'content_bytes', es: 'bytes_contenido' },
  id: { en: 'id', es: 'id_impresion' },
  person_id: { en: 'person_id', es: 'id_persona' },
  person_name: { en: 'person_name', es: 'persona' },
  approved_by_id: { en: 'approved_by_id', es: 'id_aprobada_por' },
  approved_by_name: { en: 'approved_by_name', es: 'aprobada_por' },
};

/** The header row: the machine columns, then the readable ones, all in the cashier's language. */
export function printCsvHeader(language: Language): string[] {
  return [
    ...PRINT_CSV_COLUMNS.map((column) => textOf(MACHINE_HEADERS, column, language)),
    ...READABLE_ORDER.map((column) => textOf(READABLE_COLUMNS, column, language)),
  ];
}

/** A print as the CSV takes it: the store's may have a status or subtype only a newer Counter knows. */
type CsvPrint = Omit<PrintSummary, 'status' | 'subtype'> & {
  status: PrintSummary['status'] | 'unknown';
  subtype: PrintSummary['subtype'] | 'unknown';
  unknown?: { status?: string; subtype?: string };
};

function readableCells(print: CsvPrint, language: Language): Array<string | null> {
  return [
    localTimestamp(print.createdAt),
    textOf(PRINT_STATUSES, print.status, language),
    textOf(PRINT_SUBTYPES, print.subtype, language),
    print.lastError === null ? null : lastErrorText(print, language),
  ];
}

function printRow(print: CsvPrint): Array<string | number | null> {
  const error = print.lastError;
  return [
    print.createdAt,
    print.updatedAt,
    print.terminalId,
    print.unknown?.subtype ?? print.subtype,
    print.externalReference,
    print.unknown?.status ?? print.status,
    print.attempts,
    print.actionId,
    error?.code ?? null,
    error?.status ?? null,
    error?.message ?? null,
    error?.at ?? null,
    print.reprintOf,
    print.contentBytes,
    print.id,
    print.madeBy?.personId ?? null,
    print.madeBy?.personName ?? null,
    print.madeBy?.approvedById ?? null,
    print.madeBy?.approvedByName ?? null,
  ];
}

/**
 * The prints as CSV: a header row, one row per print, CRLF after every row. UTF-8 with a byte-order
 * mark, without which common spreadsheets read the Spanish error messages as mojibake.
 */
export function printsCsv(prints: readonly PrintSummary[], language: Language = 'en'): string {
  return printsCsvWith(prints, language);
}

/** The same CSV with columns of the caller's before the print's (the whole store's counter). */
export function printsCsvWith<Print extends CsvPrint>(
  prints: readonly Print[],
  language: Language,
  leading: { header: readonly string[]; cells(print: Print): Array<string | null> } = { header: [], cells: () => [] },
): string {
  const rows = [csvRow([...leading.header, ...printCsvHeader(language)])];
  for (const print of prints) rows.push(csvRow([...leading.cells(print), ...printRow(print), ...readableCells(print, language)]));
  return `${BYTE_ORDER_MARK}${rows.join(ROW_END)}${ROW_END}`;
}
