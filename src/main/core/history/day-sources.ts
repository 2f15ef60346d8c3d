import { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import { parseSaleRecord, type SaleRecord } from './records/terminal-sale';
import type { DatabaseSync } from './sqlite';

/**
 * What a shift's report and reconciliation read of the rest of the history, by time window (epoch ms,
 * both ends included): terminal sales and checkout sales made in it, and how its prints ended. Each is one
 * indexed range read; a damaged record is left out rather than hide the rest.
 */
export interface DaySources {
  terminalSales(from: number, until: number): SaleRecord[];
  checkoutSales(from: number, until: number): CheckoutSale[];
  prints(from: number, until: number): { made: number; failed: number };
}

export function createDaySources(db: DatabaseSync): DaySources {
  const sales = db.prepare('SELECT record FROM sale_records WHERE created_at BETWEEN ? AND ? ORDER BY created_at, rowid');
  // checkout_sales.created_at is the sale's ISO time (UTC, "Z"), which sorts as the time does.
  const checkout = db.prepare('SELECT sale FROM checkout_sales WHERE created_at BETWEEN ? AND ? ORDER BY created_at, rowid');
  const prints = db.prepare("SELECT status, count(*) AS n FROM prints WHERE created_at BETWEEN ? AND ? AND status IN ('processed', 'failed') GROUP BY status");
  const iso = (ms: number): string => new Date(ms).toISOString();
  const each = <T>(rows: Array<Record<string, unknown>>, column: string, parse: (text: string) => T): T[] =>
    rows.flatMap((row) => {
      try {
        return [parse(String(row[column]))];
      } catch {
        return [];
      }
    });
  return {
    terminalSales: (from, until) => each(sales.all(from, until), 'record', parseSaleRecord),
    checkoutSales: (from, until) => each(checkout.all(iso(from), iso(until)), 'sale', (text) => CheckoutSale.parse(JSON.parse(text))),
    prints(from, until) {
      const counts = new Map(prints.all(from, until).map((row) => [String(row['status']), Number(row['n'])]));
      return { made: counts.get('processed') ?? 0, failed: counts.get('failed') ?? 0 };
    },
  };
}
