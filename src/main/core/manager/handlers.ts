import type { Clock } from '../../../shared/clock';
import type { Language } from '../../../shared/ipc/channels/app';
import type { ManagerBoard } from '../../../shared/ipc/channels/manager';
import { PrintSummary, type ListPrintsRequest } from '../../../shared/ipc/channels/prints';
import { FINAL_PRINT_STATUSES } from '../../../shared/lifecycle/print';
import type { TerminalList } from '../../../shared/ipc/channels/terminals';
import { CounterError } from '../errors';
import type { ChannelHandlers } from '../ipc/dispatch';
import type { EventHub } from '../ipc/events';
import type { PrintQueue } from '../print-queue/print-queue';
import { terminalBoard, UNFINISHED_STATUSES } from './board';
import { printsCsv } from './csv';

export interface ManagerDependencies {
  /** The print queue of the current environment (a new one after an environment switch). */
  queue(): Promise<PrintQueue>;
  /** The account's terminals, read from the platform. */
  terminals(): Promise<TerminalList>;
  events: EventHub;
  clock: Clock;
  /** The cashier's language, for the board's note on why the terminal list is missing. */
  language(): Language;
}

export type ManagerHandlers = Pick<ChannelHandlers, 'manager.board' | 'manager.printLinks' | 'manager.pruneCount' | 'prints.export'>;

const DAY_MS = 24 * 60 * 60_000;
/** The terminal list changes rarely; the board is asked for at every print change. */
const TERMINALS_FRESH_MS = 60_000;
/** After a failed read, the board does not ask the platform again at every print change. */
const TERMINALS_RETRY_MS = 15_000;
/** The queue's own pages are capped at 200 by the contract; main itself may ask for every row at once. */
const EVERY_ROW = Number.MAX_SAFE_INTEGER;
const FAILURE_PAGE = 200;
/** Enough of a terminal's latest prints to find one the platform accepted. */
const ANSWER_LOOKBACK = 50;

interface QueueState {
  terminals?: { list: TerminalList; at: number };
  terminalsFailedAt?: number;
  terminalsProblem: string | null;
  reading?: Promise<void>;
  journalAnswers: Map<string, number>;
}

function rows(queue: PrintQueue, filters: ListPrintsRequest['filters'], sort: ListPrintsRequest['sort']): PrintSummary[] {
  return queue.list({ filters, sort, page: { index: 0, size: EVERY_ROW } }).items;
}

function readTerminals(dependencies: ManagerDependencies, state: QueueState): Promise<void> {
  const { clock } = dependencies;
  state.reading ??= dependencies
    .terminals()
    .then(
      (list) => {
        state.terminals = { list, at: clock.now() };
        state.terminalsFailedAt = undefined;
        state.terminalsProblem = null;
      },
      (error: unknown) => {
        state.terminalsFailedAt = clock.now();
        state.terminalsProblem = error instanceof CounterError ? error.cashierMessage(dependencies.language()) : String(error);
      },
    )
    .finally(() => {
      state.reading = undefined;
    });
  return state.reading;
}

/** The terminal list, fresh enough: a stale one is answered at once and refreshed behind it. */
async function terminalsFor(dependencies: ManagerDependencies, state: QueueState): Promise<TerminalList | undefined> {
  const now = dependencies.clock.now();
  const fresh = state.terminals !== undefined && now - state.terminals.at < TERMINALS_FRESH_MS;
  const resting = state.terminalsFailedAt !== undefined && now - state.terminalsFailedAt < TERMINALS_RETRY_MS;
  if (!fresh && !resting) {
    const reading = readTerminals(dependencies, state);
    if (state.terminals === undefined) await reading;
  }
  return state.terminals?.list;
}

function failedSince(queue: PrintQueue, since: number): PrintSummary[] {
  const failed: PrintSummary[] = [];
  for (let index = 0; ; index++) {
    const page = queue.list({ filters: { status: ['failed'] }, sort: { field: 'updatedAt', direction: 'desc' }, page: { index, size: FAILURE_PAGE } });
    for (const print of page.items) {
      if (Date.parse(print.updatedAt) < since) return failed;
      failed.push(print);
    }
    if (page.items.length < FAILURE_PAGE) return failed;
  }
}

