import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DTE_PROBLEMS, type DteProblemText } from '../i18n/dte-problems';
import { textOf, type TextParams, type TextRef } from '../i18n/text';
import { NORMAL_COLUMNS } from '../receipt';

/**
 * The electronic tax document (DTE) of a print action with subtype `invoice` (spec 2.3; 7.2
 * invalid_data_xml: "XML data does not comply with the invoice issuer's format"). The spec does not
 * show the format; the sandbox models the Chilean SII DTE, the document the platform's terminals print
 * with a PDF417 stamp. Pure TypeScript (fast-xml-parser runs in browsers), so the app can check an
 * invoice before sending it and the sandbox refuses exactly what the app would flag.
 *
 * Required (docs/sandbox/print-actions.md lists the same):
 *   DTE/Documento/Encabezado/IdDoc/{TipoDTE, Folio, FchEmis}
 *   DTE/Documento/Encabezado/Emisor/{RUTEmisor, RznSoc | RznSocEmisor}
 *   DTE/Documento/Encabezado/Receptor/RUTRecep
 *   DTE/Documento/Encabezado/Totales/MntTotal
 *   DTE/Documento/Detalle (1..60) each with NmbItem and MontoItem
 *   DTE/Documento/TED/DD/{RE, TD, F, FE, RR, MNT, IT1} and DTE/Documento/TED/FRMT,
 *   the stamp agreeing with the header (RE=RUTEmisor, TD=TipoDTE, F=Folio, FE=FchEmis, RR=RUTRecep, MNT=MntTotal).
 */

export interface DteProblem {
  /** Slash path of the element at fault, e.g. `DTE/Documento/Encabezado/IdDoc/Folio`, or `xml` for syntax. */
  element: string;
  /** In English, for the sandbox's 400 invalid_data_xml causes; a screen shows `text` in its own language. */
  description: string;
  /** The catalogue's text (src/shared/i18n/dte-problems.ts) and its values. */
  text: TextRef<DteProblemText>;
  /** Line of a syntax error, when the XML is not well formed. */
  line?: number;
}

function problem(element: string, key: DteProblemText, params: TextParams = {}, line?: number): DteProblem {
  return { element, description: textOf(DTE_PROBLEMS, key, 'en', params), text: { key, params }, ...(line === undefined ? {} : { line }) };
}

export interface DteItem {
  line: number;
  name: string;
  quantity?: number;
  unitPrice?: number;
  amount: number;
}

export interface DteSummary {
  documentType: number;
  documentName: string;
  folio: number;
  issueDate: string;
  issuer: { rut: string; name: string; activity?: string; address?: string; commune?: string };
  receiver: { rut: string; name?: string };
  items: DteItem[];
  totals: { net?: number; exempt?: number; vat?: number; total: number };
  /** The TED element as sent, whitespace between tags removed: the payload of the PDF417 stamp. */
  stamp: string;
}

export type DteReading = { ok: true; dte: DteSummary } | { ok: false; problems: DteProblem[] };

/** SII document types a terminal prints (TipoDTE). */
export const DTE_DOCUMENT_TYPES: Readonly<Record<number, string>> = {
  33: 'FACTURA ELECTRONICA',
  34: 'FACTURA NO AFECTA O EXENTA ELECTRONICA',
  39: 'BOLETA ELECTRONICA',
  41: 'BOLETA EXENTA ELECTRONICA',
  43: 'LIQUIDACION FACTURA ELECTRONICA',
  46: 'FACTURA DE COMPRA ELECTRONICA',
  52: 'GUIA DE DESPACHO ELECTRONICA',
  56: 'NOTA DE DEBITO ELECTRONICA',
  61: 'NOTA DE CREDITO ELECTRONICA',
  110: 'FACTURA DE EXPORTACION ELECTRONICA',
  111: 'NOTA DE DEBITO DE EXPORTACION ELECTRONICA',
  112: 'NOTA DE CREDITO DE EXPORTACION ELECTRONICA',
};

/** SII allows at most 60 detail lines per document. */
export const DTE_MAX_DETAIL_LINES = 60;

