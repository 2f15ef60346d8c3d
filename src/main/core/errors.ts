import type { Language } from '../../shared/ipc/channels/app';
import type { IpcFailure } from '../../shared/ipc/define';
import { cashierMessage } from './platform/messages';

export interface CounterErrorInit {
  /** A code of spec 7 or one of Counter's own (docs/decisions.md), the key of the cashier's message. */
  code: string;
  /** The HTTP status the failure stands for, when there is one. */
  status?: number;
  /** Whether asking again, unchanged, may succeed. */
  retryable: boolean;
  /** Error.message: for logs and support, in English; the cashier sees `cashierMessage` instead. */
  message: string;
}

/**
 * Every failure the core raises on purpose. The dispatcher maps each to an IpcFailure in one place, with
 * the cashier's message in the language of the settings; anything else thrown is a bug and stays the
 * generic internal failure.
 */
export abstract class CounterError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly retryable: boolean;

  protected constructor(init: CounterErrorInit) {
    super(init.message);
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status;
    this.retryable = init.retryable;
  }

  /** The cashier's text: short, plain, saying what to do next. */
  cashierMessage(language: Language): string {
    return cashierMessage(this.code, language);
  }

  /** The status the renderer is told; a subclass may have statuses that are not HTTP ones. */
  protected failureStatus(): number | undefined {
    return this.status;
  }

  toFailure(language: Language): IpcFailure {
    const status = this.failureStatus();
    return { code: this.code, message: this.cashierMessage(language), ...(status === undefined ? {} : { status }), retryable: this.retryable };
  }
}
