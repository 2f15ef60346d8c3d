import type { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import { TENDERS, type CounterSale, type Shift, type ShiftReport, type Tender, type Totals } from '../../../shared/ipc/channels/day';
import { centsOfAmount } from '../../../shared/money/amounts';
import type { TerminalSaleFacts } from '../history/day-sources';

/** What a shift's report is computed from: everything the counter recorded in the shift's window. */
export interface ReportSources {
  terminalSales: readonly TerminalSaleFacts[];
  checkoutSales: readonly CheckoutSale[];
  counterSales: readonly CounterSale[];
  prints: { made: number; failed: number };
}

/** One sale or refund as the report counts it, whatever its tender. */
export interface Entry {
  tender: Tender;
  terminalId: string;
  person: string;
  at: string;
  grossCents: number;
  refundCents: number;
  refunds: number;
  /** A refund alone (cash handed back) adds no sale to the count. */
  isSale: boolean;
}

/** The checkout's amounts are the platform's numbers ("24.5"): to cents exactly once, here. */
const centsOfNumber = (amount: number): number => Math.round(amount * 100);

/** The sales a terminal order counts for: charged (and maybe refunded since). */
const CHARGED_SALE = new Set(['processed', 'refunded']);

export function personOf(shift: Pick<Shift, 'personId' | 'personName'>): string {
  return shift.personName ?? shift.personId ?? '';
}

/** Every sale and refund of the sources, as entries; cancels counted apart. */
export function entriesOf(shift: Shift, sources: ReportSources): { entries: Entry[]; cancels: number } {
  const person = personOf(shift);
  const entries: Entry[] = [];
  let cancels = 0;
  for (const sale of sources.terminalSales) {
    if (sale.status === 'canceled') cancels++;
    if (!CHARGED_SALE.has(sale.status)) continue;
    const grossCents = centsOfAmount(sale.amount);
    const refunded = centsOfAmount(sale.refundedAmount);
    // A refund the platform reported on the order without Counter's own record of its amount is the whole sale.
    const refundCents = sale.status === 'refunded' && refunded === 0 ? grossCents : refunded;
    const refunds = refundCents > 0 ? Math.max(1, sale.refunds) : 0;
    entries.push({ tender: 'card', terminalId: sale.terminalId, person, at: sale.createdAt, grossCents, refundCents, refunds, isSale: true });
  }
  for (const sale of sources.checkoutSales) {
    if (sale.status === 'cancelled') cancels++;
    for (const payment of sale.payments) {
      if (payment.status !== 'approved' && payment.status !== 'refunded') continue;
      const grossCents = centsOfNumber(payment.amount);
      const refundCents = payment.status === 'refunded' ? grossCents : 0;
      entries.push({ tender: 'link', terminalId: '', person, at: sale.createdAt, grossCents, refundCents, refunds: refundCents > 0 ? 1 : 0, isSale: true });
    }
  }
  for (const sale of sources.counterSales) {
    const refund = sale.kind === 'refund';
    entries.push({
      tender: sale.tender,
      terminalId: '',
      person: sale.personName ?? sale.personId ?? person,
      at: sale.at,
      grossCents: refund ? 0 : sale.amountCents,
      refundCents: refund ? sale.amountCents : 0,
      refunds: refund ? 1 : 0,
      isSale: !refund,
    });
  }
  return { entries, cancels };
}

const zero = (): Totals => ({ count: 0, grossCents: 0, refundCents: 0, netCents: 0 });

function add(totals: Totals, entry: Entry): void {
  if (entry.isSale) totals.count++;
  totals.grossCents += entry.grossCents;
  totals.refundCents += entry.refundCents;
  totals.netCents = totals.grossCents - totals.refundCents;
}

function grouped<K extends string>(entries: readonly Entry[], keyOf: (entry: Entry) => string, name: K): Array<Totals & Record<K, string>> {
  const groups = new Map<string, Totals>();
  for (const entry of entries) {
    const key = keyOf(entry);
    const totals = groups.get(key) ?? zero();
    add(totals, entry);
    groups.set(key, totals);
  }
  return [...groups.entries()]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([key, totals]) => ({ ...totals, [name]: key }) as Totals & Record<K, string>);
}

/**
 * THE report of a shift, X and Z alike: the two are one computation over the same sources, so they can
 * never drift. An X is computed up to its moment and kept nowhere; a Z is the same at the close, stored.
 */
