import { z } from 'zod';
import { SHIFT_STATES } from '../../lifecycle/shift';
import { channel, NoInput } from '../define';
import { Environment } from './app';
import { OneLineText } from './terminal-sales';

/**
 * The counter's day: shifts, the X and Z reports, and the reconciliation of the counter's sales with the
 * platform's payments. Every amount is an integer of cents (shared/money/amounts.ts).
 */

const Cents = z.number().int().min(0).max(99_999_999_999);
/** Signed: a net total or a difference. */
const SignedCents = z.number().int().min(-99_999_999_999_00).max(99_999_999_999_00);

/** Who is on the shift: filled by the staff's sign-in once it exists, a free name until then. */
export const ShiftPerson = z.strictObject({
  personId: OneLineText.pipe(z.string().trim().max(64)).nullable().default(null),
  personName: OneLineText.pipe(z.string().trim().max(60)).nullable().default(null),
});

export const Shift = z.object({
  id: z.string(),
  counterId: z.string(),
  status: z.enum(SHIFT_STATES),
  personId: z.string().nullable(),
  personName: z.string().nullable(),
  openedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  /** The cash counted into the drawer at the start; null when the store takes no cash. */
  floatCents: Cents.nullable(),
  /** The cash counted at the close; null when not counted. */
  countedCashCents: Cents.nullable(),
  /** The Z report's number once closed. */
  zNumber: z.number().int().min(1).nullable(),
});
export type Shift = z.infer<typeof Shift>;

/** The tenders a report splits by. Card and link are the platform's; cash and other are recorded at the counter. */
export const TENDERS = ['card', 'link', 'cash', 'other'] as const;
export const Tender = z.enum(TENDERS);
export type Tender = z.infer<typeof Tender>;

/** A sale or a refund taken outside the platform (cash, a voucher…), recorded so the day's totals are whole. */
export const CounterSale = z.object({
  id: z.string(),
  shiftId: z.string(),
  tender: z.enum(['cash', 'other']),
  kind: z.enum(['sale', 'refund']),
  amountCents: Cents,
  at: z.iso.datetime(),
  personId: z.string().nullable(),
  personName: z.string().nullable(),
  note: z.string().nullable(),
});
export type CounterSale = z.infer<typeof CounterSale>;

export const Totals = z.object({ count: z.number().int(), grossCents: Cents, refundCents: Cents, netCents: SignedCents });
export type Totals = z.infer<typeof Totals>;

export const ShiftReport = z.object({
  kind: z.enum(['X', 'Z']),
  /** The Z's number; null on an X. */
  number: z.number().int().min(1).nullable(),
  shift: Shift,
  generatedAt: z.iso.datetime(),
  /** The report's window: the shift's opening to its close (or to the X's moment). */
  until: z.iso.datetime(),
  total: Totals,
  byTender: z.record(Tender, Totals),
  byTerminal: z.array(Totals.extend({ terminalId: z.string() })),
  byPerson: z.array(Totals.extend({ person: z.string() })),
  refunds: z.object({ count: z.number().int(), cents: Cents }),
  cancels: z.object({ count: z.number().int() }),
  prints: z.object({ made: z.number().int(), failed: z.number().int() }),
  firstSaleAt: z.iso.datetime().nullable(),
  lastSaleAt: z.iso.datetime().nullable(),
  /** The float plus the net cash: what the drawer should hold. Null when no float was counted and no cash taken. */
  expectedCashCents: SignedCents.nullable(),
});
export type ShiftReport = z.infer<typeof ShiftReport>;

/** A Z report as stored: its figures and the exact paper it printed, so a reprint is the same paper. */
export const ZReport = z.object({
  number: z.number().int().min(1),
  shiftId: z.string(),
  createdAt: z.iso.datetime(),
  report: ShiftReport,
  /** The custom print's content, in the receipt language of the close. */
  paper: z.string(),
  printIds: z.array(z.string()),
});
export type ZReport = z.infer<typeof ZReport>;

export const DIFFERENCE_KINDS = ['paid_unknown', 'not_paid', 'amount_differs', 'refund_differs'] as const;
export const DifferenceKind = z.enum(DIFFERENCE_KINDS);
export type DifferenceKind = z.infer<typeof DifferenceKind>;

export const Explanation = z.object({ note: z.string(), personId: z.string().nullable(), personName: z.string().nullable(), at: z.iso.datetime() });
export type Explanation = z.infer<typeof Explanation>;

export const Difference = z.object({
  /** Stable across runs (kind and what it is about), so an explanation stays with it. */
  key: z.string(),
  kind: DifferenceKind,
  externalReference: z.string().nullable(),
  paymentId: z.string().nullable(),
  saleId: z.string().nullable(),
  tender: Tender.nullable(),
  counterCents: z.number().int().nullable(),
  platformCents: z.number().int().nullable(),
  at: z.iso.datetime().nullable(),
  /** The latest explanation, and every earlier one (kept). */
  explanation: Explanation.nullable(),
  explanations: z.array(Explanation),
});
export type Difference = z.infer<typeof Difference>;

