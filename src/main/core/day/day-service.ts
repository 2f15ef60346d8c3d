import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../shared/clock';
import type { Environment, Language } from '../../../shared/ipc/channels/app';
import type {
  CounterSale,
  DayStatus,
  Difference,
  Explanation,
  Reconciliation,
  Shift,
  ShiftReport,
  StoreDay,
  StoreShift,
  StoreZ,
  ZReport,
} from '../../../shared/ipc/channels/day';
import { cashDifference } from '../../../shared/money/cash-difference';
import { createLifecycleWriter } from '../../../shared/lifecycle/kit';
import { SHIFT_LIFECYCLE } from '../../../shared/lifecycle/shift';
import type { DaySources } from '../history/day-sources';
import { ShiftAlreadyOpenError, type ShiftBook } from '../history/shifts';
import { DayError } from './errors';
import { reportCsv, reportPage, reportPaper, reprintPaper } from './paper';
import { platformInWindow, type PaymentReader } from './platform-payments';
import { knownSales, reconcile } from './reconcile';
import { shiftReport, storeDayReport, type ReportSources } from './report';

/** The history the day works in: the current environment's, once open. */
export interface DayHistory {
  book: ShiftBook;
  sources: DaySources;
}

export interface DayServiceOptions {
  clock: Clock;
  /** Resolves with the current environment's history, or rejects when it cannot open. */
  history(): Promise<DayHistory | undefined>;
  /** Which counter this is (the store database's counter id when there is one). */
  counterId(): string;
  /** The receipt language: the Z prints in it. */
  language(): Language;
  /** The store's currency when Counter knows it. */
  currency(): string | null;
  /** Enqueues a custom print on a terminal; resolves with the print's id. */
  print(request: { terminalId: string; content: string; externalReference: string }): Promise<string>;
  /** The platform's payment search, paced to its rate limit. */
  payments(): PaymentReader;
  /** Minutes east of UTC at a moment (the counter's local day starts at its midnight). */
  utcOffsetMinutes?(ms: number): number;
  /** A payment made this long after the close may still be one of the shift's sales (the answer on its way). */
  graceMs?: number;
  /** Who is signed in at the counter: the shift's person, the sale's, the note's, whatever the call names. */
  signedIn?(): { id: string; name: string } | undefined;
  /** The whole store's shifts and Zs of a window, when a store database is on; undefined otherwise. */
  store?(): StoreDayReader | undefined;
  /** A terminal as the cashier knows it (its point of sale's name, "CAJA01"), for the paper; its id when unknown. */
  terminalName?(id: string): string;
  /** The shift is closed with its Z: the counter's day is over (the update policy may install a waiting update). */
  closedDay?(): Promise<unknown>;
}

/** Reads the store database's day (store/day-reads.ts), kept structural so the day does not depend on the store area. */
export interface StoreDayReader {
  read(window: { from: string; until: string }): Promise<{ storeName: string; environment: Environment; shifts: StoreShift[]; zReports: StoreZ[] }>;
}

export type PersonInput = { personId: string | null; personName: string | null };

const DEFAULT_GRACE_MS = 5 * 60_000;
const iso = (ms: number): string => new Date(ms).toISOString();

/** What every call of the day shares: the history, the shift lookups, the report's sources, the Z's printing. */
function dayContext(options: DayServiceOptions) {
  const { clock } = options;
  const offset = options.utcOffsetMinutes ?? ((ms: number) => -new Date(ms).getTimezoneOffset());
  const localDay = (ms: number): number => Math.floor((ms + offset(ms) * 60_000) / 86_400_000);

  async function history(): Promise<DayHistory> {
    const opened = await options.history().catch(() => undefined);
    if (opened === undefined) throw new DayError('day_unavailable');
    return opened;
  }
  function shiftOf(book: ShiftBook, id: string): Shift {
    const shift = book.get(id);
    if (shift === undefined) throw new DayError('shift_not_found');
    return shift;
  }
  function sourcesOf({ book, sources }: DayHistory, shift: Shift, until: number): ReportSources {
    const from = Date.parse(shift.openedAt);
    return {
      terminalSales: sources.terminalSales(from, until),
      checkoutSales: sources.checkoutSales(from, until),
      counterSales: book.counterSales(shift.id).filter((sale) => Date.parse(sale.at) <= until),
      prints: sources.prints(from, until),
    };
  }
  function closer(book: ShiftBook) {
    return createLifecycleWriter(SHIFT_LIFECYCLE, {
      read: (id: string) => book.get(id),
      statusOf: (shift) => shift.status,
      commit: (shift, move, extra: CloseExtra) => {
        const closed: Shift = { ...shift, status: move.to, closedAt: iso(extra.closedAt), countedCashCents: extra.countedCashCents };
        return book.close(closed, (number) => {
          const report = extra.report({ ...closed, zNumber: number }, number);
          return {
            shiftId: shift.id,
            createdAt: iso(extra.closedAt),
            report,
            paper: reportPaper(report, options.language(), options.currency(), options.terminalName),
            printIds: [],
          };
        });
      },
    });
  }
  async function printZ(book: ShiftBook, z: ZReport, terminalId: string, reprint: boolean): Promise<ZReport> {
    // A reprint is the stored paper: the same figures whatever has changed since, only marked as a reprint.
    const content = reprint ? reprintPaper(z.paper, options.language()) : z.paper;
    const printId = await options.print({ terminalId, content, externalReference: `z-${z.number}-${z.printIds.length + 1}` });
    return book.addZPrint(z.number, printId) ?? z;
  }
  /** The signed-in person when staff is set up; the call's own name only where nobody signs in (tests, tools). */
  function personOf(request: PersonInput): PersonInput {
    const person = options.signedIn?.();
    return person === undefined ? { personId: request.personId, personName: request.personName } : { personId: person.id, personName: person.name };
  }
  /** The counter's local day around a moment: its midnight and the next, as ISO instants. */
  function dayWindow(ms: number): { from: string; until: string } {
    const start = localDay(ms) * 86_400_000 - offset(ms) * 60_000;
    return { from: iso(start), until: iso(start + 86_400_000) };
  }
  return { options, clock, localDay, dayWindow, history, shiftOf, sourcesOf, closer, printZ, personOf };
}

