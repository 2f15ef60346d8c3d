import type { Clock } from '../../../shared/clock';
import { isFinalPrintStatus } from '../../../shared/lifecycle/print';
import type { PrintJournal } from './journal-port';
import { RequestBudget } from './request-budget';

/** One terminal's share of the queue: its request budget and its unfinished prints in enqueue order. */
export interface Lane {
  readonly terminalId: string;
  readonly budget: RequestBudget;
  /** Unfinished prints of this terminal in enqueue order: its FIFO. */
  readonly active: string[];
  /**
   * Prints still `created` here that the platform has shown are no longer its terminal's waiting order:
   * a later print's create was accepted, which the one-waiting-order rule allows only once the terminal
   * has taken the one ahead. Only a status read moves them on; until then they hold the lane no more.
   */
  readonly leftWaiting: Set<string>;
}

/** Every terminal's lane, made on first use. */
export class Lanes {
  private readonly byTerminal = new Map<string, Lane>();

  constructor(
    private readonly journal: PrintJournal,
    private readonly clock: Clock,
    private readonly budget: { requestsPerMinute: number; requestBurst: number },
  ) {}

  of(terminalId: string): Lane {
    let lane = this.byTerminal.get(terminalId);
    if (lane === undefined) {
      lane = {
        terminalId,
        budget: new RequestBudget(this.clock, this.budget.requestsPerMinute, 60_000, this.budget.requestBurst),
        active: [],
        leftWaiting: new Set(),
      };
      this.byTerminal.set(terminalId, lane);
    }
    return lane;
  }

  all(): IterableIterator<Lane> {
    return this.byTerminal.values();
  }

  remove(terminalId: string, id: string): void {
    const lane = this.of(terminalId);
    lane.leftWaiting.delete(id);
    const active = lane.active;
    const index = active.indexOf(id);
    if (index !== -1) active.splice(index, 1);
  }

  /** An older print of ours still on this terminal (sent, not finished): the terminal takes this one only after it. */
  waitsBehindAnother(terminalId: string, id: string): boolean {
    for (const other of this.of(terminalId).active) {
      if (other === id) return false;
      const older = this.journal.get(other);
      if (older !== undefined && older.actionId !== null && (older.status === 'created' || older.status === 'on_terminal')) return true;
    }
    return false;
  }

  /** Whether this print may be the terminal's waiting order: ours in `created`, not shown to have left it. */
  holdsWaitingSlot(print: { id: string; terminalId: string; status: string }): boolean {
    return print.status === 'created' && !this.of(print.terminalId).leftWaiting.has(print.id);
  }

  /** Prints of ours wait to be sent behind this one: the lane is draining through it. */
  hasUnsentBehind(terminalId: string, id: string): boolean {
    const active = this.of(terminalId).active;
    for (const other of active.slice(active.indexOf(id) + 1)) {
      const status = this.journal.get(other)?.status;
      if (status === 'queued' || status === 'sending') return true;
    }
    return false;
  }

  /** The first of this terminal's prints that exists on the platform and is not finished. */
  nextOnTerminal(terminalId: string): string | undefined {
    for (const id of this.of(terminalId).active) {
      const print = this.journal.get(id);
      if (print === undefined || print.actionId === null || isFinalPrintStatus(print.status)) continue;
      return id;
    }
    return undefined;
  }

  close(): void {
    for (const lane of this.byTerminal.values()) lane.budget.close();
  }
}
