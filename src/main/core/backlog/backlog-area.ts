import type { Clock } from '../../../shared/clock';
import type { BacklogList } from '../../../shared/ipc/channels/backlog';
import type { PrintSummary } from '../../../shared/ipc/channels/prints';
import type { ChannelHandlers } from '../ipc/dispatch';
import type { EventHub } from '../ipc/events';
import type { Logger } from '../ports';
import { heldTerminals, setAsideBy, type WaitingPrint } from './rule';

/** Waiting: not yet on the platform (a `sending` print may be; it is held like the rest and, set aside, cancelled as its state allows). */
const WAITING = new Set<PrintSummary['status']>(['queued', 'sending']);

export interface BacklogArea {
  /** Whether the terminal's lane waits for the cashier's answer (asked by the dispatcher before every create). */
  holds(terminalId: string): boolean;
  readonly handlers: Pick<ChannelHandlers, 'backlog.list' | 'backlog.decide'>;
  close(): void;
}

export interface BacklogOptions {
  clock: Clock;
  events: EventHub;
  logger: Logger;
  staleAfterMs: number;
  handlers(): Pick<ChannelHandlers, 'prints.list' | 'prints.cancel'>;
  /** Lanes that were held go now. */
  wake(): void;
}

/**
 * The backlog after an outage: prints that waited longer than `staleAfterMs` hold their terminal until
 * the cashier answers for it (print all, only the last N, or set them aside); the answer releases the lane
 * and the queue drains at the pace its request budget allows.
 */
export function createBacklogArea(options: BacklogOptions): BacklogArea {
  const { clock, events } = options;
  const waiting = new Map<string, WaitingPrint>();
  const answeredAt = new Map<string, number>();
  let loaded = false;
  let lastAnnounced = '';

  const list = (): BacklogList => ({
    staleAfterMinutes: options.staleAfterMs / 60_000,
    terminals: [...heldTerminals(waiting.values(), answeredAt, clock.now(), options.staleAfterMs)].map(([terminalId, prints]) => ({
      terminalId,
      waiting: prints.length,
      oldestAt: new Date(Math.min(...prints.map((print) => print.createdAtMs))).toISOString(),
    })),
  });
  const announce = (): void => {
    const now = list();
    const key = JSON.stringify(now.terminals.map((terminal) => [terminal.terminalId, terminal.waiting]));
    if (key === lastAnnounced) return;
    lastAnnounced = key;
    events.emit('backlog.changed', now);
  };
  const observe = (print: PrintSummary): void => {
    if (WAITING.has(print.status)) waiting.set(print.id, { id: print.id, terminalId: print.terminalId, createdAtMs: Date.parse(print.createdAt) });
    else waiting.delete(print.id);
  };
  const unsubscribe = events.subscribe((name, payload) => {
    if (name === 'print.changed') observe(payload as PrintSummary);
  });
  const load = async (): Promise<void> => {
    for (let index = 0; ; index++) {
      const page = await options.handlers()['prints.list']({
        filters: { status: [...WAITING] },
        sort: { field: 'createdAt', direction: 'asc' },
        page: { index, size: 200 },
      });
      for (const print of page.items) if (!waiting.has(print.id)) observe(print);
      if ((index + 1) * 200 >= page.total) break;
    }
  };
  // Until the waiting prints of the last run are known, nothing goes out: one of them may be hours old.
  void Promise.resolve()
    .then(load)
    .catch((error: unknown) => options.logger.warn('the backlog could not read the waiting prints', { error: String(error) }))
    .finally(() => {
      loaded = true;
      announce();
      options.wake();
    });

  return {
    holds(terminalId) {
      if (!loaded) return true;
      const held = heldTerminals(waiting.values(), answeredAt, clock.now(), options.staleAfterMs).has(terminalId);
      if (held) announce();
      return held;
    },
    handlers: {
      'backlog.list': () => list(),
      'backlog.decide': async (decision) => {
        const stale = heldTerminals(waiting.values(), answeredAt, clock.now(), options.staleAfterMs).get(decision.terminalId) ?? [];
        const aside = setAsideBy(decision, stale);
        for (const id of aside) {
          // One that finished or was cancelled meanwhile is simply no longer there to set aside.
          await Promise.resolve()
            .then(() => options.handlers()['prints.cancel']({ id }))
            .catch(() => undefined);
        }
        answeredAt.set(decision.terminalId, clock.now());
        options.logger.info('backlog answered', { terminal: decision.terminalId, decision: decision.decision, stale: stale.length, setAside: aside.length });
        announce();
        options.wake();
        return { released: stale.length - aside.length, setAside: aside.length };
      },
    },
    close: unsubscribe,
  };
}
