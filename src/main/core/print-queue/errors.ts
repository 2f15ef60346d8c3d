import { cashierMessage } from '../platform/messages';

/** A refusal the print queue makes itself (not the platform's): an unknown print, a closed journal, … */
export class PrintQueueError extends Error {
  constructor(
    readonly code: string,
    readonly status: number | undefined,
    detail?: string,
  ) {
    super(detail ?? cashierMessage(code, 'en'));
    this.name = 'PrintQueueError';
  }
}