/** What the close writes with the move: its moment, the counted cash, and the Z's report once its number is known. */
interface CloseExtra {
  closedAt: number;
  countedCashCents: number | null;
  report: (closed: Shift, number: number) => ShiftReport;
}

type DayContext = ReturnType<typeof dayContext>;

function shiftCalls({ options, clock, localDay, history, shiftOf, personOf }: DayContext) {
  return {
    async status(): Promise<DayStatus> {
      const { book } = await history();
      const shift = book.current(options.counterId()) ?? null;
      const openOverMidnight = shift !== null && localDay(Date.parse(shift.openedAt)) < localDay(clock.now());
      return { counterId: options.counterId(), currency: options.currency(), shift, openOverMidnight, recent: book.recent(10) };
    },
    async open(request: PersonInput & { floatCents: number | null }): Promise<Shift> {
      const { book } = await history();
      const shift: Shift = {
        id: `shift-${randomUUID()}`,
        counterId: options.counterId(),
        status: 'open',
        floatCents: request.floatCents,
        ...personOf(request),
        openedAt: iso(clock.now()),
        closedAt: null,
        countedCashCents: null,
        zNumber: null,
      };
      try {
        book.open(shift);
      } catch (error) {
        if (error instanceof ShiftAlreadyOpenError) throw new DayError('shift_already_open');
        throw error;
      }
      return shift;
    },
    async recordSale(
      request: PersonInput & { shiftId: string; tender: 'cash' | 'other'; kind: 'sale' | 'refund'; amountCents: number; note: string | null },
    ): Promise<CounterSale> {
      const { book } = await history();
      const shift = shiftOf(book, request.shiftId);
      if (shift.status !== 'open') throw new DayError('shift_not_open');
      const sale: CounterSale = { id: `cash-${randomUUID()}`, ...request, ...personOf(request), at: iso(clock.now()) };
      book.addCounterSale(sale);
      return sale;
    },
  };
}

function reportCalls({ options, clock, history, shiftOf, sourcesOf, closer, printZ }: DayContext) {
  return {
    /** The X report: read-only, computed now, kept nowhere. */
    async x(shiftId: string): Promise<ShiftReport> {
      const opened = await history();
      const shift = shiftOf(opened.book, shiftId);
      if (shift.status !== 'open') return (opened.book.zOfShift(shift.id) ?? missingZ()).report;
      const now = clock.now();
      return shiftReport('X', shift, sourcesOf(opened, shift, now), { until: iso(now), generatedAt: iso(now), number: null });
    },
    /** Closes the shift with its Z report (numbered, stored), then prints it when given a terminal. */
    async close(request: { shiftId: string; countedCashCents: number | null; terminalId: string | null }): Promise<ZReport> {
      const opened = await history();
      const shift = shiftOf(opened.book, request.shiftId);
      const now = clock.now();
      const sources = sourcesOf(opened, shift, now);
      const written = closer(opened.book).move(shift.id, 'close', 'closed', {
        closedAt: now,
        countedCashCents: request.countedCashCents,
        report: (closed, number) => shiftReport('Z', closed, sources, { until: iso(now), generatedAt: iso(now), number }),
      });
      if (!written.ok) throw new DayError('shift_not_open');
      const z = request.terminalId === null ? written.written : await printZ(opened.book, written.written, request.terminalId, false);
      // Not awaited: an install waits for the counter to be idle (the Z just queued prints first) and may quit the app.
      void options.closedDay?.().catch(() => undefined);
      return z;
    },
    async zReports(): Promise<ZReport[]> {
      return (await history()).book.zReports(50);
    },
    async reprint(number: number, terminalId: string): Promise<ZReport> {
      const { book } = await history();
      return printZ(book, book.z(number) ?? missingZ(), terminalId, true);
    },
    async exportZ(number: number, format: 'csv' | 'html'): Promise<{ fileName: string; mimeType: string; text: string }> {
      const z = (await history()).book.z(number) ?? missingZ();
      if (format === 'csv') return { fileName: `z-report-${number}.csv`, mimeType: 'text/csv', text: reportCsv(z.report) };
      return { fileName: `z-report-${number}.html`, mimeType: 'text/html', text: reportPage(z.report, options.language(), options.currency()) };
    },
  };
}

