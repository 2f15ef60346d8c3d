import { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import { z } from 'zod';
import { TerminalSaleStatus } from '../../../shared/ipc/channels/terminal-sales';
import { SALE_DAY_FACTS_EXPRESSION } from './migrations/009-sale-day-facts';
import type { DatabaseSync } from './sqlite';

/**
 * What the day needs of a terminal sale: read with SQLite's JSON functions from the sale's record, so an X
 * report of thousands of sales does not parse each whole record (items, history) in JavaScript.
 */
export const TerminalSaleFacts = z.object({
  id: z.string(),
  terminalId: z.string(),
  externalReference: z.string(),
  amount: z.string(),
  refundedAmount: z.string(),
  /** How many refunds the sale has had. */
  refunds: z.number().int(),
  status: TerminalSaleStatus,
  createdAt: z.string(),
});
export type TerminalSaleFacts = z.infer<typeof TerminalSaleFacts>;

/**
 * What a shift's report and reconciliation read of the rest of the history, by time window (epoch ms,
 * both ends included): terminal sales and checkout sales made in it, and how its prints ended. Each is one
 * indexed range read; a damaged record is left out rather than hide the rest.
 */
export interface DaySources {
  terminalSales(from: number, until: number): TerminalSaleFacts[];
  checkoutSales(from: number, until: number): CheckoutSale[];
  prints(from: number, until: number): { made: number; failed: number };
  /** The store's currency as the platform last gave it (the newest checkout sale's), or null before any. */
  currency(): string | null;
}

const STATUSES = new Set<string>(TerminalSaleStatus.options);

/** A damaged record is left out, as every other read of the history does, rather than hide the rest. */
function factsOf(id: string, text: string): TerminalSaleFacts[] {
  try {
    const [terminalId, externalReference, amount, refundedAmount, refunds, status, createdAt] = JSON.parse(text) as unknown[];
    const strings = [terminalId, externalReference, amount, refundedAmount, createdAt];
    if (!strings.every((value) => typeof value === 'string') || !Array.isArray(refunds) || typeof status !== 'string' || !STATUSES.has(status)) return [];
    return [{ id, terminalId, externalReference, amount, refundedAmount, refunds: refunds.length, status, createdAt } as TerminalSaleFacts];
  } catch {
    return [];
  }
}

/**
 * A window's terminal sales, answered from the covering index of migration 009 (its very expression): an X
 * of a busy day reads thousands of these without SQLite parsing one record.
 */
export const TERMINAL_SALES_SQL = `
  SELECT sale_id AS id, ${SALE_DAY_FACTS_EXPRESSION} AS facts
  FROM sale_records WHERE created_at BETWEEN ? AND ? ORDER BY created_at, sale_id`;

export function createDaySources(db: DatabaseSync): DaySources {
  const sales = db.prepare(TERMINAL_SALES_SQL);
  // checkout_sales.created_at is the sale's ISO time (UTC, "Z"), which sorts as the time does.
  const checkout = db.prepare('SELECT sale FROM checkout_sales WHERE created_at BETWEEN ? AND ? ORDER BY created_at, rowid');
  const prints = db.prepare("SELECT status, count(*) AS n FROM prints WHERE created_at BETWEEN ? AND ? AND status IN ('processed', 'failed') GROUP BY status");
  const lastCurrency = db.prepare(
    "SELECT sale ->> '$.currencyId' AS currency FROM checkout_sales WHERE sale ->> '$.currencyId' IS NOT NULL ORDER BY created_at DESC LIMIT 1",
  );
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
    terminalSales: (from, until) => sales.all(from, until).flatMap((row) => factsOf(String(row['id']), String(row['facts']))),
    checkoutSales: (from, until) => each(checkout.all(iso(from), iso(until)), 'sale', (text) => CheckoutSale.parse(JSON.parse(text))),
    currency() {
      const currency = lastCurrency.get()?.['currency'];
      return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : null;
    },
    prints(from, until) {
      const counts = new Map(prints.all(from, until).map((row) => [String(row['status']), Number(row['n'])]));
      return { made: counts.get('processed') ?? 0, failed: counts.get('failed') ?? 0 };
    },
  };
}
