import type { Language } from '../../../shared/ipc/channels/app';
import { TENDERS, type ShiftReport, type Totals } from '../../../shared/ipc/channels/day';
import { CASH_DIFFERENCE_WORDS, REPORT_TEXTS, TENDER_NAMES } from '../../../shared/i18n/day';
import { textOf } from '../../../shared/i18n/text';
import { formatMoneyCents } from '../../../shared/money/format';
import { amountOfCents } from '../../../shared/money/amounts';
import { cashDifference } from '../../../shared/money/cash-difference';
import { CUSTOM_CONTENT_MAX_LENGTH, NORMAL_COLUMNS } from '../../../shared/receipt/constants';

/** How many terminals or people a paper lists one by one; the CSV and the page list them all. */
const PAPER_GROUP_LIMIT = 8;

type Word = keyof typeof REPORT_TEXTS;
const word = (key: Word, language: Language): string => textOf(REPORT_TEXTS, key, language);

/** Names on paper are one plain line: braces would become tags. */
const plain = (text: string): string => text.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();

/** "Label ......... 1.234,50" in the paper's 32 columns; a long label is cut, never the amount. */
function row(label: string, value: string): string {
  const room = Math.max(1, NORMAL_COLUMNS - value.length - 1);
  const cut = plain(label).slice(0, room);
  return `${cut}${' '.repeat(NORMAL_COLUMNS - cut.length - value.length)}${value}{br}`;
}

const localTime = (iso: string | null): string => (iso === null ? '-' : iso.replace('T', ' ').slice(0, 16));

function totalsRows(label: string, totals: Totals, language: Language, currency: string | null): string {
  const money = (cents: number): string => formatMoneyCents(cents, language, currency);
  return (
    row(`${label} (${totals.count})`, money(totals.netCents)) +
    (totals.refundCents > 0 ? row(`  ${word('refunds', language)}`, `-${money(totals.refundCents)}`) : '')
  );
}

/** A store's Z is a Z with no number of its own (the sum of its counters' numbered Zs). */
const isStoreZ = (report: ShiftReport): boolean => report.kind === 'Z' && report.number === null;

function titleOf(report: ShiftReport, language: Language): string {
  if (isStoreZ(report)) return word('storeZTitle', language);
  return report.kind === 'Z' ? `${word('zTitle', language)} ${word('number', language)} ${report.number ?? ''}` : word('xTitle', language);
}

/**
 * The X or Z report as it prints on a terminal (the custom print's markup, 32 columns), in the receipt
 * language. A Z keeps this text: a reprint prints it again, word for word.
 */
export function reportPaper(report: ShiftReport, language: Language, currency: string | null, terminalName: (id: string) => string = (id) => id): string {
  const money = (cents: number): string => formatMoneyCents(cents, language, currency);
  const rule = '-'.repeat(NORMAL_COLUMNS) + '{br}';
  const title = titleOf(report, language);
  const person = report.shift.personName ?? report.shift.personId ?? word('nobody', language);
  const groupName = (name: string, empty: Word): string => (name === '' ? word(empty, language) : name);
  let text = `{center}{b}${plain(title)}{/b}{br}{/center}`;
  text += row(word(isStoreZ(report) ? 'store' : 'counter', language), plain(report.shift.counterId).slice(0, 20));
  if (!isStoreZ(report)) text += row(word('person', language), plain(person).slice(0, 20));
  text += row(word('opened', language), localTime(report.shift.openedAt));
  text += row(word('closed', language), localTime(report.until));
  text += rule + `{b}${word('tenders', language)}{/b}{br}`;
  for (const tender of TENDERS) text += totalsRows(textOf(TENDER_NAMES, tender, language), report.byTender[tender], language, currency);
  text += rule + `{b}${word('terminals', language)}{/b}{br}`;
  for (const group of report.byTerminal.slice(0, PAPER_GROUP_LIMIT))
    text += totalsRows(group.terminalId === '' ? word('noTerminal', language) : terminalName(group.terminalId), group, language, currency);
  text += rule + `{b}${word('people', language)}{/b}{br}`;
  for (const group of report.byPerson.slice(0, PAPER_GROUP_LIMIT)) text += totalsRows(groupName(group.person, 'nobody'), group, language, currency);
  text += rule;
  text += row(word('sales', language), `${report.total.count}`);
  text += row(`${word('refunds', language)} (${report.refunds.count})`, `-${money(report.refunds.cents)}`);
  text += row(word('cancels', language), `${report.cancels.count}`);
  text += `{b}${row(word('total', language), money(report.total.netCents))}{/b}`;
  if (report.shift.floatCents !== null) text += row(word('float', language), money(report.shift.floatCents));
  if (report.expectedCashCents !== null) text += row(word('expectedCash', language), money(report.expectedCashCents));
  if (report.shift.countedCashCents !== null) text += row(word('countedCash', language), money(report.shift.countedCashCents));
  const cash = cashDifference(report.expectedCashCents, report.shift.countedCashCents);
  if (cash !== null) text += `{b}${row(word(CASH_DIFFERENCE_WORDS[cash.kind], language), money(Math.abs(cash.differenceCents)))}{/b}`;
  text += rule;
  text += row(word('printsMade', language), `${report.prints.made}`) + row(word('printsFailed', language), `${report.prints.failed}`);
  text += row(word('firstSale', language), localTime(report.firstSaleAt)) + row(word('lastSale', language), localTime(report.lastSaleAt));
  if (report.kind === 'Z') text += `{s}${word('final', language)}{/s}{br}`;
  return text.slice(0, CUSTOM_CONTENT_MAX_LENGTH);
}

