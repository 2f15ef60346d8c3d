import { z } from 'zod';
import { TerminalId } from '../../platform/terminal-actions';
import { channel, NoInput } from '../define';
import { PrintSubtype } from '../../platform/terminal-actions';
import { ListPrintsRequest, PrintStatus, PrintSummary, PrintTransition } from './prints';
import { Environment } from './app';

/**
 * The store database (docs/store-database.md): this counter's store sync state, the whole
 * store's history and terminal board read from PostgreSQL, and reprint/cancel asked of the counter that
 * owns a print.
 */

/** Where this counter's copies stand. `since`: ISO time the state began. */
export const StoreSync = z.discriminatedUnion('kind', [
  /** The store database is off in Settings: nothing is copied, nothing waits. */
  z.object({ kind: z.literal('off') }),
  /** On, but the address (or the counter's names) is missing. */
  z.object({ kind: z.literal('not_configured') }),
  z.object({ kind: z.literal('up_to_date'), since: z.iso.datetime() }),
  z.object({ kind: z.literal('waiting'), pending: z.number().int().nonnegative(), since: z.iso.datetime() }),
  /** `code`: one of the store_* failure codes; `reason`: the database's own words, for IT. */
  z.object({ kind: z.literal('error'), code: z.string(), reason: z.string(), pending: z.number().int().nonnegative(), since: z.iso.datetime() }),
]);
export type StoreSync = z.infer<typeof StoreSync>;

/** An outbox entry the store refused for its own values, kept apart until retried (the rest publishes). */
export const StoreSetAsideEntry = z.object({
  seq: z.number().int().positive(),
  kind: z.enum(['print', 'order', 'sale']),
  recordId: z.string(),
  /** store_outbox_entry_invalid, or the database's SQLSTATE (22003 numeric overflow…). */
  code: z.string(),
  /** The store's own words, for IT. */
  reason: z.string(),
  at: z.iso.datetime(),
});
export type StoreSetAsideEntry = z.infer<typeof StoreSetAsideEntry>;

export const StoreStatus = z.object({
  enabled: z.boolean(),
  /** A password is kept (in the SecretBox); the password itself never crosses the contract. */
  passwordSet: z.boolean(),
  /** How the password is kept: 'session-only' means it is asked again after a restart. */
  passwordStorage: z.enum(['encrypted', 'plaintext', 'session-only']),
  /** The password was forgotten because the address now names another server (or user, or database). */
  passwordForgotten: z.boolean(),
  counterId: z.string(),
  storeId: z.string(),
  sync: StoreSync,
  /** Entries set aside (the oldest few; `count` is all of them). */
  setAside: z.object({ count: z.number().int().nonnegative(), entries: z.array(StoreSetAsideEntry) }),
});
export type StoreStatus = z.infer<typeof StoreStatus>;

export const StorePasswordRequest = z.strictObject({ password: z.string().max(1_000).nullable() });

export const StoreTestResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), serverVersion: z.string(), schemaVersion: z.number().int().nonnegative(), latencyMs: z.number().nonnegative() }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string(), reason: z.string() }),
]);
export type StoreTestResult = z.infer<typeof StoreTestResult>;

/** prints.list's request for the whole store: the same filters, sorting and paging, plus a counter filter. */
export const StorePrintsRequest = ListPrintsRequest.extend({
  filters: ListPrintsRequest.shape.filters
    .unwrap()
    .extend({
      counterId: z.string().min(1).optional(),
      /** Who made the print (its first audit entry on its counter, published with the audit trail). */
      personId: z.string().min(1).max(200).optional(),
    })
    .default({}),
});
export type StorePrintsRequest = z.infer<typeof StorePrintsRequest>;

/**
 * A print as the store holds it. Another counter may run a newer Counter whose prints have a status or a
 * subtype this one does not know: those read `unknown`, with the store's own word beside it.
 */
export const StorePrintSummary = PrintSummary.extend({
  counterId: z.string(),
  counterName: z.string(),
  status: z.union([PrintStatus, z.literal('unknown')]),
  subtype: z.union([PrintSubtype, z.literal('unknown')]),
  /** What the store said where this Counter reads `unknown` (a newer counter's status or subtype). */
  unknown: z.object({ status: z.string().optional(), subtype: z.string().optional() }).optional(),
});
export type StorePrintSummary = z.infer<typeof StorePrintSummary>;