const RUT_PATTERN = /^(\d{1,8})-([\dK])$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const INTEGER_PATTERN = /^\d{1,18}$/;
const DECIMAL_PATTERN = /^\d{1,12}(?:\.\d{1,6})?$/;

/** The Chilean RUT check digit (modulo 11), which SII validates on every RUT of a DTE. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let index = body.length - 1; index >= 0; index--) {
    sum += Number(body[index]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'K' : String(digit);
}

export function isValidRut(rut: string): boolean {
  const match = RUT_PATTERN.exec(rut);
  return match !== null && match[1] !== undefined && rutCheckDigit(match[1]) === match[2];
}

function isValidDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const parser = new XMLParser({
  ignoreAttributes: true,
  // Values stay text: a folio "060" or an amount must be checked as written, not coerced.
  parseTagValue: false,
  trimValues: true,
  removeNSPrefix: true,
  isArray: (_name, jPath) => jPath === 'DTE.Documento.Detalle',
});

/** Reads the DTE, or lists every problem found (not just the first), so a fix can be made in one go. */
export function readDte(xml: string): DteReading {
  if (/<!DOCTYPE/i.test(xml)) {
    // A DTE has no DTD; refusing one rules out entity expansion attacks on the parser.
    return { ok: false, problems: [problem('xml', 'doctype')] };
  }
  // Any input at all must come back as a problem, never an exception: a throw here was a 500 from the
  // sandbox and a print retried for a day in front of every later print (spec 7.2 invalid_data_xml is
  // the answer).
  try {
    const validation = XMLValidator.validate(xml);
    if (validation !== true) {
      return { ok: false, problems: [problem('xml', 'not_well_formed', { detail: validation.err.msg }, validation.err.line)] };
    }
    const depth = nestingDepth(xml);
    if (depth > DTE_MAX_DEPTH) return { ok: false, problems: [problem('xml', 'too_deep', { max: DTE_MAX_DEPTH, depth })] };
    return readTree(xml, parser.parse(xml) as unknown);
  } catch (error) {
    return { ok: false, problems: [problem('xml', 'unreadable', { detail: error instanceof Error ? error.message : String(error) })] };
  }
}

/**
 * A DTE is about eight elements deep (DTE/Documento/TED/DD/CAF/DA/RSAPK/M); far deeper is no invoice,
 * and the parser gives up past 100 levels anyway (docs/decisions.md, §7.2 Invoices).
 */
export const DTE_MAX_DEPTH = 32;

