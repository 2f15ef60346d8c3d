/**
 * `node:sqlite`, loaded through `process.getBuiltinModule` so no bundler has to know the module (it is
 * newer than some bundlers' list of builtins), and without the ExperimentalWarning that runtimes older
 * than Node 24 print once on its first load (Electron's Node, docs/decisions.md "Print history").
 */
import type * as NodeSqlite from 'node:sqlite';

type Sqlite = typeof NodeSqlite;
export type DatabaseSync = NodeSqlite.DatabaseSync;
export type StatementSync = NodeSqlite.StatementSync;

let loaded: Sqlite | undefined;

export function sqlite(): Sqlite {
  if (loaded !== undefined) return loaded;
  const emitWarning = process.emitWarning;
  // Only this one warning, only during this one synchronous load: every other warning still reaches its listeners.
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/sqlite/i.test(text)) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  let module: Sqlite | undefined;
  try {
    // Undefined (not a throw) on a runtime without the module, and getBuiltinModule itself is Node ≥ 22.3.
    module = typeof process.getBuiltinModule === 'function' ? (process.getBuiltinModule('node:sqlite') as Sqlite | undefined) : undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
  if (module === undefined) throw new Error(`node:sqlite is not available in Node ${process.versions.node}: the print history needs Node ≥ 22.13`);
  loaded = module;
  return loaded;
}

/**
 * Runs `run` in one write transaction (taken at once, so two writers never both read then write) and
 * rolls it back if `run` throws; the rollback is skipped when SQLite already ended the transaction.
 */
export function immediateTransaction<T>(db: DatabaseSync, run: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = run();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
