import type { Clock } from '../../../shared/clock';
import { type PrintStatus } from '../../../shared/ipc/channels/prints';
import { createLifecycleWriter, type LifecycleWriter } from '../../../shared/lifecycle/kit';
import { isFinalPrintStatus, PRINT_LIFECYCLE, type PrintEvent } from '../../../shared/lifecycle/print';
import type { Logger } from '../ports';
import type { PrintJournal } from './journal-port';
import type { JournalPrint, JournalTransition, PrintPatch } from '../history/records/print';

export interface Changed {
  print: Readonly<JournalPrint>;
  /** Settles once the change is on disk; rejects if it could not be written. */
  durable: Promise<void>;
}

export interface PrintChangesOptions {
  journal: PrintJournal;
  clock: Clock;
  logger: Logger;
  /** Tells the renderer (a summary of the print as it now is). */
  emit: (print: Readonly<JournalPrint>) => void;
  /** Called once when a print reaches a final status, before the event. */
  onFinal: (print: Readonly<JournalPrint>) => void;
}

/** The fields that are not the status: the status only changes through `move`. */
export type FieldPatch = Omit<PrintPatch, 'status' | 'updatedAt'>;

/**
 * The only way a print changes: `move` checks a status change against the lifecycle table (spec 3,
 * DESIGN.md: forward only) on the print as the journal holds it NOW, not on a caller's older copy, so a
 * late answer or a cancel that won a race is never undone. Every change is applied in memory, told to
 * the renderer at once, and made durable by the journal.
 */
interface MoveOptions {
  reason?: string | null;
  defer?: boolean;
}

export class PrintChanges {
  private readonly writer: LifecycleWriter<string, PrintStatus, PrintEvent, { fields: FieldPatch; options: MoveOptions }, Changed>;

  constructor(private readonly options: PrintChangesOptions) {
    this.writer = createLifecycleWriter(PRINT_LIFECYCLE, {
      read: (id: string) => options.journal.get(id),
      statusOf: (print) => print.status,
      commit: (print, { to }, { fields, options: how }) => {
        const transition: JournalTransition = { status: to, at: options.clock.now(), reason: how.reason ?? null };
        return this.write(print, { ...fields, status: to }, transition, how.defer === true);
      },
    });
  }

  /** Moves the print to `to` on `event`, with `fields`; undefined (and logged) when the table refuses it. */
  move(id: string, event: PrintEvent, to: PrintStatus, fields: FieldPatch = {}, options: MoveOptions = {}): Changed | undefined {
    if (this.options.journal.get(id) === undefined) return undefined;
    const result = this.writer.move(id, event, to, { fields, options });
    if (result.ok) return result.written;
    this.options.logger.info('a print status change was refused', { id, event, to, reason: result.reason });
    return undefined;
  }

  /** Changes fields other than the status (an error, a key, an attempt count). */
  update(id: string, fields: FieldPatch, options: { defer?: boolean } = {}): Changed | undefined {
    const print = this.options.journal.get(id);
    if (print === undefined) return undefined;
    return this.write(print, fields, undefined, options.defer === true);
  }

  private write(print: Readonly<JournalPrint>, patch: PrintPatch, transition: JournalTransition | undefined, defer: boolean): Changed {
    const { journal, logger } = this.options;
    // Held back until the renderer has been told: encoding and queueing the record is not the cashier's wait.
    const { print: updated, durable } = journal.update(print.id, { ...patch, updatedAt: this.options.clock.now() }, transition, { defer: true });
    if (transition !== undefined && isFinalPrintStatus(updated.status)) this.options.onFinal(updated);
    try {
      this.options.emit(updated);
    } catch (error) {
      logger.warn('a print event listener failed', { error: String(error) });
    }
    if (!defer) journal.writeDeferred();
    // Not awaited on the hot path: a lost transition replays as an earlier status, which the queue redoes safely.
    durable.catch((error: unknown) => logger.error('a print transition could not be journaled', { id: print.id, error: String(error) }));
    return { print: updated, durable };
  }
}
