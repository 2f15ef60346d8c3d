import { z } from 'zod';
import type { RecordedRequest } from '../src/main/testing/harness';

/**
 * Where bench/drain's time goes beyond its floor, read off the sandbox's own action histories (when each
 * print was created, picked up and finished) and the requests the core sent. Per terminal, the time
 * between two prints is the pickup and the print itself (the floor) plus the idle time when the
 * terminal had finished one print and the next had not been created yet; that idle time is split at
 * the core's first check after the previous print's pickup (a status read of it, or the next print's
 * create, which the platform accepts only once nothing waits on the terminal).
 */
const Action = z.object({
  id: z.string(),
  terminal_id: z.string(),
  history: z.array(z.object({ status: z.string(), at: z.number() })),
});
const Actions = z.object({ actions: z.array(Action) });

interface Timeline {
  id: string;
  created: number;
  pickedUp: number;
  finished: number;
}

export interface DrainBreakdown {
  /** Summed over the terminals, seconds. */
  printingS: number;
  pickupS: number;
  /** The terminal had finished and nothing of ours was waiting yet: before the first check after the previous print's pickup. */
  idleUncheckedS: number;
  /** Same, after that check (a read): the create waited (request budget, dispatch). */
  idleCheckedS: number;
  creates: number;
  refusedCreates: number;
  reads: number;
}

function timelines(snapshot: unknown, started: number): Map<string, Timeline[]> {
  const byTerminal = new Map<string, Timeline[]>();
  for (const action of Actions.parse(snapshot).actions) {
    const at = (status: string) => action.history.find((step) => step.status === status)?.at;
    const created = at('created');
    const pickedUp = at('on_terminal');
    const finished = action.history.at(-1)?.at;
    if (created === undefined || pickedUp === undefined || finished === undefined || created < started) continue;
    const list = byTerminal.get(action.terminal_id) ?? [];
    list.push({ id: action.id, created, pickedUp, finished });
    byTerminal.set(action.terminal_id, list);
  }
  for (const list of byTerminal.values()) list.sort((left, right) => left.pickedUp - right.pickedUp);
  return byTerminal;
}

export function drainBreakdown(actionsSnapshot: unknown, log: readonly RecordedRequest[], started: number): DrainBreakdown {
  const result: DrainBreakdown = { printingS: 0, pickupS: 0, idleUncheckedS: 0, idleCheckedS: 0, creates: 0, refusedCreates: 0, reads: 0 };
  const requests = log.filter((request) => request.at >= started && request.path.startsWith('/terminals/v1/actions'));
  const readsOf = new Map<string, number[]>();
  for (const request of requests) {
    if (request.method === 'POST' && request.path === '/terminals/v1/actions') {
      if (request.status === 201) result.creates++;
      else result.refusedCreates++;
    } else if (request.method === 'GET') {
      result.reads++;
      const id = request.path.split('/').at(-1) ?? '';
      readsOf.set(id, [...(readsOf.get(id) ?? []), request.at]);
    }
  }
  for (const list of timelines(actionsSnapshot, started).values()) {
    let previous: Timeline | undefined;
    for (const print of list) {
      const freeAt = previous?.finished ?? started;
      result.printingS += (print.finished - print.pickedUp) / 1000;
      result.pickupS += (print.pickedUp - Math.max(freeAt, print.created)) / 1000;
      if (print.created > freeAt) {
        const pickedUp = previous?.pickedUp;
        const seenAt = pickedUp === undefined ? freeAt : (readsOf.get(previous?.id ?? '')?.find((at) => at >= pickedUp) ?? print.created);
        const split = Math.min(print.created, Math.max(freeAt, seenAt));
        result.idleUncheckedS += (split - freeAt) / 1000;
        result.idleCheckedS += (print.created - split) / 1000;
      }
      previous = print;
    }
  }
  return result;
}
