import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import { createCheckoutSales } from './checkout-sales';
import { openHistory } from './open';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function historyFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'counter-checkout-sales-'));
  directories.push(directory);
  return join(directory, 'history-sandbox.sqlite');
}

function sale(preferenceId: string, createdAt: string, patch: Partial<CheckoutSale> = {}): CheckoutSale {
  return {
    preferenceId,
    externalReference: `SALE-${preferenceId}`,
    environment: 'sandbox',
    industry: null,
    createdAt,
    updatedAt: createdAt,
    items: [{ title: 'Mug', quantity: 1, unitPrice: 10 }],
    total: 10,
    currencyId: 'ARS',
    payerEmail: null,
    initPoint: `http://127.0.0.1/checkout/pay/${preferenceId}`,
    sandboxInitPoint: `http://127.0.0.1/checkout/pay/${preferenceId}?sandbox=true`,
    notificationUrl: null,
    status: 'created',
    merchantOrderId: null,
    payments: [],
    chargebacks: [],
    report: null,
    ...patch,
  };
}

const ids = (sales: readonly CheckoutSale[]): string[] => sales.map((entry) => entry.preferenceId);

describe('checkout sales in the history', () => {
  it('lists newest first, the sale written last after others of the same time, and keeps only the newest', () => {
    const { history, db } = openHistory({ file: historyFile() });
    const sales = createCheckoutSales(db, { maxSales: 3 });
    sales.put(sale('a', '2026-01-15T12:00:00.000Z'));
    sales.put(sale('b', '2026-01-15T12:00:00.000Z'));
    sales.put(sale('c', '2026-01-15T12:01:00.000Z'));
    expect(ids(sales.list())).toEqual(['c', 'a', 'b']);
    // Rewritten: the same time, now the last written of it.
    sales.put(sale('a', '2026-01-15T12:00:00.000Z', { status: 'approved' }));
    expect(ids(sales.list())).toEqual(['c', 'b', 'a']);
    expect(sales.get('a')?.status).toBe('approved');
    sales.put(sale('d', '2026-01-15T12:02:00.000Z'));
    expect(ids(sales.all())).toEqual(['d', 'c', 'b']);
    expect(ids(sales.list(2))).toEqual(['d', 'c']);
    history.closeSync();
  });

  it('imports the sales kept elsewhere once, all or none: a crash mid-import and a restart import each exactly once', () => {
    const file = historyFile();
    const kept = [sale('old-1', '2026-01-10T09:00:00.000Z'), sale('old-2', '2026-01-11T09:00:00.000Z'), sale('old-3', '2026-01-12T09:00:00.000Z')];
    const first = openHistory({ file });
    // The oldest sale, written last (newest first), cannot be written: the import stops there, as a crash would.
    const crashing = [{ ...kept[0], toJSON: () => JSON.parse('{') as unknown } as unknown as CheckoutSale, ...kept.slice(1)];
    expect(() => createCheckoutSales(first.db).importOnce(() => crashing)).toThrow();
    expect(createCheckoutSales(first.db).all()).toEqual([]);
    first.history.closeSync();

    const second = openHistory({ file });
    const sales = createCheckoutSales(second.db);
    expect(sales.importOnce(() => kept)).toEqual({ imported: 3, alreadyDone: false });
    let readAgain = false;
    expect(
      sales.importOnce(() => {
        readAgain = true;
        return kept;
      }),
    ).toEqual({ imported: 0, alreadyDone: true });
    expect(readAgain).toBe(false);
    second.history.closeSync();

    const third = openHistory({ file });
    const reopened = createCheckoutSales(third.db);
    expect(reopened.importOnce(() => kept)).toEqual({ imported: 0, alreadyDone: true });
    expect(ids(reopened.list())).toEqual(['old-3', 'old-2', 'old-1']);
    third.history.closeSync();
  });

  it('leaves out a sale it cannot read back rather than hide every other', () => {
    const { history, db } = openHistory({ file: historyFile() });
    const sales = createCheckoutSales(db);
    sales.put(sale('good', '2026-01-15T12:00:00.000Z'));
    db.prepare("INSERT INTO checkout_sales (preference_id, created_at, sale) VALUES ('bad', '2026-01-15T12:05:00.000Z', '{\"not\": \"a sale\"}')").run();
    expect(ids(sales.list())).toEqual(['good']);
    expect(sales.get('bad')).toBeUndefined();
    history.closeSync();
  });
});
