import { isFinalPrintStatus } from '../../../shared/lifecycle/print';
import { PlatformError } from '../platform/errors';
import type { Canceller } from './cancel';
import { createRequestOf, journalErrorOf, type QueueContext } from './context';
import type { Dispatcher } from './dispatcher';
import { PrintQueueError } from './errors';
import { CREDENTIAL_CODES, pastResendCutoff, unconfirmedError } from './policy';
import type { JournalPrint } from '../history/records/print';

export interface AttentionHooks {
  dispatcher: Dispatcher;
  canceller: Canceller;
  /** The create answered: follow the action's status. */
  follow(print: Readonly<JournalPrint>): void;
  laneMayMove(terminalId: string): void;
}

/**
 * The cashier's two answers to a print set aside (`needs_attention`). Try again puts
 * it back in its lane with its one key. Give up never just drops it: a create of it may be on the
 * platform, so the create is resent with the same key (spec 8: the platform answers a key it holds
 * with the action it made, and makes nothing new under it) and the action found is cancelled (spec
 * 4.5); only a refusal of that resend (a 4xx, which the platform keeps under no key) shows nothing of
 * it is there. docs/decisions.md "Needs attention".
 */
export class Attention {
  /** Prints with a give-up or a try-again under way: the other waits for it. */
  private readonly busy = new Set<string>();

  constructor(
    private readonly context: QueueContext,
    private readonly hooks: AttentionHooks,
  ) {}

  async tryAgain(id: string): Promise<Readonly<JournalPrint>> {
    const print = this.setAside(id);
    this.busy.add(id);
    try {
      await this.hooks.dispatcher.tryAgain(print);
    } finally {
      this.busy.delete(id);
    }
    return this.context.journal.get(id) ?? print;
  }

  async giveUp(id: string): Promise<Readonly<JournalPrint>> {
    const print = this.setAside(id);
    this.busy.add(id);
    try {
      return await this.resendAndCancel(print);
    } finally {
      this.busy.delete(id);
    }
  }

  private setAside(id: string): Readonly<JournalPrint> {
    const print = this.context.journal.get(id);
    if (print === undefined) throw new PrintQueueError('print_not_found', 404);
    if (this.busy.has(id)) throw new PrintQueueError('print_busy', 409);
    if (print.status !== 'needs_attention') throw new PrintQueueError('print_not_set_aside', 409);
    return print;
  }

  private async resendAndCancel(print: Readonly<JournalPrint>): Promise<Readonly<JournalPrint>> {
    const { journal, changes, clock, lanes, platform, policy, signal } = this.context;
    const now = clock.now();
    if (pastResendCutoff(print, now, policy)) {
      // Past the key's 24 h a resend could make a second action (spec 8): it is not resent, and says so.
      await changes.move(print.id, 'unconfirmed', 'failed', { lastError: unconfirmedError(now) }, { reason: 'print_unconfirmed' })?.durable;
      return journal.get(print.id) ?? print;
    }
    const content = await journal.content(print.id);
    await lanes.of(print.terminalId).budget.acquire();
    let action;
    try {
      action = await platform.actions.create(createRequestOf(print, content), {
        idempotencyKey: print.idempotencyKey,
        maxAttempts: 1,
        timeoutMs: policy.requestTimeoutMs,
        signal,
      });
    } catch (error) {
      return this.afterResendFailure(print, error);
    }
    this.context.answered(print.terminalId);
    const accepted = changes.move(print.id, 'accepted', action.status, { actionId: action.id, lastError: null }, { reason: 'given_up' });
    await accepted?.durable;
    const found = journal.get(print.id) ?? print;
    if (isFinalPrintStatus(found.status)) return found;
    this.hooks.follow(found);
    // Only `created` can be cancelled (spec 4.5); one already on the terminal stays as the platform has it.
    if (found.status !== 'created') return found;
    return this.hooks.canceller.cancelOnPlatform(found);
  }

  /** A refusal shows nothing of it is on the platform; anything else leaves it set aside, with why. */
  private async afterResendFailure(print: Readonly<JournalPrint>, error: unknown): Promise<Readonly<JournalPrint>> {
    const { journal, changes, clock } = this.context;
    // The platform looks the key up before its own checks (a busy terminal's 409 included), but not
    // before the credentials: a 401 says nothing about what the key holds.
    const refused =
      error instanceof PlatformError &&
      error.status >= 400 &&
      error.status < 500 &&
      !error.retryable &&
      error.code !== 'idempotency_key_already_used' &&
      !CREDENTIAL_CODES.has(error.code);
    if (!refused) {
      await changes.update(print.id, { lastError: { ...journalErrorOf(error, clock.now()), retryable: false } })?.durable;
      throw error;
    }
    const lastError = {
      code: 'print_given_up',
      status: null,
      detail: `the resend was refused: ${journalErrorOf(error, 0).code}`,
      retryable: false,
      at: clock.now(),
    };
    await changes.move(print.id, 'given_up', 'failed', { lastError }, { reason: 'given_up' })?.durable;
    this.hooks.laneMayMove(print.terminalId);
    return journal.get(print.id) ?? print;
  }
}
