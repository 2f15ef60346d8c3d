import { CounterError } from '../errors';
import { cashierMessage } from '../platform/messages';

/** A refusal the print queue makes itself (not the platform's): an unknown print, a closed journal, … */
export class PrintQueueError extends CounterError {
  constructor(code: string, status: number | undefined, detail?: string) {
    // None of these changes by asking again unchanged: the print, the content or the disk must change first.
    super({ code, status, retryable: false, message: detail ?? cashierMessage(code, 'en') });
    this.name = 'PrintQueueError';
  }
}
