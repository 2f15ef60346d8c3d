import type { DatabaseSync } from 'node:sqlite';
import { createStoreOutbox } from '../history/store-outbox';
import type { Outbox } from './outbox';

/**
 * The outbox as a table in the counter's history database (history/store-outbox.ts, created by the
 * history's migrations). Give it the history's own DatabaseSync, and call `append` inside the transaction
 * that writes the local change.
 */
export function createSqliteOutbox(database: DatabaseSync): Outbox {
  return createStoreOutbox(database);
}
