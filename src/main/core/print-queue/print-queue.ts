import type { Clock } from '../../../shared/clock';
import type { Language } from '../../../shared/ipc/channels/app';
import { type EnqueuePrintRequest, type ListPrintsRequest, type PrintDetail, type PrintPage, type PrintSummary } from '../../../shared/ipc/channels/prints';
import { silentLogger, type Logger, type RandomSource } from '../ports';
import type { PlatformClient } from '../platform/client';
import { Attention } from './attention';
import { Canceller } from './cancel';
import { PrintChanges } from './changes';
import type { QueueContext } from './context';
import { Dispatcher } from './dispatcher';
import { PrintQueueError } from './errors';
import { Intake } from './intake';
import type { PrintJournal } from './journal-port';
import { Lanes } from './lanes';
import { DEFAULT_QUEUE_POLICY, type QueuePolicy } from './policy';
import { Poller } from './poller';
import type { JournalPrint } from '../history/records/print';
import { printDetail, printSummary } from './summary';

export type { Backoff } from '../rounds/backoff';
export { DEFAULT_QUEUE_POLICY, PrintQueueError, type QueuePolicy };

export interface PrintQueueOptions {
  journal: PrintJournal;
  platform: PlatformClient;
  clock: Clock;
  language: () => Language;
  onChange: (summary: PrintSummary) => void;
  /**
   * Makes sure a token can be had before a print moves to `sending` (the credentials service's
   * `tokens.current`), so broken credentials leave prints `queued` instead of churning their status.
   */
  authorize?: () => Promise<unknown>;
  /** The terminal's operating mode when known (from the last terminals list), to refuse non-PDV early. */
  operatingModeOf?: (terminalId: string) => string | undefined;
  policy?: Partial<QueuePolicy>;
  /** Another counter has a print waiting on this terminal (the store database): hold ours back. */
  busyElsewhere?: (terminalId: string) => boolean;
  random?: RandomSource;
  logger?: Logger;
  /** Who makes a print enqueued now, kept with it (the staff's caller of the call being handled). */
  actor?: () => JournalPrint['madeBy'];
}

export interface PrintQueue {
  /** `made.madeBy`: who the print is for when it is not the caller of the call being handled (a sale's receipt). */
  enqueue(request: EnqueuePrintRequest, made?: { madeBy: JournalPrint['madeBy'] }): Promise<PrintSummary>;
  /** Cancel per state; for a print that needs attention, the same as giving it up. */
  cancel(id: string): Promise<PrintSummary>;
  /** A print that needs attention back into its lane, with the same key. */
  retry(id: string): Promise<PrintSummary>;
  /** A print that needs attention cancelled on the platform where it may be, then finished here. */
  giveUp(id: string): Promise<PrintSummary>;
  get(id: string, includeContent: boolean): Promise<PrintDetail>;
  list(request: ListPrintsRequest): PrintPage;
  /** The first print on the terminal with exactly this external reference (a sale's receipt, found again). */
  idByReference(terminalId: string, externalReference: string): string | undefined;
  prune(olderThanDays: number): Promise<number>;
  /** `asId`: the new print's id and idempotency key (a store command's id, so the command acts once). */
  reprint(id: string, terminalId?: string, asId?: string): Promise<PrintSummary>;
  /** Retry now whatever waits on credentials or the network (credentials changed, back online). */
  wake(): void;
  /** When the platform last answered a status read or a create for each terminal, in this run (epoch ms). */
  lastAnswers(): ReadonlyMap<string, number>;
  /** Told of every such answer (most change nothing, so no onChange follows); returns the unsubscribe. */
  onAnswer(listener: (terminalId: string, at: number) => void): () => void;
  close(): Promise<void>;
}

/**
 * The durable print queue: every print is journaled with its idempotency key before its first
 * request (Intake); one FIFO per terminal, sending a print only when none of ours waits in `created`
 * (Dispatcher, spec 7.2); status reads following every sent action to a final status within a
 * per-terminal request budget (Poller, poll-policy); cancel per state (Canceller, spec 4.5). Every
 * status change goes through the lifecycle table (PrintChanges, lifecycle.ts) and is told to `onChange`.
 */
