import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import { createRoundLoop } from '../rounds/loop';
import { silentLogger, type Logger } from '../ports';
import { unfinishedElsewhere } from './board';
import type { Queryable } from './queries';

/** Read again this often even without a notification. */
const REFRESH_MS = 3_000;
/** Older than this, what we know says nothing: the lane goes back to the platform's 409 as its guide. */
const TRUSTED_FOR_MS = 10_000;

export interface ElsewhereWatch {
  /** Another counter has a print waiting on (or being sent to) this terminal, as read lately. */
  busy(terminalId: string): boolean;
  /** Another counter published: read again now. */
  refresh(): void;
  close(): Promise<void>;
}

/**
 * For counters sharing a terminal: which terminals another counter holds right now, from the store
 * database, so this counter's lane waits its turn instead of being refused with a 409. `onFreed` is
 * called when a terminal this counter saw held is free again (the queue wakes its lane).
 */
export function watchElsewhere(options: {
  target(): { client: Queryable; counterId: string; environment: Environment } | undefined;
  clock: Clock;
  onFreed(): void;
  logger?: Logger;
}): ElsewhereWatch {
  const logger = options.logger ?? silentLogger;
  let held = new Set<string>();
  let readAt = Number.NEGATIVE_INFINITY;

  async function read(): Promise<void> {
    const target = options.target();
    if (target === undefined) {
      held = new Set();
      return;
    }
    const lines = await unfinishedElsewhere(target.client, target, (code) => code);
    // A print of a counter not seen for a while holds nothing (board.ts GONE_AFTER_MS).
    const next = new Set(lines.filter((line) => line.hold !== null && line.hold !== undefined).map((line) => line.terminalId));
    const freed = [...held].some((terminalId) => !next.has(terminalId));
    held = next;
    readAt = options.clock.now();
    if (freed) options.onFreed();
  }

  const loop = createRoundLoop({
    clock: options.clock,
    round: read,
    intervalMs: REFRESH_MS,
    // Unreadable for now: what we knew ages out (TRUSTED_FOR_MS) and the lane falls back to the 409s.
    backoff: { initialMs: REFRESH_MS, factor: 1, capMs: REFRESH_MS },
    onError: (error) => logger.debug('the store could not say which terminals are held', { error: String(error) }),
  });
  loop.poke();
  return {
    busy: (terminalId) => options.clock.now() - readAt <= TRUSTED_FOR_MS && held.has(terminalId),
    refresh: () => loop.poke(),
    close: () => loop.close(),
  };
}