function reconcileCalls({ options, clock, history, shiftOf, personOf }: DayContext) {
  return {
    async reconcile(shiftId: string): Promise<Reconciliation> {
      const opened = await history();
      const shift = shiftOf(opened.book, shiftId);
      const until = shift.closedAt === null ? clock.now() : Date.parse(shift.closedAt);
      const from = Date.parse(shift.openedAt);
      const known = knownSales(opened.sources.terminalSales(from, until), opened.sources.checkoutSales(from, until));
      const read = await platformInWindow(options.payments(), shift.openedAt, iso(until + (options.graceMs ?? DEFAULT_GRACE_MS)));
      const notes = notesByKey(opened.book, shift.id);
      const result = reconcile(known, read.payments, { until: iso(until), notes });
      const z = shift.status === 'closed' ? opened.book.zOfShift(shift.id) : undefined;
      const cash = z === undefined ? null : cashDifference(z.report.expectedCashCents, z.report.shift.countedCashCents);
      return { shiftId, from: shift.openedAt, until: iso(until), checkedAt: iso(clock.now()), pages: read.pages, ...result, cash };
    },
    /** Marks a difference explained: the note is kept beside every earlier one, never replaced. */
    async explain(request: PersonInput & { shiftId: string; key: string; note: string }): Promise<Explanation> {
      const { book } = await history();
      shiftOf(book, request.shiftId);
      const note = { note: request.note, ...personOf(request), at: iso(clock.now()) };
      book.addNote({ ...note, shiftId: request.shiftId, key: request.key });
      return note;
    },
  };
}

function storeCalls({ options, clock, dayWindow }: DayContext) {
  async function storeDay(): Promise<StoreDay> {
    const reader = options.store?.();
    if (reader === undefined) throw new DayError('store_day_unavailable');
    const now = clock.now();
    const window = dayWindow(now);
    const rows = await reader.read(window);
    const report =
      rows.zReports.length === 0
        ? null
        : storeDayReport(
            rows.zReports.map((z) => z.report),
            { storeName: rows.storeName, from: window.from, until: iso(now), generatedAt: iso(now) },
          );
    return {
      storeName: rows.storeName,
      environment: rows.environment,
      from: window.from,
      until: iso(now),
      shifts: rows.shifts,
      zReports: rows.zReports,
      report,
    };
  }
  return {
    /** Every counter's shifts of today and the store's totals over today's Zs. */
    storeDay,
    /** Prints the store's Z (the sum of today's Zs) in the receipt language; it is recomputed, not stored: each Z in it is. */
    async printStoreZ(terminalId: string): Promise<{ printId: string; report: ShiftReport }> {
      const { report } = await storeDay();
      if (report === null) throw new DayError('store_day_empty');
      const content = reportPaper(report, options.language(), options.currency(), options.terminalName);
      const externalReference = `store-z-${report.shift.openedAt.slice(0, 10)}-${clock.now().toString(36)}`;
      return { printId: await options.print({ terminalId, content, externalReference }), report };
    },
  };
}

/** The counter's day: shifts, their one report (X now, Z at the close), and the reconciliation with the platform. */
export function createDayService(options: DayServiceOptions) {
  const context = dayContext(options);
  return { ...shiftCalls(context), ...reportCalls(context), ...reconcileCalls(context), ...storeCalls(context) };
}

export type DayService = ReturnType<typeof createDayService>;

function notesByKey(book: ShiftBook, shiftId: string): Map<string, Difference['explanations']> {
  const notes = new Map<string, Difference['explanations']>();
  for (const { shiftId: _shift, key, ...note } of book.notes(shiftId)) notes.set(key, [...(notes.get(key) ?? []), note]);
  return notes;
}

function missingZ(): never {
  throw new DayError('z_not_found');
}