/** One print of any counter, for the whole-store drawer. */
export const StorePrintRequest = z.strictObject({ counterId: z.string().min(1), id: z.string().min(1) });
export type StorePrintRequest = z.infer<typeof StorePrintRequest>;

/** As published: its steps, without the keys or the content, which stay on the counter that owns it. */
export const StorePrintDetail = StorePrintSummary.extend({
  history: z.array(PrintTransition.extend({ status: z.union([PrintStatus, z.literal('unknown')]), unknownStatus: z.string().optional() })),
});
export type StorePrintDetail = z.infer<typeof StorePrintDetail>;

export const StorePrintPage = z.object({
  items: z.array(StorePrintSummary),
  /** Exact up to the cap (queries.ts TOTAL_CAP); the cap with `totalCapped` beyond it. */
  total: z.number().int().nonnegative(),
  totalCapped: z.boolean(),
  page: z.object({ index: z.number().int().nonnegative(), size: z.number().int().positive() }),
});
export type StorePrintPage = z.infer<typeof StorePrintPage>;

export const StoreOrderSummary = z.object({
  counterId: z.string(),
  counterName: z.string(),
  id: z.string(),
  terminalId: z.string(),
  externalReference: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  statusDetail: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type StoreOrderSummary = z.infer<typeof StoreOrderSummary>;

export const StoreTerminalLine = z.object({
  terminalId: z.string(),
  /** Unfinished prints of every counter, in the order they were queued. */
  prints: z.array(StorePrintSummary),
  orders: z.array(StoreOrderSummary),
  failuresToday: z.number().int().nonnegative(),
  /**
   * store.elsewhere only: the other counter's print that holds this terminal now (why this counter's
   * print waits), with the time it entered that status; null when nothing holds it.
   */
  hold: z
    .object({ counterId: z.string(), counterName: z.string(), externalReference: z.string(), status: z.string(), since: z.iso.datetime() })
    .nullable()
    .optional(),
  /** store.elsewhere only: counters with prints here that have not been seen for too long, so they hold nothing. */
  gone: z.array(z.object({ counterId: z.string(), counterName: z.string(), lastSeen: z.iso.datetime().nullable() })).optional(),
});
export type StoreTerminalLine = z.infer<typeof StoreTerminalLine>;

export const StoreCounter = z.object({
  id: z.string(),
  name: z.string(),
  appVersion: z.string().nullable(),
  schemaVersion: z.number().int().nullable(),
  lastSeen: z.iso.datetime().nullable(),
  /** Heartbeat within OFFLINE_AFTER_MS: it would execute a remote command now. */
  online: z.boolean(),
  /** The last outbox seq it published. */
  publishedSeq: z.number().int().nonnegative(),
});
export type StoreCounter = z.infer<typeof StoreCounter>;

export const StoreBoardRequest = z.strictObject({ failuresSince: z.iso.datetime({ offset: true }) });
export const StoreBoard = z.object({
  lines: z.array(StoreTerminalLine),
  counters: z.array(StoreCounter),
  /** This counter's id, so the view can tell its own prints from the others'. */
  ownCounterId: z.string(),
  /** Whose rows these are: the environment this counter is in (the sandbox's never mix with production's). */
  environment: Environment,
  at: z.iso.datetime(),
});
export type StoreBoard = z.infer<typeof StoreBoard>;

/**
 * Bounds of a command's fields. The store database holds whatever any counter wrote, so the counter a
 * command is addressed to checks it with this same schema before running it (store/commands.ts).
 */
export const STORE_COMMAND_LIMITS = Object.freeze({ counterId: 80, printId: 128, terminalId: 128, requestedBy: 256 });
const CommandCounterId = z.string().min(1).max(STORE_COMMAND_LIMITS.counterId);
const CommandPrintId = z.string().min(1).max(STORE_COMMAND_LIMITS.printId);
const CommandTerminalId = TerminalId.max(STORE_COMMAND_LIMITS.terminalId);
const CommandRequestedBy = z.string().min(1).max(STORE_COMMAND_LIMITS.requestedBy);

/** What the whole-store view may ask of the counter that owns a print. */
export const StoreCommandRequest = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('reprint'),
    counterId: CommandCounterId,
    printId: CommandPrintId,
    terminalId: CommandTerminalId.optional(),
    requestedBy: CommandRequestedBy,
  }),
  z.strictObject({ kind: z.literal('cancel'), counterId: CommandCounterId, printId: CommandPrintId, requestedBy: CommandRequestedBy }),
]);
export type StoreCommandRequest = z.infer<typeof StoreCommandRequest>;

