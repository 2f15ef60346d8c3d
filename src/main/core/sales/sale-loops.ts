import type { Clock, TimerHandle } from '../../../shared/clock';
import type { Logger } from '../ports';
import { BudgetClosedError } from '../print-queue/request-budget';
import type { StepResult } from './sale-steps';

export interface SaleLoops {
  /** Runs the sale's loop, or wakes it from its wait when it runs already (a notification, a cancel). */
  drive(id: string): void;
  close(): void;
}

/** One loop per unsettled sale: a step, then a wait (the poll or the retry delay) that `drive` can cut short. */
export function createSaleLoops(options: { clock: Clock; step(id: string): Promise<StepResult>; pollMs: number; retryMs: number; logger: Logger }): SaleLoops {
  const { clock, logger } = options;
  const loops = new Map<string, { wake(): void }>();
  let closed = false;

  /** `woken`: a wake that came while a step ran (its read may predate the news): the next wait is skipped. */
  async function run(id: string, loop: { wake(): void; woken: boolean }): Promise<void> {
    const idle = (): void => void (loop.woken = true);
    loop.wake = idle;
    for (;;) {
      loop.woken = false;
      const result = await options.step(id).catch((error: unknown): StepResult => {
        if (error instanceof BudgetClosedError || closed) return { next: 'done' };
        // A bug or a disk failure: logged, and tried again later rather than leaving the sale behind.
        logger.error('a sale step failed', { sale: id, error: error instanceof Error ? error.message : String(error) });
        return { next: 'retry' };
      });
      if (result.next === 'done' || closed) return;
      if (result.next === 'now' || loop.woken) continue;
      await new Promise<void>((resolve) => {
        const timer: TimerHandle = clock.setTimeout(resolve, result.next === 'poll' ? options.pollMs : options.retryMs);
        loop.wake = () => {
          clock.clearTimeout(timer);
          resolve();
        };
      });
      loop.wake = idle;
      if (closed) return;
    }
  }

  return {
    drive(id) {
      const running = loops.get(id);
      if (closed || running !== undefined) {
        running?.wake();
        return;
      }
      const loop = { wake: (): void => undefined, woken: false };
      loops.set(id, loop);
      void run(id, loop).finally(() => loops.delete(id));
    },
    close() {
      closed = true;
      for (const loop of loops.values()) loop.wake();
    },
  };
}
