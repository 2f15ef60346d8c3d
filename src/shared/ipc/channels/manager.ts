import { z } from 'zod';
import { channel } from '../define';
import { ListPrintsRequest, PrintSummary } from './prints';

/** One terminal of the store as the manager's board shows it. */
export const TerminalCard = z.object({
  id: z.string(),
  /** The store's own name for it (the platform's external POS id); null for a terminal only the journal knows. */
  name: z.string().nullable(),
  operatingMode: z.string().nullable(),
  canPrint: z.boolean().nullable(),
  /** In the account's terminal list; false for a terminal that only appears in the print history. */
  listed: z.boolean(),
  /**
   * The print the terminal holds now: first in its line (on the terminal, waiting at the platform, or being
   * sent). A print set aside (needs attention) holds no lane, so it is never `current`: see `attention`.
   */
  current: PrintSummary.nullable(),
  /** Prints of this terminal set aside and waiting for a person (Try again, Give up), oldest first. */
  attention: z.array(PrintSummary).default([]),
  /** Our unfinished prints waiting behind `current`. */
  queued: z.number().int().nonnegative(),
  /** The platform's last successful answer about one of its prints (a status read or a create). */
  lastAnsweredAt: z.iso.datetime().nullable(),
  /** Prints of this terminal that ended `failed` since the start of the manager's day. */
  failuresToday: z.number().int().nonnegative(),
});
export type TerminalCard = z.infer<typeof TerminalCard>;

export const ManagerBoard = z.object({
  terminals: z.array(TerminalCard),
  /** Why the platform's terminal list is missing or old, when it is: the cards then lean on the journal. */
  terminalsProblem: z.string().nullable(),
  at: z.iso.datetime(),
});
export type ManagerBoard = z.infer<typeof ManagerBoard>;

export const BoardRequest = z.strictObject({
  /** The manager's local midnight: "today" is the renderer's day, not main's UTC day. */
  failuresSince: z.iso.datetime({ offset: true }),
});
export type BoardRequest = z.infer<typeof BoardRequest>;

export const PrintLinks = z.object({
  /** The print this one reprints, if it is a reprint (null also when that one was pruned). */
  original: PrintSummary.nullable(),
  /** Reprints made of this print, oldest first. */
  reprints: z.array(PrintSummary),
});
export type PrintLinks = z.infer<typeof PrintLinks>;

export const ExportPrintsRequest = ListPrintsRequest.pick({ filters: true, sort: true });
export type ExportPrintsRequest = z.infer<typeof ExportPrintsRequest>;

export const PrintsCsv = z.object({
  /** RFC 4180 text (CRLF rows, UTF-8 with a byte-order mark so spreadsheets read accents). */
  csv: z.string(),
  rows: z.number().int().nonnegative(),
});
export type PrintsCsv = z.infer<typeof PrintsCsv>;

export const PruneCountRequest = z.strictObject({ olderThanDays: z.number().int().nonnegative() });
export const PruneCount = z.object({
  /** Finished prints last changed before `before`: what `prints.prune` with the same age removes now. */
  count: z.number().int().nonnegative(),
  before: z.iso.datetime(),
});
export type PruneCount = z.infer<typeof PruneCount>;

export const TerminalAnswered = z.object({ terminalId: z.string(), at: z.iso.datetime() });
export type TerminalAnswered = z.infer<typeof TerminalAnswered>;

export const managerChannels = {
  /** Every terminal of the store at once: what it holds, what waits, when it last answered, today's failures. */
  'manager.board': channel(BoardRequest, ManagerBoard),
  /** Both directions of the reprint link of one print. */
  'manager.printLinks': channel(z.strictObject({ id: z.string().min(1) }), PrintLinks),
  /** A dry run of `prints.prune`, so the confirmation can say how many records go. */
  'manager.pruneCount': channel(PruneCountRequest, PruneCount),
  /** Every row matching the filters (not one page) as CSV, built in main. */
  'prints.export': channel(ExportPrintsRequest, PrintsCsv),
};

export const managerEvents = {
  /**
   * The platform answered a status read (or a create) for a terminal. Most answers change nothing, so
   * they raise no `print.changed`; the board's "last answered" follows them through this event.
   */
  'terminal.answered': TerminalAnswered,
};
