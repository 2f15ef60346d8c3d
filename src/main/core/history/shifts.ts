import { z } from 'zod';
import { CounterSale, Explanation, Shift, ZReport } from '../../../shared/ipc/channels/day';
import { type DatabaseSync, immediateTransaction } from './sqlite';

/** An explanation as kept: which shift and difference it is about, with the note. */
export const DifferenceNote = Explanation.extend({ shiftId: z.string(), key: z.string() });
export type DifferenceNote = z.infer<typeof DifferenceNote>;

/** Why a shift could not be opened: the counter already has one open (the database's unique index said so). */
export class ShiftAlreadyOpenError extends Error {
  readonly code = 'shift_already_open';
  constructor(counterId: string) {
    super(`counter ${counterId} already has an open shift`);
    this.name = 'ShiftAlreadyOpenError';
  }
}

/**
 * The counter's shifts in the history (migration 005): shifts, cash and other sales, Z reports and the
 * notes explaining reconciliation differences. Every write is one transaction; reads are synchronous.
 */
export interface ShiftBook {
  open(shift: Shift): void;
  get(id: string): Shift | undefined;
  /** The counter's open shift, if any. */
  current(counterId: string): Shift | undefined;
  /** Newest first. */
  recent(limit: number): Shift[];
  /** Closes the shift and stores its Z under the next number, in one transaction; returns the Z as stored. */
  close(shift: Shift, z: (number: number) => Omit<ZReport, 'number'>): ZReport;
  /** The print ids of a Z (its first print and any reprint). */
  addZPrint(number: number, printId: string): ZReport | undefined;
  z(number: number): ZReport | undefined;
  zOfShift(shiftId: string): ZReport | undefined;
  /** Newest first. */
  zReports(limit: number): ZReport[];
  /** Shifts opened at or after a moment (epoch ms), oldest first: what the store database may lack. */
  openedSince(ms: number, limit: number): Shift[];
  /** Z reports numbered above `number`, lowest first. */
  zAfter(number: number, limit: number): ZReport[];
  addCounterSale(sale: CounterSale): void;
  counterSales(shiftId: string): CounterSale[];
  addNote(note: DifferenceNote): void;
  /** Oldest first. */
  notes(shiftId: string): DifferenceNote[];
}

const ms = (iso: string): number => Date.parse(iso);

export function createShiftBook(db: DatabaseSync): ShiftBook {
  const insertShift = db.prepare('INSERT INTO shifts (id, counter_id, status, opened_at, record) VALUES (?, ?, ?, ?, ?)');
  const updateShift = db.prepare('UPDATE shifts SET status = ?, record = ? WHERE id = ?');
  const oneShift = db.prepare('SELECT record FROM shifts WHERE id = ?');
  const openShift = db.prepare("SELECT record FROM shifts WHERE counter_id = ? AND status = 'open'");
  const recentShifts = db.prepare('SELECT record FROM shifts ORDER BY opened_at DESC, rowid DESC LIMIT ?');
  const nextNumber = db.prepare('SELECT COALESCE(MAX(number), 0) + 1 AS next FROM z_reports');
  const insertZ = db.prepare('INSERT INTO z_reports (number, shift_id, created_at, record) VALUES (?, ?, ?, ?)');
  const updateZ = db.prepare('UPDATE z_reports SET record = ? WHERE number = ?');
  const oneZ = db.prepare('SELECT record FROM z_reports WHERE number = ?');
  const zByShift = db.prepare('SELECT record FROM z_reports WHERE shift_id = ?');
  const recentZ = db.prepare('SELECT record FROM z_reports ORDER BY number DESC LIMIT ?');
  const shiftsSince = db.prepare('SELECT record FROM shifts WHERE opened_at >= ? ORDER BY opened_at, rowid LIMIT ?');
  const zAbove = db.prepare('SELECT record FROM z_reports WHERE number > ? ORDER BY number LIMIT ?');
  const insertSale = db.prepare('INSERT INTO counter_sales (id, shift_id, at, record) VALUES (?, ?, ?, ?)');
  const salesOf = db.prepare('SELECT record FROM counter_sales WHERE shift_id = ? ORDER BY at, rowid');
  const insertNote = db.prepare('INSERT INTO difference_notes (shift_id, difference_key, at, record) VALUES (?, ?, ?, ?)');
  const notesOf = db.prepare('SELECT record FROM difference_notes WHERE shift_id = ? ORDER BY id');

  const recordOf = (row: Record<string, unknown> | undefined): unknown => (row === undefined ? undefined : JSON.parse(String(row['record'])));
  const shiftOf = (row: Record<string, unknown> | undefined): Shift | undefined => (row === undefined ? undefined : Shift.parse(recordOf(row)));
  const zOf = (row: Record<string, unknown> | undefined): ZReport | undefined => (row === undefined ? undefined : ZReport.parse(recordOf(row)));

  const transaction = <T>(run: () => T): T => immediateTransaction(db, run);

  return {
    open(shift) {
      try {
        insertShift.run(shift.id, shift.counterId, shift.status, ms(shift.openedAt), JSON.stringify(Shift.parse(shift)));
      } catch (error) {
        if (/UNIQUE constraint failed: shifts\.counter_id/.test(String(error))) throw new ShiftAlreadyOpenError(shift.counterId);
        throw error;
      }
    },
    get: (id) => shiftOf(oneShift.get(id)),
    current: (counterId) => shiftOf(openShift.get(counterId)),
    recent: (limit) => recentShifts.all(limit).flatMap((row) => shiftOf(row) ?? []),
    close(shift, makeZ) {
      return transaction(() => {
        const number = Number(nextNumber.get()?.['next'] ?? 1);
        const closed = Shift.parse({ ...shift, zNumber: number });
        updateShift.run(closed.status, JSON.stringify(closed), closed.id);
        const z = ZReport.parse({ ...makeZ(number), number });
        insertZ.run(number, z.shiftId, ms(z.createdAt), JSON.stringify(z));
        return z;
      });
    },
    addZPrint(number, printId) {
      return transaction(() => {
        const z = zOf(oneZ.get(number));
        if (z === undefined) return undefined;
        const updated = { ...z, printIds: [...z.printIds, printId] };
        updateZ.run(JSON.stringify(updated), number);
        return updated;
      });
    },
    z: (number) => zOf(oneZ.get(number)),
    zOfShift: (shiftId) => zOf(zByShift.get(shiftId)),
    zReports: (limit) => recentZ.all(limit).flatMap((row) => zOf(row) ?? []),
    openedSince: (since, limit) => shiftsSince.all(since, limit).flatMap((row) => shiftOf(row) ?? []),
    zAfter: (number, limit) => zAbove.all(number, limit).flatMap((row) => zOf(row) ?? []),
    addCounterSale(sale) {
      insertSale.run(sale.id, sale.shiftId, ms(sale.at), JSON.stringify(CounterSale.parse(sale)));
    },
    counterSales: (shiftId) => salesOf.all(shiftId).map((row) => CounterSale.parse(recordOf(row))),
    addNote(note) {
      insertNote.run(note.shiftId, note.key, ms(note.at), JSON.stringify(DifferenceNote.parse(note)));
    },
    notes: (shiftId) => notesOf.all(shiftId).map((row) => DifferenceNote.parse(recordOf(row))),
  };
}