export const Reconciliation = z.object({
  shiftId: z.string(),
  from: z.iso.datetime(),
  until: z.iso.datetime(),
  checkedAt: z.iso.datetime(),
  matched: z.number().int(),
  /** How many search pages the platform was asked for. */
  pages: z.number().int(),
  differences: z.array(Difference),
  /** The cash counted at the close against the Z's expected cash; null while open or when not counted. */
  cash: z.object({ expectedCents: SignedCents, countedCents: Cents, differenceCents: SignedCents, kind: z.enum(['over', 'short', 'even']) }).nullable(),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

export const DayStatus = z.object({
  counterId: z.string(),
  /** The store's currency when Counter knows it (3 letters), for showing amounts; null before the platform named one. */
  currency: z.string().nullable(),
  shift: Shift.nullable(),
  /** The open shift began on an earlier day than today: it was left open over midnight. */
  openOverMidnight: z.boolean(),
  recent: z.array(Shift),
});
export type DayStatus = z.infer<typeof DayStatus>;

const MoneyInput = Cents;
const ShiftIdRequest = z.strictObject({ shiftId: z.string().min(1).max(80) });

export const OpenShiftRequest = ShiftPerson.extend({ floatCents: MoneyInput.nullable().default(null) });
export const CloseShiftRequest = ShiftIdRequest.extend({
  countedCashCents: MoneyInput.nullable().default(null),
  /** Where the Z report is printed; without one it is stored and not printed. */
  terminalId: z.string().min(1).max(80).nullable().default(null),
});
export const RecordCounterSaleRequest = ShiftPerson.extend({
  shiftId: z.string().min(1).max(80),
  tender: z.enum(['cash', 'other']),
  kind: z.enum(['sale', 'refund']).default('sale'),
  amountCents: MoneyInput.min(1),
  note: OneLineText.pipe(z.string().trim().max(120)).nullable().default(null),
});
export const ZNumberRequest = z.strictObject({ number: z.number().int().min(1) });
export const ReprintZRequest = ZNumberRequest.extend({ terminalId: z.string().min(1).max(80) });
export const ExplainRequest = ShiftPerson.extend({
  shiftId: z.string().min(1).max(80),
  key: z.string().min(1).max(200),
  note: OneLineText.pipe(z.string().trim().min(1).max(500)),
});
export const ExportedText = z.object({ fileName: z.string(), mimeType: z.string(), text: z.string() });

/** A shift of any counter of the store, as the store database holds it. */
export const StoreShift = Shift.extend({ counterName: z.string() });
export type StoreShift = z.infer<typeof StoreShift>;

/** A Z report of any counter of the store: which, its number and its figures (the counter's stored report). */
export const StoreZ = z.object({
  counterId: z.string(),
  counterName: z.string(),
  number: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  report: ShiftReport,
});
export type StoreZ = z.infer<typeof StoreZ>;

/**
 * The whole store's day from the store database: every counter's open shifts and those opened or closed
 * today, today's Z reports, and the store's totals over them (a store Z: the sum of today's Zs).
 */
export const StoreDay = z.object({
  storeName: z.string(),
  /** The environment whose shifts and Zs these are: the reading counter's (a sandbox rehearsal never counts as real). */
  environment: Environment,
  from: z.iso.datetime(),
  until: z.iso.datetime(),
  shifts: z.array(StoreShift),
  zReports: z.array(StoreZ),
  /** Null before any counter closed a shift today. */
  report: ShiftReport.nullable(),
});
export type StoreDay = z.infer<typeof StoreDay>;

export const dayChannels = {
  'day.status': channel(NoInput, DayStatus),
  'day.openShift': channel(OpenShiftRequest, Shift),
  'day.recordSale': channel(RecordCounterSaleRequest, CounterSale),
  'day.xReport': channel(ShiftIdRequest, ShiftReport),
  'day.closeShift': channel(CloseShiftRequest, ZReport),
  'day.zReports': channel(NoInput, z.object({ reports: z.array(ZReport) })),
  'day.reprintZ': channel(ReprintZRequest, ZReport),
  'day.exportZ': channel(ZNumberRequest.extend({ format: z.enum(['csv', 'html']) }), ExportedText),
  'day.reconcile': channel(ShiftIdRequest, Reconciliation),
  'day.explain': channel(ExplainRequest, Explanation),
  'day.storeDay': channel(NoInput, StoreDay),
  'day.printStoreZ': channel(z.strictObject({ terminalId: z.string().min(1).max(80) }), z.object({ printId: z.string(), report: ShiftReport })),
};

export const dayEvents = {
  'day.changed': DayStatus,
};
