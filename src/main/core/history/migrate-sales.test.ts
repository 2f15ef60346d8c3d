import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateOldSales } from './migrate-sales';
import { openHistory } from './open';
import { createSalesHistory } from './sales-history';
import { sqlite } from './sqlite';

let directory: string | undefined;
afterEach(() => {
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

/** A sale as the separate sales database (before sales joined the history) wrote it: no card fields. */
function oldRecord(id: string, status: string, createdAt: string) {
  return {
    id,
    terminalId: 'NEWLAND_N950__SBX0000001',
    externalReference: id,
    amount: '24.00',
    items: [{ name: 'Coffee', quantity: 2, unitPrice: '12.00' }],
    printOnTerminal: 'no_ticket',
    orderId: status === 'created' ? null : 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3',
    status,
    statusDetail: null,
    paymentMethod: null,
    refundedAmount: '0.00',
    refunds: [],
    receiptPrintId: null,
    lastError: null,
    createdAt,
    updatedAt: createdAt,
    history: [{ status: 'created', detail: null, at: createdAt }],
    idempotencyKey: `key-of-${id}`,
    transactionId: null,
    pendingOperation: null,
  };
}

function writeOldSales(file: string, records: unknown[]): void {
  const db = new (sqlite().DatabaseSync)(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('CREATE TABLE sale_records (sale_id TEXT PRIMARY KEY NOT NULL, final INTEGER NOT NULL, created_at INTEGER NOT NULL, record TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO sale_records (sale_id, final, created_at, record) VALUES (?, ?, ?, ?)');
  for (const record of records) {
    const { id, status, createdAt } = record as { id: string; status: string; createdAt: string };
    insert.run(id, status === 'created' ? 0 : 1, Date.parse(createdAt), JSON.stringify(record));
  }
  insert.run('sale-damaged', 0, 0, '{"not": "a sale"');
  db.close();
}

describe('importing the old sales database into the history', () => {
  it('imports every readable sale once, keeps the old file, and an unfinished sale keeps its key', () => {
    directory = mkdtempSync(join(tmpdir(), 'counter-sales-import-'));
    const salesFile = join(directory, 'sales', 'sandbox.sqlite');
    mkdirSync(join(directory, 'sales'));
    writeOldSales(salesFile, [oldRecord('sale-a', 'created', '2026-01-15T12:00:00.000Z'), oldRecord('sale-b', 'canceled', '2026-01-15T12:01:00.000Z')]);

    const { history, db } = openHistory({ file: join(directory, 'history-sandbox.sqlite') });
    const sales = createSalesHistory(db);
    const report = migrateOldSales(sales, salesFile, { now: () => Date.parse('2026-02-01T00:00:00Z') });
    expect(report).toMatchObject({ imported: 2, unreadable: 1, movedTo: `${salesFile}.migrated-2026-02-01` });
    expect(existsSync(salesFile)).toBe(false);
    expect(readdirSync(join(directory, 'sales'))).toContain('sandbox.sqlite.migrated-2026-02-01');

    expect(sales.unfinished().map((sale) => [sale.id, sale.idempotencyKey, sale.cardLastFour])).toEqual([['sale-a', 'key-of-sale-a', null]]);
    expect(sales.list().map((sale) => sale.id)).toEqual(['sale-b', 'sale-a']);
    // The history's own columns were filled too: the manager and the store read those.
    expect(db.prepare('SELECT idempotency_key FROM payment_orders WHERE id = ?').get('sale-a')).toEqual({ idempotency_key: 'key-of-sale-a' });

    // The old file comes back (a restored backup): the marker says it was imported, nothing is doubled.
    writeOldSales(salesFile, [oldRecord('sale-c', 'created', '2026-01-15T12:02:00.000Z')]);
    expect(migrateOldSales(sales, salesFile)?.imported).toBe(0);
    expect(sales.list()).toHaveLength(2);
    history.closeSync();
  });

  it('does nothing when there is no old sales database', () => {
    directory = mkdtempSync(join(tmpdir(), 'counter-sales-import-'));
    const { history, db } = openHistory({ file: join(directory, 'history-sandbox.sqlite') });
    expect(migrateOldSales(createSalesHistory(db), join(directory, 'sales', 'sandbox.sqlite'))).toBeUndefined();
    history.closeSync();
  });
});