/** The deepest nesting of elements in well-formed XML (comments, CDATA and declarations skipped). */
function nestingDepth(xml: string): number {
  const body = xml.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  let depth = 0;
  let deepest = 0;
  for (const match of body.matchAll(/<(\/?)[^\s>/!?][^>]*?(\/?)>/g)) {
    if (match[1] === '/') depth--;
    else if (match[2] !== '/') deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

function readTree(xml: string, root: unknown): DteReading {
  const problems: DteProblem[] = [];
  const reader = new Reader(problems);

  const dte = isNode(root) ? root['DTE'] : undefined;
  if (!isNode(dte)) {
    return { ok: false, problems: [problem('DTE', 'root')] };
  }
  const documento = reader.node(dte, 'DTE', 'Documento');
  const encabezado = reader.node(documento, 'DTE/Documento', 'Encabezado');
  const base = 'DTE/Documento/Encabezado';
  const idDoc = reader.node(encabezado, base, 'IdDoc');
  const emisor = reader.node(encabezado, base, 'Emisor');
  const receptor = reader.node(encabezado, base, 'Receptor');
  const totales = reader.node(encabezado, base, 'Totales');

  const documentType = reader.integer(idDoc, `${base}/IdDoc`, 'TipoDTE');
  if (documentType !== undefined && DTE_DOCUMENT_TYPES[documentType] === undefined) {
    problems.push(problem(`${base}/IdDoc/TipoDTE`, 'document_type', { value: documentType, types: Object.keys(DTE_DOCUMENT_TYPES).join(', ') }));
  }
  const folio = reader.integer(idDoc, `${base}/IdDoc`, 'Folio');
  if (folio === 0) problems.push(problem(`${base}/IdDoc/Folio`, 'folio'));
  const issueDate = reader.date(idDoc, `${base}/IdDoc`, 'FchEmis');

  const issuerRut = reader.rut(emisor, `${base}/Emisor`, 'RUTEmisor');
  const issuerName = reader.firstText(emisor, `${base}/Emisor`, ['RznSoc', 'RznSocEmisor']);
  const receiverRut = reader.rut(receptor, `${base}/Receptor`, 'RUTRecep');
  const total = reader.integer(totales, `${base}/Totales`, 'MntTotal');

  const items = reader.items(documento);
  const stampNode = reader.node(documento, 'DTE/Documento', 'TED');
  const dd = reader.node(stampNode, 'DTE/Documento/TED', 'DD');
  const ddPath = 'DTE/Documento/TED/DD';
  const agree = (tag: string, value: string | undefined, against: string | number | undefined, headerName: string): void => {
    if (value !== undefined && against !== undefined && value !== String(against)) {
      problems.push(problem(`${ddPath}/${tag}`, 'stamp_differs', { tag, value, header: headerName, expected: String(against) }));
    }
  };
  if (dd !== undefined) {
    agree('RE', reader.text(dd, ddPath, 'RE'), issuerRut, 'RUTEmisor');
    const td = reader.text(dd, ddPath, 'TD');
    agree('TD', td === undefined ? undefined : String(Number(td)), documentType, 'TipoDTE');
    const f = reader.text(dd, ddPath, 'F');
    agree('F', f === undefined ? undefined : String(Number(f)), folio, 'Folio');
    agree('FE', reader.text(dd, ddPath, 'FE'), issueDate, 'FchEmis');
    agree('RR', reader.text(dd, ddPath, 'RR'), receiverRut, 'RUTRecep');
    const mnt = reader.text(dd, ddPath, 'MNT');
    agree('MNT', mnt === undefined ? undefined : String(Number(mnt)), total, 'MntTotal');
    reader.text(dd, ddPath, 'IT1');
  }
  if (stampNode !== undefined) reader.text(stampNode, 'DTE/Documento/TED', 'FRMT');

  if (
    problems.length > 0 ||
    documentType === undefined ||
    folio === undefined ||
    issueDate === undefined ||
    issuerRut === undefined ||
    issuerName === undefined ||
    receiverRut === undefined ||
    total === undefined
  ) {
    return { ok: false, problems };
  }
  const stamp = extractStamp(xml);
  if (stamp === undefined) return { ok: false, problems: [problem('DTE/Documento/TED', 'stamp_missing')] };

  const optionalText = (node: Node | undefined, tag: string): string | undefined => {
    const value = node?.[tag];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const optionalInteger = (node: Node | undefined, tag: string): number | undefined => {
    const value = optionalText(node, tag);
    return value !== undefined && INTEGER_PATTERN.test(value) ? Number(value) : undefined;
  };
  return {
    ok: true,
    dte: {
      documentType,
      documentName: DTE_DOCUMENT_TYPES[documentType] ?? `DTE ${documentType}`,
      folio,
      issueDate,
      issuer: {
        rut: issuerRut,
        name: issuerName,
        activity: optionalText(emisor, 'GiroEmis') ?? optionalText(emisor, 'GiroEmisor'),
        address: optionalText(emisor, 'DirOrigen'),
        commune: optionalText(emisor, 'CmnaOrigen'),
      },
      receiver: { rut: receiverRut, name: optionalText(receptor, 'RznSocRecep') },
      items,
      totals: { net: optionalInteger(totales, 'MntNeto'), exempt: optionalInteger(totales, 'MntExe'), vat: optionalInteger(totales, 'IVA'), total },
      stamp,
    },
  };
}

/** Every problem of a DTE, empty when a terminal would print it. */
export function checkDteXml(xml: string): DteProblem[] {
  const reading = readDte(xml);
  return reading.ok ? [] : reading.problems;
}

/** The TED element as written (SII stamps the exact element, flattened), so not re-serialised from the parse. */
function extractStamp(xml: string): string | undefined {
  const match = /<(?:[\w.-]+:)?TED[\s>][\s\S]*?<\/(?:[\w.-]+:)?TED\s*>/.exec(xml);
  return match?.[0].replace(/>\s+</g, '><');
}

/** Walks the parsed tree, recording a problem for each missing or malformed element instead of stopping. */
class Reader {
  constructor(private readonly problems: DteProblem[]) {}

  private single(parent: Node | undefined, path: string, tag: string): unknown {
    if (parent === undefined) return undefined;
    const value = parent[tag];
    if (value === undefined) {
      this.problems.push(problem(`${path}/${tag}`, 'required', { tag }));
      return undefined;
    }
    if (Array.isArray(value)) {
      this.problems.push(problem(`${path}/${tag}`, 'once', { tag }));
      return undefined;
    }
    return value;
  }

  node(parent: Node | undefined, path: string, tag: string): Node | undefined {
    const value = this.single(parent, path, tag);
    if (value === undefined) return undefined;
    if (!isNode(value)) {
      this.problems.push(problem(`${path}/${tag}`, 'elements', { tag }));
      return undefined;
    }
    return value;
  }

  text(parent: Node | undefined, path: string, tag: string): string | undefined {
    const value = this.single(parent, path, tag);
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value === '') {
      this.problems.push(problem(`${path}/${tag}`, 'text', { tag }));
      return undefined;
    }
    return value;
  }

  firstText(parent: Node | undefined, path: string, tags: string[]): string | undefined {
    if (parent === undefined) return undefined;
    const tag = tags.find((candidate) => parent[candidate] !== undefined);
    if (tag === undefined) {
      this.problems.push(problem(`${path}/${tags.join('|')}`, 'one_of', { tags: tags.join(', ') }));
      return undefined;
    }
    return this.text(parent, path, tag);
  }

  integer(parent: Node | undefined, path: string, tag: string): number | undefined {
    const value = this.text(parent, path, tag);
    if (value === undefined) return undefined;
    if (!INTEGER_PATTERN.test(value)) {
      this.problems.push(problem(`${path}/${tag}`, 'integer', { tag, value }));
      return undefined;
    }
    return Number(value);
  }

  decimal(parent: Node, path: string, tag: string): number | undefined {
    if (parent[tag] === undefined) return undefined;
    const value = this.text(parent, path, tag);
    if (value === undefined) return undefined;
    if (!DECIMAL_PATTERN.test(value)) {
      this.problems.push(problem(`${path}/${tag}`, 'decimal', { tag, value }));
      return undefined;
    }
    return Number(value);
  }

  date(parent: Node | undefined, path: string, tag: string): string | undefined {
    const value = this.text(parent, path, tag);
    if (value === undefined) return undefined;
    if (!isValidDate(value)) {
      this.problems.push(problem(`${path}/${tag}`, 'date', { tag, value }));
      return undefined;
    }
    return value;
  }

  rut(parent: Node | undefined, path: string, tag: string): string | undefined {
    const value = this.text(parent, path, tag);
    if (value === undefined) return undefined;
    if (!isValidRut(value)) {
      this.problems.push(problem(`${path}/${tag}`, 'rut', { tag, value }));
      return undefined;
    }
    return value;
  }

  items(documento: Node | undefined): DteItem[] {
    if (documento === undefined) return [];
    const path = 'DTE/Documento/Detalle';
    const raw = documento['Detalle'];
    if (!Array.isArray(raw) || raw.length === 0) {
      this.problems.push(problem(path, 'no_detail'));
      return [];
    }
    if (raw.length > DTE_MAX_DETAIL_LINES) {
      this.problems.push(problem(path, 'too_many_details', { max: DTE_MAX_DETAIL_LINES, count: raw.length }));
    }
    const items: DteItem[] = [];
    raw.forEach((entry: unknown, index) => {
      const linePath = `${path}[${index + 1}]`;
      if (!isNode(entry)) {
        this.problems.push(problem(linePath, 'elements', { tag: 'Detalle' }));
        return;
      }
      const name = this.text(entry, linePath, 'NmbItem');
      const amount = this.integer(entry, linePath, 'MontoItem');
      const quantity = this.decimal(entry, linePath, 'QtyItem');
      const unitPrice = this.decimal(entry, linePath, 'PrcItem');
      const declaredLine = typeof entry['NroLinDet'] === 'string' && INTEGER_PATTERN.test(entry['NroLinDet']) ? Number(entry['NroLinDet']) : index + 1;
      if (name !== undefined && amount !== undefined) items.push({ line: declaredLine, name, quantity, unitPrice, amount });
    });
    return items;
  }
}

/** Chilean peso amounts as printed: no decimals, "." between thousands. */
function formatPesos(amount: number): string {
  return `$${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** RUT as printed on a receipt: 76.123.456-0. */
function formatRut(rut: string): string {
  const [body = '', digit = ''] = rut.split('-');
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${digit}`;
}

/** Text from the XML must not be read as a tag by the receipt language. */
function literal(text: string): string {
  return text
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .replace(/[\r\n]+/g, ' ');
}

/** A label and an amount on one line, the amount flush right, as a receipt prints totals. */
function amountLine(label: string, amount: string, columns: number): string {
  const gap = columns - label.length - amount.length;
  return gap >= 1 ? `${label}${' '.repeat(gap)}${amount}` : `${label} ${amount}`;
}

/**
 * The printed form of a DTE in the terminal's custom-content language: issuer, document and folio,
 * receiver, items, totals, then the TED as a PDF417 stamp (the "Timbre Electrónico" SII requires on
 * every printed DTE). The virtual terminal prints it; the app can preview it with the same renderer.
 */
export function dteReceiptContent(dte: DteSummary, columns: number = NORMAL_COLUMNS): string {
  const rule = '-'.repeat(columns);
  const parts: string[] = [
    `{center}{b}${literal(dte.issuer.name)}{/b}{br}`,
    `R.U.T.: ${formatRut(dte.issuer.rut)}{br}`,
    `{b}${dte.documentName}{/b}{br}`,
    `{w}N° ${dte.folio}{/w}{/center}{br}`,
  ];
  const issuerLines = [dte.issuer.activity, [dte.issuer.address, dte.issuer.commune].filter((part) => part !== undefined).join(', ')].filter(
    (line): line is string => line !== undefined && line !== '',
  );
  if (issuerLines.length > 0) parts.push(`{s}${issuerLines.map(literal).join('{br}')}{/s}{br}`);
  parts.push(`Fecha: ${dte.issueDate}{br}`);
  if (dte.receiver.name !== undefined) parts.push(`Cliente: ${literal(dte.receiver.name)}{br}`);
  parts.push(`RUT: ${formatRut(dte.receiver.rut)}{br}`, `${rule}{br}`);
  for (const item of dte.items) {
    parts.push(`${literal(item.name)}{br}`);
    const detail = item.quantity !== undefined && item.unitPrice !== undefined ? `  ${item.quantity} x ${formatPesos(item.unitPrice)}` : '';
    parts.push(`${amountLine(detail, formatPesos(item.amount), columns)}{br}`);
  }
  parts.push(`${rule}{br}`);
  if (dte.totals.net !== undefined) parts.push(`${amountLine('NETO', formatPesos(dte.totals.net), columns)}{br}`);
  if (dte.totals.exempt !== undefined) parts.push(`${amountLine('EXENTO', formatPesos(dte.totals.exempt), columns)}{br}`);
  if (dte.totals.vat !== undefined) parts.push(`${amountLine('IVA', formatPesos(dte.totals.vat), columns)}{br}`);
  parts.push(`{b}${amountLine('TOTAL', formatPesos(dte.totals.total), columns)}{/b}{br}`);
  parts.push(`{center}{pdf417}${dte.stamp}{/pdf417}{br}{s}Timbre Electronico SII{br}Verifique documento: www.sii.cl{/s}{/center}`);
  return parts.join('');
}
