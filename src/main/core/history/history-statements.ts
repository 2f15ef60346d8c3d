import { PRINT_COLUMNS } from './rows';
import type { DatabaseSync, StatementSync } from './sqlite';

const PLACEHOLDERS = PRINT_COLUMNS.map(() => '?').join(', ');
const PRUNABLE = 'SELECT id FROM prints WHERE final = 1 AND updated_at < ?';

/** Every statement the history runs more than once, prepared once at open. */
export function prepareStatements(db: DatabaseSync) {
  const statement = (sql: string): StatementSync => db.prepare(sql);
  return {
    insertPrint: statement(`INSERT INTO prints (${PRINT_COLUMNS.join(', ')}) VALUES (${PLACEHOLDERS})`),
    insertTransition: statement('INSERT INTO print_transitions (print_id, status, at, reason) VALUES (?, ?, ?, ?)'),
    insertContent: statement('INSERT INTO print_contents (print_id, content) VALUES (?, ?)'),
    selectPrint: statement('SELECT * FROM prints WHERE id = ?'),
    selectTransitions: statement('SELECT status, at, reason FROM print_transitions WHERE print_id = ? ORDER BY id'),
    selectContent: statement('SELECT content FROM print_contents WHERE print_id = ?'),
    selectUnfinished: statement('SELECT * FROM prints WHERE final = 0 ORDER BY seq'),
    // prints_by_reference: an exact reference is a few index entries, where the manager's search reads them all.
    selectIdsByReference: statement('SELECT id, external_reference FROM prints WHERE reference_key = ? AND terminal_id = ? ORDER BY seq'),
    selectMaxSeq: statement('SELECT max(seq) AS n FROM prints'),
    countPrints: statement('SELECT count(*) AS n FROM prints'),
    selectPrunable: statement(PRUNABLE),
    deletePrunedTransitions: statement(`DELETE FROM print_transitions WHERE print_id IN (${PRUNABLE})`),
    deletePrunedContents: statement(`DELETE FROM print_contents WHERE print_id IN (${PRUNABLE})`),
    deletePruned: statement('DELETE FROM prints WHERE final = 1 AND updated_at < ?'),
    insertOrIgnorePrint: statement(`INSERT OR IGNORE INTO prints (${PRINT_COLUMNS.join(', ')}) VALUES (${PLACEHOLDERS})`),
  };
}

export type HistoryStatements = ReturnType<typeof prepareStatements>;
