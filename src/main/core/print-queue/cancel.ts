import { randomUUID } from 'node:crypto';
import { isFinalPrintStatus } from '../../../shared/lifecycle/print';
import { PlatformError } from '../platform/errors';
import type { QueueContext } from './context';
import { PrintQueueError } from './errors';
import type { JournalPrint } from '../history/records/print';

export interface CancelHooks {
  /** The terminal's queue may move on. */
  laneMayMove(terminalId: string): void;
  /** Nothing of this unconfirmed print can reach the platform any more (see Dispatcher). */
  cannotReachPlatform(print: Readonly<JournalPrint>): boolean;
}

/** Cancel per state (spec 4.5): locally while nothing of the print can be on the platform, through the API while `created`. */
export class Canceller {
  constructor(
    private readonly context: QueueContext,
    private readonly hooks: CancelHooks,
  ) {}

  /** The print after the cancel, or the refusal the cashier sees. */
  async cancel(id: string): Promise<Readonly<JournalPrint>> {
    const { journal, changes } = this.context;
    const print = journal.get(id);
    if (print === undefined) throw new PrintQueueError('print_not_found', 404);
    switch (print.status) {
      case 'queued':
        await this.cancelLocally(print);
        break;
      case 'sending':
        if (this.hooks.cannotReachPlatform(print)) {
          // Every create it sent was refused (another order held the terminal): nothing of it exists.
          await this.cancelLocally(print);
          break;
        }
        // The create may already have reached the platform: cancel it there as soon as it is known.
        await changes.update(id, { cancelRequested: true })?.durable;
        break;
      case 'created':
        return this.cancelOnPlatform(print);
      case 'on_terminal':
        throw new PrintQueueError('cannot_cancel_order', 409, 'the print is on the terminal');
      default:
        throw new PrintQueueError('print_already_final', 409);
    }
    return journal.get(id) ?? print;
  }

  private async cancelLocally(print: Readonly<JournalPrint>): Promise<void> {
    await this.context.changes.move(print.id, 'cancel_locally', 'canceled', { cancelRequested: false, lastError: null }, { reason: 'canceled_locally' })
      ?.durable;
    this.hooks.laneMayMove(print.terminalId);
  }

  /** POST …/cancel with the print's own cancel key (spec 4.5), then the print is `canceled`. */
  async cancelOnPlatform(print: Readonly<JournalPrint>): Promise<Readonly<JournalPrint>> {
    const { journal, changes, lanes, platform, policy, signal } = this.context;
    if (print.actionId === null) throw new PrintQueueError('print_not_found', 404);
    const actionId = print.actionId;
    // Its own key, durable before use: a retried or repeated cancel is the same cancel.
    const cancelKey = print.cancelKey ?? randomUUID();
    if (print.cancelKey === null) await changes.update(print.id, { cancelKey })?.durable;
    await lanes.of(print.terminalId).budget.acquire();
    try {
      await platform.actions.cancel(actionId, { idempotencyKey: cancelKey, maxAttempts: 3, timeoutMs: policy.requestTimeoutMs, signal });
    } catch (error) {
      if (error instanceof PlatformError && error.code === 'cannot_cancel_order') await this.learnWhyRefused(print.id, actionId);
      throw error;
    }
    if (journal.get(print.id) === undefined) throw new PrintQueueError('print_not_found', 404);
    await changes.move(print.id, 'cancel_confirmed', 'canceled', { cancelRequested: false }, { reason: 'canceled_by_api' })?.durable;
    this.hooks.laneMayMove(print.terminalId);
    return journal.get(print.id) ?? print;
  }

  /** It left `created` meanwhile: learn where it is so the cashier sees why. */
  private async learnWhyRefused(id: string, actionId: string): Promise<void> {
    const { journal, changes, platform, policy, signal } = this.context;
    const latest = await platform.actions.get(actionId, { maxAttempts: 2, timeoutMs: policy.requestTimeoutMs, signal }).catch(() => undefined);
    const now = journal.get(id);
    if (now === undefined) return;
    const moved = latest !== undefined && latest.status !== now.status ? changes.move(id, 'reported', latest.status, { cancelRequested: false }) : undefined;
    if (moved === undefined && journal.get(id)?.cancelRequested === true) changes.update(id, { cancelRequested: false });
    await moved?.durable;
    const after = journal.get(id);
    if (after !== undefined && isFinalPrintStatus(after.status)) this.hooks.laneMayMove(after.terminalId);
  }
}