/** A reprint of a Z: its stored paper word for word, under a REPRINT line. */
export function reprintPaper(stored: string, language: Language): string {
  return `{center}{b}${word('reprint', language)}{/b}{br}{/center}${stored}`.slice(0, CUSTOM_CONTENT_MAX_LENGTH);
}

const csvCell = (value: string | number): string => {
  const text = String(value);
  // A leading = + - @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The report as CSV: one row per total, amounts as the platform's decimal strings (machine-readable, any locale). */
export function reportCsv(report: ShiftReport): string {
  const rows: Array<Array<string | number>> = [['section', 'key', 'count', 'gross', 'refunds', 'net']];
  const line = (section: string, key: string, totals: Totals): void => {
    rows.push([section, key, totals.count, amountOfCents(totals.grossCents), amountOfCents(totals.refundCents), signed(totals.netCents)]);
  };
  line('total', '', report.total);
  for (const tender of TENDERS) line('tender', tender, report.byTender[tender]);
  for (const group of report.byTerminal) line('terminal', group.terminalId, group);
  for (const group of report.byPerson) line('person', group.person, group);
  rows.push(['refunds', '', report.refunds.count, '', amountOfCents(report.refunds.cents), '']);
  rows.push(['cancels', '', report.cancels.count, '', '', '']);
  rows.push(['prints', 'made', report.prints.made, '', '', ''], ['prints', 'failed', report.prints.failed, '', '', '']);
  rows.push(['shift', 'opened', report.shift.openedAt, '', '', ''], ['shift', 'until', report.until, '', '', '']);
  rows.push(['sales', 'first', report.firstSaleAt ?? '', '', '', ''], ['sales', 'last', report.lastSaleAt ?? '', '', '', '']);
  if (report.expectedCashCents !== null) rows.push(['cash', 'expected', '', '', '', signed(report.expectedCashCents)]);
  const cash = cashDifference(report.expectedCashCents, report.shift.countedCashCents);
  if (cash !== null) rows.push(['cash', 'counted', '', '', '', signed(cash.countedCents)], ['cash', cash.kind, '', '', '', signed(cash.differenceCents)]);
  return rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function cashLine(report: ShiftReport, language: Language, money: (cents: number) => string): string {
  const cash = cashDifference(report.expectedCashCents, report.shift.countedCashCents);
  if (cash === null) return '';
  const counted = `${escapeHtml(word('countedCash', language))}: ${money(cash.countedCents)}`;
  return `<p>${counted} · <b>${escapeHtml(word(CASH_DIFFERENCE_WORDS[cash.kind], language))}: ${money(Math.abs(cash.differenceCents))}</b></p>`;
}

const signed = (cents: number): string => (cents < 0 ? `-${amountOfCents(-cents)}` : amountOfCents(cents));

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

/** The report as a printable page (A4 or letter): a self-contained HTML document with no script. */
export function reportPage(report: ShiftReport, language: Language, currency: string | null): string {
  const money = (cents: number): string => escapeHtml(formatMoneyCents(cents, language, currency));
  const table = (title: string, rows: Array<[string, Totals]>): string =>
    `<h2>${escapeHtml(title)}</h2><table><tr><th></th><th>#</th><th>${escapeHtml(word('sales', language))}</th><th>${escapeHtml(word('refunds', language))}</th><th>${escapeHtml(word('net', language))}</th></tr>` +
    rows
      .map(
        ([name, totals]) =>
          `<tr><td>${escapeHtml(name)}</td><td>${totals.count}</td><td>${money(totals.grossCents)}</td><td>${money(totals.refundCents)}</td><td>${money(totals.netCents)}</td></tr>`,
      )
      .join('') +
    '</table>';
  const title = titleOf(report, language);
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>`,
    '<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:1em}td,th{border:1px solid #999;padding:4px 8px;text-align:right}td:first-child{text-align:left}</style></head><body>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(word('counter', language))}: ${escapeHtml(report.shift.counterId)} · ${escapeHtml(word('person', language))}: ${escapeHtml(report.shift.personName ?? report.shift.personId ?? word('nobody', language))}</p>`,
    `<p>${escapeHtml(word('opened', language))}: ${escapeHtml(report.shift.openedAt)} · ${escapeHtml(word('closed', language))}: ${escapeHtml(report.until)}</p>`,
    table(
      word('tenders', language),
      TENDERS.map((tender) => [textOf(TENDER_NAMES, tender, language), report.byTender[tender]]),
    ),
    table(
      word('terminals', language),
      report.byTerminal.map((group) => [group.terminalId || word('noTerminal', language), group]),
    ),
    table(
      word('people', language),
      report.byPerson.map((group) => [group.person || word('nobody', language), group]),
    ),
    `<p><b>${escapeHtml(word('total', language))}: ${money(report.total.netCents)}</b> · ${escapeHtml(word('cancels', language))}: ${report.cancels.count} · ${escapeHtml(word('printsMade', language))}: ${report.prints.made} · ${escapeHtml(word('printsFailed', language))}: ${report.prints.failed}</p>`,
    report.expectedCashCents === null ? '' : `<p>${escapeHtml(word('expectedCash', language))}: ${money(report.expectedCashCents)}</p>`,
    cashLine(report, language, money),
    report.kind === 'Z' ? `<p>${escapeHtml(word('final', language))}</p>` : '',
    '</body></html>',
  ].join('\n');
}