export function shiftReport(
  kind: 'X' | 'Z',
  shift: Shift,
  sources: ReportSources,
  moment: { until: string; generatedAt: string; number: number | null },
): ShiftReport {
  const { entries, cancels } = entriesOf(shift, sources);
  const total = zero();
  const byTender = Object.fromEntries(TENDERS.map((tender) => [tender, zero()])) as Record<Tender, Totals>;
  let refunds = 0;
  let first: string | null = null;
  let last: string | null = null;
  for (const entry of entries) {
    add(total, entry);
    add(byTender[entry.tender], entry);
    refunds += entry.refunds;
    if (!entry.isSale) continue;
    if (first === null || entry.at < first) first = entry.at;
    if (last === null || entry.at > last) last = entry.at;
  }
  const cash = byTender.cash;
  const tookCash = cash.grossCents > 0 || cash.refundCents > 0;
  return {
    kind,
    number: kind === 'Z' ? moment.number : null,
    shift,
    generatedAt: moment.generatedAt,
    until: moment.until,
    total,
    byTender,
    byTerminal: grouped(entries, (entry) => entry.terminalId, 'terminalId'),
    byPerson: grouped(entries, (entry) => entry.person, 'person'),
    refunds: { count: refunds, cents: total.refundCents },
    cancels: { count: cancels },
    prints: sources.prints,
    firstSaleAt: first,
    lastSaleAt: last,
    expectedCashCents: shift.floatCents === null && !tookCash ? null : (shift.floatCents ?? 0) + cash.netCents,
  };
}

/** Totals added up: the store's figures are its counters' Zs summed, never recomputed from their sales. */
function sum(list: readonly Totals[]): Totals {
  const total = zero();
  for (const totals of list) {
    total.count += totals.count;
    total.grossCents += totals.grossCents;
    total.refundCents += totals.refundCents;
  }
  total.netCents = total.grossCents - total.refundCents;
  return total;
}

function summedBy<K extends string>(groups: ReadonlyArray<Totals & Record<K, string>>, name: K): Array<Totals & Record<K, string>> {
  const byKey = new Map<string, Totals[]>();
  for (const group of groups) byKey.set(group[name], [...(byKey.get(group[name]) ?? []), group]);
  return [...byKey.entries()]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([key, list]) => ({ ...sum(list), [name]: key }) as Totals & Record<K, string>);
}

const sumOrNull = (values: ReadonlyArray<number | null>): number | null =>
  values.every((value) => value === null) ? null : values.reduce<number>((total, value) => total + (value ?? 0), 0);

/**
 * The store's Z: the same report, over the store's rows (each counter's Z of the day) instead of one
 * counter's sales, so the store's paper, page and screen are the shift's own. Unnumbered (it is a sum of
 * numbered Zs, each final); the counted cash is the sum only when every Z that expected cash counted it.
 */
export function storeDayReport(zs: readonly ShiftReport[], window: { storeName: string; from: string; until: string; generatedAt: string }): ShiftReport {
  const counted = zs.every((z) => z.expectedCashCents === null || z.shift.countedCashCents !== null);
  const first = zs.flatMap((z) => z.firstSaleAt ?? []).sort()[0] ?? null;
  const last =
    zs
      .flatMap((z) => z.lastSaleAt ?? [])
      .sort()
      .at(-1) ?? null;
  const shift: Shift = {
    id: `store-day-${window.from}`,
    counterId: window.storeName,
    status: 'closed',
    personId: null,
    personName: null,
    openedAt: window.from,
    closedAt: window.until,
    floatCents: sumOrNull(zs.map((z) => z.shift.floatCents)),
    countedCashCents: counted ? sumOrNull(zs.map((z) => z.shift.countedCashCents)) : null,
    zNumber: null,
  };
  return {
    kind: 'Z',
    number: null,
    shift,
    generatedAt: window.generatedAt,
    until: window.until,
    total: sum(zs.map((z) => z.total)),
    byTender: Object.fromEntries(TENDERS.map((tender) => [tender, sum(zs.map((z) => z.byTender[tender]))])) as Record<Tender, Totals>,
    byTerminal: summedBy(
      zs.flatMap((z) => z.byTerminal),
      'terminalId',
    ),
    byPerson: summedBy(
      zs.flatMap((z) => z.byPerson),
      'person',
    ),
    refunds: { count: zs.reduce((total, z) => total + z.refunds.count, 0), cents: zs.reduce((total, z) => total + z.refunds.cents, 0) },
    cancels: { count: zs.reduce((total, z) => total + z.cancels.count, 0) },
    prints: { made: zs.reduce((total, z) => total + z.prints.made, 0), failed: zs.reduce((total, z) => total + z.prints.failed, 0) },
    firstSaleAt: first,
    lastSaleAt: last,
    expectedCashCents: sumOrNull(zs.map((z) => z.expectedCashCents)),
  };
}