export function createPrintQueue(options: PrintQueueOptions): PrintQueue {
  const { journal, clock } = options;
  const policy: QueuePolicy = { ...DEFAULT_QUEUE_POLICY, ...options.policy };
  const logger = options.logger ?? silentLogger;
  const inFlight = new AbortController();
  let closed = false;
  const answers = createAnswers(clock, logger);
  const lanes = new Lanes(journal, clock, policy);
  // The parts refer to each other through these late-bound hooks; each is built below.
  const parts: { poller?: Poller; dispatcher?: Dispatcher } = {};
  const laneMayMove = (terminalId: string) => parts.dispatcher?.pump(terminalId);
  const changes = new PrintChanges({
    journal,
    clock,
    logger,
    emit: (print) => options.onChange(printSummary(print, options.language(), parts.poller?.trustOf(print.id))),
    onFinal: (print) => {
      parts.poller?.stop(print.id);
      lanes.remove(print.terminalId, print.id);
      parts.poller?.hurryNextInLine(print.terminalId);
    },
  });
  const context: QueueContext = {
    journal,
    platform: options.platform,
    clock,
    policy,
    random: options.random ?? Math.random,
    logger,
    lanes,
    changes,
    signal: inFlight.signal,
    isClosed: () => closed,
    answered: answers.record,
  };

  const trustChanged = (id: string): void => {
    const print = journal.get(id);
    if (print !== undefined) options.onChange(printSummary(print, options.language(), poller.trustOf(id)));
  };
  const poller = new Poller(context, laneMayMove, (terminalId, aheadId) => dispatcher.probe(terminalId, aheadId), trustChanged);
  const canceller = new Canceller(context, { laneMayMove, cannotReachPlatform: (print) => dispatcher.cannotReachPlatform(print) });
  const intake = new Intake(context, {
    operatingModeOf: options.operatingModeOf,
    announce: (print) => options.onChange(printSummary(print, options.language())),
    laneMayMove,
    ...(options.actor === undefined ? {} : { actor: options.actor }),
  });
  const dispatcher = new Dispatcher(context, {
    created: (print) => poller.followNew(print),
    cancelCreated: (print) => void canceller.cancelOnPlatform(print).catch(() => undefined),
    authorize: options.authorize,
    durableOf: (id) => intake.durableOf(id),
    busyElsewhere: options.busyElsewhere,
  });
  const attention = new Attention(context, { dispatcher, canceller, follow: (print) => poller.followNew(print), laneMayMove });
  parts.poller = poller;
  parts.dispatcher = dispatcher;
  resume(context, poller, dispatcher);

  const requirePrint = (id: string): Readonly<JournalPrint> => {
    const print = journal.get(id);
    if (print === undefined) throw new PrintQueueError('print_not_found', 404);
    return print;
  };
  const summaryOf = (print: Readonly<JournalPrint>) => printSummary(print, options.language(), poller.trustOf(print.id));

  return {
    enqueue: async (request, made) => summaryOf(await intake.add(request, null, undefined, made?.madeBy)),
    cancel: async (id) => summaryOf(await (requirePrint(id).status === 'needs_attention' ? attention.giveUp(id) : canceller.cancel(id))),
    retry: async (id) => summaryOf(await attention.tryAgain(id)),
    giveUp: async (id) => summaryOf(await attention.giveUp(id)),
    async get(id, includeContent) {
      const detail = printDetail(requirePrint(id), options.language(), poller.trustOf(id));
      if (includeContent) detail.content = await journal.content(id);
      return detail;
    },
    idByReference: (terminalId, externalReference) => journal.idByReference(terminalId, externalReference),
    list(request) {
      const { items, total } = journal.list(request);
      // Read once per list: reading the settings per row made a 100,000-row list take seconds.
      const language = options.language();
      return {
        items: items.map((print) => printSummary(print, language, poller.trustOf(print.id))),
        total,
        page: { index: request.page.index, size: request.page.size },
      };
    },
    prune: (olderThanDays) => pruneJournal(context, olderThanDays),
    async reprint(id, terminalId, asId) {
      const original = requirePrint(id);
      const content = await journal.content(id);
      const request = {
        terminalId: terminalId ?? original.terminalId,
        subtype: original.subtype,
        content,
        externalReference: intake.reprintReference(original.externalReference),
      };
      return summaryOf(await intake.add(request, original.id, asId));
    },
    lastAnswers: () => answers.lastAt,
    onAnswer: answers.subscribe,
    wake: () => {
      dispatcher.wake();
      poller.retryFailedNow();
    },
    async close() {
      closed = true;
      inFlight.abort(new Error('the print queue was closed'));
      dispatcher.close();
      lanes.close();
      poller.stopAll();
    },
  };
}

/** Removes the finished prints older than the given days; how many went. */
async function pruneJournal({ journal, clock, logger }: QueueContext, olderThanDays: number): Promise<number> {
  const now = clock.now();
  const { removed, durable } = journal.prune(now - olderThanDays * 24 * 60 * 60_000, now);
  await durable;
  // Reclaims the disk in the background: snapshot without the pruned prints, old segments deleted.
  if (removed.length > 0) void journal.compact().catch((error: unknown) => logger.warn('compaction after pruning failed', { error: String(error) }));
  return removed.length;
}

/** After a restart: every unfinished print back in its terminal's FIFO, the sent ones followed again. */
function resume(context: QueueContext, poller: Poller, dispatcher: Dispatcher): void {
  const unfinished = context.journal.unfinished();
  for (const print of unfinished) {
    context.lanes.of(print.terminalId).active.push(print.id);
    if ((print.status === 'created' || print.status === 'on_terminal') && print.actionId !== null) poller.follow(print.id, 0);
  }
  for (const lane of context.lanes.all()) dispatcher.pump(lane.terminalId);
}

/** When the platform last answered for each terminal, and who wants to know. */
function createAnswers(clock: Clock, logger: Logger) {
  const lastAt = new Map<string, number>();
  const listeners = new Set<(terminalId: string, at: number) => void>();
  return {
    lastAt,
    record(terminalId: string): void {
      const at = clock.now();
      lastAt.set(terminalId, at);
      for (const listener of listeners) {
        try {
          listener(terminalId, at);
        } catch (error) {
          logger.warn('an answer listener failed', { error: String(error) });
        }
      }
    },
    subscribe(listener: (terminalId: string, at: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
