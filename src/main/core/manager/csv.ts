import type { PrintSummary } from '../../../shared/ipc/channels/prints';

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
] as const;

function printRow(print: PrintSummary): Array<string | number | null> {
  const error = print.lastError;
  return [
    print.createdAt,
    print.updatedAt,
    print.terminalId,
    print.subtype,
    print.externalReference,
    print.status,
    print.attempts,
    print.actionId,
    error?.code ?? null,
    error?.status ?? null,
    error?.message ?? null,
    error?.at ?? null,
    print.reprintOf,
    print.contentBytes,
    print.id,
  ];
}

/**
 * The prints as CSV: a header row, one row per print, CRLF after every row. UTF-8 with a byte-order
 * mark, without which common spreadsheets read the Spanish error messages as mojibake.
 */
export function printsCsv(prints: readonly PrintSummary[]): string {
  const rows = [csvRow(PRINT_CSV_COLUMNS)];
  for (const print of prints) rows.push(csvRow(printRow(print)));
  return `${BYTE_ORDER_MARK}${rows.join(ROW_END)}${ROW_END}`;
}
