import { CounterError } from '../errors';

/** The history cannot be written (a failed commit, or closed): every later write is refused with it, so memory never runs ahead of the disk. */
export class JournalUnavailableError extends CounterError {
  constructor(cause: unknown) {
    super({
      code: 'journal_unavailable',
      retryable: false,
      message: `the print journal cannot be written: ${cause instanceof Error ? cause.message : String(cause)}`,
    });
    this.name = 'JournalUnavailableError';
  }
}
