import type { ChannelHandlers } from '../ipc/dispatch';
import type { PrintQueue } from './print-queue';

export type PrintHandlers = Pick<
  ChannelHandlers,
  'prints.enqueue' | 'prints.cancel' | 'prints.get' | 'prints.list' | 'prints.prune' | 'prints.reprint' | 'prints.retry' | 'prints.giveUp'
>;

/**
 * The print channels over the current environment's queue (a new one after an environment switch).
 * Refusals are the queue's and the platform's typed errors, mapped by the dispatcher.
 */
export function createPrintHandlers(queue: () => Promise<PrintQueue>): PrintHandlers {
  return {
    'prints.enqueue': async (request) => (await queue()).enqueue(request),
    'prints.cancel': async (request) => (await queue()).cancel(request.id),
    'prints.get': async (request) => (await queue()).get(request.id, request.includeContent),
    'prints.list': async (request) => (await queue()).list(request),
    'prints.prune': async (request) => ({ removed: await (await queue()).prune(request.olderThanDays) }),
    'prints.reprint': async (request) => (await queue()).reprint(request.id, request.terminalId),
    'prints.retry': async (request) => (await queue()).retry(request.id),
    'prints.giveUp': async (request) => (await queue()).giveUp(request.id),
  };
}
