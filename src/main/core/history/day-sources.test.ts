import { describe, expect, it } from 'vitest';
import { createDaySources, TERMINAL_SALES_SQL } from './day-sources';
import { createSalesHistory } from './sales-history';
import { migrated } from './schema';
import { sqlite } from './sqlite';
import { sampleSale } from './test-sales';

describe("the day's read of terminal sales", () => {
  it('is answered from the covering index, without reading (or parsing) one whole record', () => {
    const db = migrated(new (sqlite().DatabaseSync)(':memory:'));
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${TERMINAL_SALES_SQL}`)
      .all(0, 0)
      .map((row) => String(row['detail']));
    expect(plan).toEqual(['SEARCH sale_records USING COVERING INDEX sale_records_day_facts (created_at>? AND created_at<?)']);
    db.close();
  });

  it("reads a window's sales in time order, and leaves out a damaged record rather than refuse it or hide the rest", () => {
    const db = migrated(new (sqlite().DatabaseSync)(':memory:'));
    const sales = createSalesHistory(db);
    const at = (second: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, second)).toISOString();
    sales.save(sampleSale('b', { status: 'processed', amount: '12.50', createdAt: at(2), updatedAt: at(2) }));
    sales.save(sampleSale('a', { status: 'refunded', amount: '3.00', refundedAmount: '3.00', createdAt: at(1), updatedAt: at(1) }));
    // A row a salvage copied from a damaged file: not JSON at all. The index takes it (as null) and the read skips it.
    db.prepare("INSERT INTO sale_records (sale_id, final, created_at, record) VALUES ('broken', 1, ?, 'not json')").run(Date.parse(at(3)));
    const read = createDaySources(db).terminalSales(Date.parse(at(0)), Date.parse(at(5)));
    expect(read.map((sale) => [sale.id, sale.amount, sale.status])).toEqual([
      ['a', '3.00', 'refunded'],
      ['b', '12.50', 'processed'],
    ]);
    db.close();
  });
});