/** The renderer's ask: main fills in who asked (this counter). */
export const StoreCommandAsk = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('reprint'), counterId: CommandCounterId, printId: CommandPrintId, terminalId: CommandTerminalId.optional() }),
  z.strictObject({ kind: z.literal('cancel'), counterId: CommandCounterId, printId: CommandPrintId }),
]);
export type StoreCommandAsk = z.infer<typeof StoreCommandAsk>;

export const StoreCommandResult = z.discriminatedUnion('ok', [
  /** `printId`: the new print of a reprint, the cancelled print of a cancel. */
  z.object({ ok: z.literal(true), printId: z.string() }),
  /** A spec 7 or queue code (cannot_cancel_order, print_not_found …) and the cashier's message. */
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type StoreCommandResult = z.infer<typeof StoreCommandResult>;

export const StoreCommandState = z.enum(['pending', 'claimed', 'done', 'failed']);

export const StoreCommand = z.object({
  id: z.string(),
  counterId: z.string(),
  kind: z.enum(['reprint', 'cancel']),
  printId: z.string(),
  terminalId: z.string().nullable(),
  requestedBy: z.string(),
  state: StoreCommandState,
  result: StoreCommandResult.nullable(),
  createdAt: z.iso.datetime(),
  /** Whether the owning counter has been seen lately (it executes the command only while running). */
  counterOnline: z.boolean(),
});
export type StoreCommand = z.infer<typeof StoreCommand>;

/** Something changed in the store database (a counter published, a command moved): reread what shows it. */
export const StoreChanged = z.object({ kind: z.enum(['prints', 'commands', 'resync']), counterId: z.string().nullable() });
export type StoreChanged = z.infer<typeof StoreChanged>;

export const StoreExportRequest = StorePrintsRequest.pick({ filters: true, sort: true });
export const StorePrintsCsv = z.object({
  /** RFC 4180 text, UTF-8 with a byte-order mark, the counter's name first (manager/csv.ts). */
  csv: z.string(),
  rows: z.number().int().nonnegative(),
  /** More prints matched than one file takes (store/queries.ts EXPORT_CAP): narrow the filters. */
  capped: z.boolean(),
});

export const storeChannels = {
  'store.status': channel(NoInput, StoreStatus),
  /** Keeps (or with null, forgets) the store database's password in the SecretBox. */
  'store.setPassword': channel(StorePasswordRequest, StoreStatus),
  /** Puts one set-aside entry (or, with null, all of them) back in the outbox to be sent again. */
  'store.retrySetAside': channel(z.strictObject({ seq: z.number().int().positive().nullable() }), StoreStatus),
  /** Connects once with the settings as saved and says what answered, without writing anything. */
  'store.test': channel(NoInput, StoreTestResult),
  /** The whole store's history, one page, filtered and sorted by the server. */
  'store.prints': channel(StorePrintsRequest, StorePrintPage),
  /** One print of any counter with its steps (the whole-store drawer). */
  'store.print': channel(StorePrintRequest, StorePrintDetail),
  'store.board': channel(StoreBoardRequest, StoreBoard),
  /** The whole store's matching prints as CSV (not one page), built in main from one query. */
  'store.export': channel(StoreExportRequest, StorePrintsCsv),
  /** What the other counters have unfinished on each terminal (for counters sharing a terminal). */
  'store.elsewhere': channel(NoInput, z.array(StoreTerminalLine)),
  'store.command': channel(StoreCommandAsk, StoreCommand),
  'store.commandStatus': channel(z.strictObject({ id: z.string().min(1) }), StoreCommand),
};

export const storeEvents = {
  'store.statusChanged': StoreStatus,
  'store.changed': StoreChanged,
};