/**
 * When the platform last accepted something about this terminal, as far as the journal tells: used
 * until the queue hears from it this run. Remembered, since every later answer goes to `answers`.
 */
function journalAnswer(queue: PrintQueue, state: QueueState, terminalId: string): void {
  if (state.journalAnswers.has(terminalId)) return;
  const latest = queue.list({ filters: { terminalId }, sort: { field: 'updatedAt', direction: 'desc' }, page: { index: 0, size: ANSWER_LOOKBACK } });
  const accepted = latest.items.find((print) => print.actionId !== null);
  if (accepted !== undefined) state.journalAnswers.set(terminalId, Date.parse(accepted.updatedAt));
}

/**
 * The manager view's channels, Electron-free. Everything is answered from the print queue's public
 * API (so the filtering and sorting stay where prints.list does them), plus the platform's terminal
 * list, kept for a minute per environment.
 */
export function createManagerHandlers(dependencies: ManagerDependencies): ManagerHandlers {
  const { clock, events } = dependencies;
  const states = new WeakMap<PrintQueue, QueueState>();
  const iso = (ms: number) => new Date(ms).toISOString();

  /** Per queue, so switching environments never mixes one environment's terminals with another's prints. */
  function stateOf(queue: PrintQueue): QueueState {
    let state = states.get(queue);
    if (state === undefined) {
      state = { terminalsProblem: null, journalAnswers: new Map() };
      states.set(queue, state);
      queue.onAnswer((terminalId, at) => events.emit('terminal.answered', { terminalId, at: iso(at) }));
    }
    return state;
  }

  async function openQueue(): Promise<PrintQueue> {
    const queue = await dependencies.queue();
    stateOf(queue);
    return queue;
  }

  // Answers are followed from the start, and from the new queue after an environment switch, not only
  // once the manager's screen has asked for something.
  const follow = () => void openQueue().catch(() => undefined);
  follow();
  events.subscribe((name) => {
    if (name === 'settings.changed') follow();
  });

  async function board(failuresSince: string): Promise<ManagerBoard> {
    const queue = await openQueue();
    const state = stateOf(queue);
    const terminals = await terminalsFor(dependencies, state);
    const unfinished = rows(queue, { status: [...UNFINISHED_STATUSES] }, { field: 'createdAt', direction: 'asc' });
    const failedToday = failedSince(queue, Date.parse(failuresSince));
    const answers = queue.lastAnswers();
    for (const terminal of terminals?.terminals ?? []) if (!answers.has(terminal.id)) journalAnswer(queue, state, terminal.id);
    return {
      terminals: terminalBoard({ terminals: terminals?.terminals, unfinished, failedToday, answers, journalAnswers: state.journalAnswers }),
      terminalsProblem: state.terminalsProblem,
      at: iso(clock.now()),
    };
  }

  return {
    'manager.board': (request) => board(request.failuresSince),

    'manager.printLinks': async (request) => {
      const queue = await openQueue();
      const print = await queue.get(request.id, false);
      const original =
        print.reprintOf === null
          ? null
          : await queue.get(print.reprintOf, false).then(
              (detail) => PrintSummary.parse(detail),
              () => null,
            );
      // prints.reprint names a reprint after its original (the reference's first 55 characters, then
      // "-R" and a suffix): the search narrows the journal to those in main, and reprintOf decides.
      const named = rows(queue, { search: `${print.externalReference.slice(0, 55)}-R` }, { field: 'createdAt', direction: 'asc' });
      return { original, reprints: named.filter((candidate) => candidate.reprintOf === print.id) };
    },

    'manager.pruneCount': async (request) => {
      const queue = await openQueue();
      const before = clock.now() - request.olderThanDays * DAY_MS;
      // The same rule as the journal's prune: a finished print last changed before the cut-off.
      const finished = rows(queue, { status: [...FINAL_PRINT_STATUSES] }, { field: 'updatedAt', direction: 'asc' });
      let count = 0;
      for (const print of finished) {
        if (Date.parse(print.updatedAt) >= before) break;
        count++;
      }
      return { count, before: iso(before) };
    },

    'prints.export': async (request) => {
      const queue = await openQueue();
      const matching = rows(queue, request.filters, request.sort);
      return { csv: printsCsv(matching, dependencies.language()), rows: matching.length };
    },
  };
}
