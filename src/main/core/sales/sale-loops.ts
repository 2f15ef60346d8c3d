import type { Clock } from '../../../shared/clock';
import type { Logger } from '../ports';
import { BudgetClosedError } from '../print-queue/request-budget';
import { createRoundLoop, type RoundLoop, type RoundNext } from '../rounds/loop';
import type { StepResult } from './sale-steps';

export interface SaleLoops {
  /** Runs the sale's loop, or wakes it from its wait when it runs already (a notification, a cancel). */
  drive(id: string): void;
  close(): void;
}

/**
 * One loop per unsettled sale: a step, then a wait (the poll or the retry delay) that `drive` can cut
 * short; a drive while a step runs (its read may predate the news) runs the next step at once.
 */
export function createSaleLoops(options: { clock: Clock; step(id: string): Promise<StepResult>; pollMs: number; retryMs: number; logger: Logger }): SaleLoops {
  const { clock, logger } = options;
  const loops = new Map<string, RoundLoop>();
  let closed = false;

  function loopFor(id: string): RoundLoop {
    const retry = { afterMs: options.retryMs };
    const loop = createRoundLoop({
      clock,
      backoff: { initialMs: options.retryMs, factor: 1, capMs: options.retryMs },
      async round(): Promise<RoundNext> {
        const result = await options.step(id);
        if (result.next === 'done') loops.delete(id);
        if (result.next === 'poll') return { afterMs: options.pollMs };
        return result.next === 'retry' ? retry : result.next;
      },
      onError(error) {
        if (error instanceof BudgetClosedError || closed) {
          loops.delete(id);
          return 'done';
        }
        // A bug or a disk failure: logged, and tried again later rather than leaving the sale behind.
        logger.error('a sale step failed', { sale: id, error: error instanceof Error ? error.message : String(error) });
        return retry;
      },
    });
    loops.set(id, loop);
    return loop;
  }

  return {
    drive(id) {
      if (closed) return;
      (loops.get(id) ?? loopFor(id)).poke();
    },
    close() {
      closed = true;
      for (const loop of loops.values()) void loop.close();
      loops.clear();
    },
  };
}
