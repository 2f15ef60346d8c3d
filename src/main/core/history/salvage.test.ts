import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import { createCheckoutSales } from './checkout-sales';
import { historyMeta, MARKERS } from './meta';
import { openHistory, type HistoryOpenReport } from './open';
import { createSalesHistory } from './sales-history';
import { PAGE_SIZE, TABLE_ROLES, TABLES, type Table } from './schema';
import { sqlite } from './sqlite';
import { historyStartupNotice } from './startup-notice';
import { createStoreOutbox } from './store-outbox';
import { createStaffRecords } from './staff-records';
import { samplePrint } from './test-prints';
import { sampleSale } from './test-sales';

/**
 * A damaged page of any table: the salvage keeps every other row, and the start-up notice says, kind by
 * kind, what was kept and what was lost, counted from the table's indexes. Fixed ids and times: the pages'
 * layout, and so which rows sit on the damaged page, is the same every run.
 */
const PRINTS = 200;
const TERMINAL_SALES = 80;
const CHECKOUT_SALES = 60;
const OUTBOX_ENTRIES = 150;
const STAFF_ROWS = 60;
const AUDIT_ROWS = 300;
/** Kinds the start-up notice does not count (the staff and their audit trail): their own test below. */
const UNCOUNTED = ['meta', 'staff', 'audit'];
/** Outbox entries the store refused, set aside (counted with the outbox's). */
const ASIDE_ENTRIES = 40;

/** The kinds the notice names, and the records of each in the healthy history. */
const KINDS = {
  prints: PRINTS,
  terminalSales: TERMINAL_SALES,
  paymentOrders: TERMINAL_SALES,
  checkoutSales: CHECKOUT_SALES,
  storeOutbox: OUTBOX_ENTRIES + ASIDE_ENTRIES,
};
type Kind = keyof typeof KINDS;
const NAMES: Record<Kind, string> = {
  prints: 'prints',
  terminalSales: 'terminal sales',
  paymentOrders: 'payment orders',
  checkoutSales: 'checkout sales',
  storeOutbox: 'changes waiting for the store database',
};

let root: string;
let healthy: string;
let lastSeq: number;

function checkoutSale(index: number): CheckoutSale {
  const id = `1001-${String(index).padStart(6, '0')}`;
  const at = new Date(Date.UTC(2026, 0, 15, 12, index)).toISOString();
  return {
    preferenceId: id,
    externalReference: `SALE-${id}`,
    environment: 'sandbox',
    industry: null,
    createdAt: at,
    updatedAt: at,
    items: [{ title: `Ceramic mug ${index}`, quantity: 2, unitPrice: 3500 }],
    total: 7000,
    currencyId: 'ARS',
    payerEmail: 'ana@example.com',
    initPoint: `http://127.0.0.1:9/checkout/pay/${id}`,
    sandboxInitPoint: `http://127.0.0.1:9/checkout/pay/${id}?sandbox=true`,
    notificationUrl: 'http://127.0.0.1:9/notifications',
    status: 'approved',
    merchantOrderId: String(21_000_000_000 + index),
    payments: [{ id: String(1_310_000_000 + index), status: 'approved', statusDetail: 'accredited', amount: 7000, currencyId: 'ARS', updatedAt: at }],
    chargebacks: [],
    report: null,
  };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'counter-salvage-'));
  healthy = join(root, 'healthy.sqlite');
  const { history, db } = openHistory({ file: healthy });
  for (let index = 0; index < PRINTS; index++) {
    const print = samplePrint(history.nextSeq(), { id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, idempotencyKey: `key-${index}` });
    await history.append(print, `receipt ${index} `.repeat(20)).durable;
    await history.update(print.id, { status: 'processed', updatedAt: print.createdAt + 5 }, { status: 'processed', at: print.createdAt + 5, reason: null })
      .durable;
  }
  const sales = createSalesHistory(db);
  for (let index = 0; index < TERMINAL_SALES; index++) {
    const sale = sampleSale(`sale-${String(index).padStart(4, '0')}`);
    sales.save(sale);
    sales.save({
      ...sale,
      orderId: `ORD-${index}`,
      status: 'at_terminal',
      history: [...sale.history, { status: 'at_terminal', detail: null, at: sale.createdAt }],
    });
  }
  const checkout = createCheckoutSales(db);
  for (let index = 0; index < CHECKOUT_SALES; index++) checkout.put(checkoutSale(index));
  const outbox = createStoreOutbox(db);
  for (let index = 0; index < OUTBOX_ENTRIES; index++) lastSeq = outbox.append('print', `print-${index}`, { id: `print-${index}`, note: 'x'.repeat(300) });
  for (let index = 0; index < ASIDE_ENTRIES; index++) {
    lastSeq = outbox.append('order', `order-${index}`, { id: `order-${index}`, note: 'x'.repeat(300) });
    outbox.setAside(lastSeq, { code: '22003', reason: 'numeric field overflow' }, Date.UTC(2026, 0, 15));
  }
  historyMeta(db).mark(MARKERS.storeBackfill);
  const staff = createStaffRecords(db);
  for (let index = 0; index < STAFF_ROWS; index++) {
    staff.put(
      { id: `person-${index}`, name: `Person ${index}`, role: 'cashier', pin_hash: `scrypt$32768$8$2$${'s'.repeat(22)}$${'k'.repeat(43)}` },
      '2026-01-15T12:00:00.000Z',
    );
    staff.setSetting(`setting-${index}`, 'v'.repeat(200));
  }
  for (let index = 0; index < AUDIT_ROWS; index++) {
    staff.append({
      at: new Date(Date.UTC(2026, 0, 15, 12, 0, index)).toISOString(),
      counter: 'local',
      personId: 'person-1',
      personName: 'Person 1',
      approvedById: null,
      approvedByName: null,
      action: 'prints.enqueue',
      subject: `print-${index}`,
      detail: 'terminalId=T1 subtype=custom',
    });
  }
  history.closeSync();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every leaf page of the b-tree rooted at `page` (a table's rows, or an index's entries). */
function leaves(bytes: Buffer, page: number): number[] {
  const start = (page - 1) * PAGE_SIZE + (page === 1 ? 100 : 0);
  const type = bytes[start];
  // 0x0d: a table's leaf, 0x0a: an index's leaf; 0x05 and 0x02 are their interior pages.
  if (type === 0x0d || type === 0x0a) return [page];
  const children: number[] = [];
  const cells = bytes.readUInt16BE(start + 3);
  for (let cell = 0; cell < cells; cell++) children.push(bytes.readUInt32BE((page - 1) * PAGE_SIZE + bytes.readUInt16BE(start + 12 + 2 * cell)));
  children.push(bytes.readUInt32BE(start + 8));
  return children.flatMap((child) => leaves(bytes, child));
}

function rootPages(file: string): Map<string, { rootpage: number; table: string }> {
  const db = new (sqlite().DatabaseSync)(file, { readOnly: true });
  try {
    const rows = db.prepare('SELECT name, tbl_name, rootpage FROM sqlite_master WHERE rootpage > 0').all();
    return new Map(rows.map((row) => [String(row['name']), { rootpage: Number(row['rootpage']), table: String(row['tbl_name']) }]));
  } finally {
    db.close();
  }
}

/**
 * A copy of the healthy history with one leaf page of `table` overwritten (the middle one: rows on either
 * side of it survive), and with every page of its indexes too when `indexesToo`. Returns the file and how
 * many rows sat on the damaged page.
 */
function damaged(table: Table, indexesToo = false): { file: string; onPage: number } {
  const file = join(mkdtempSync(join(root, `${table}-`)), 'history-sandbox.sqlite');
  copyFileSync(healthy, file);
  const roots = rootPages(file);
  const bytes = readFileSync(file);
  const tableLeaves = leaves(bytes, roots.get(table)?.rootpage ?? 0);
  const page = tableLeaves[Math.floor(tableLeaves.length / 2)] ?? 0;
  const onPage = bytes.readUInt16BE((page - 1) * PAGE_SIZE + 3);
  const pages = [page];
  if (indexesToo)
    for (const [, index] of roots)
      if (index.table === table && index.rootpage !== roots.get(table)?.rootpage) pages.push(...leaves(bytes, index.rootpage), index.rootpage);
  for (const damagedPage of pages) bytes.fill(0xff, (damagedPage - 1) * PAGE_SIZE, damagedPage * PAGE_SIZE);
  writeFileSync(file, bytes);
  return { file, onPage };
}

/** The notice's summary in English for a salvage that lost `lost` records of `kind` (or, `partial`, parts of some), every other kind whole. */
function expectedSummary(kind: Kind | undefined, lost: number, partial: boolean): string {
  return (Object.keys(KINDS) as Kind[])
    .map((each) => {
      const held = KINDS[each];
      if (each !== kind) return `${NAMES[each]}: ${held} kept`;
      const kept = `${NAMES[each]}: ${held - lost} kept${lost > 0 ? `, ${lost} could not be read` : ''}`;
      return partial ? `${kept} (some kept without all their details)` : kept;
    })
    .join('; ');
}

function notice(report: HistoryOpenReport): string {
  return historyStartupNotice({ kind: 'salvaged', environment: 'sandbox', open: report }, 'en').message;
}

describe('a salvage of each table', () => {
  it.each(TABLES.filter((table) => !UNCOUNTED.includes(TABLE_ROLES[table].kind)))(
    '%s: keeps every other row and says per kind what was kept and lost',
    (table) => {
      const { file, onPage } = damaged(table);
      const { history, db, report } = openHistory({ file });
      try {
        expect(report.outcome).toBe('salvaged');
        const role = TABLE_ROLES[table];
        const kind = role.kind as Kind;
        const lost = role.holds === 'records' ? onPage : 0;
        expect(onPage).toBeGreaterThan(0);
        expect(report.salvage?.counts[table]).toMatchObject({ held: expect.any(Number), unreadable: onPage });
        expect(notice(report)).toContain(`kept everything it could still read: ${expectedSummary(kind, lost, role.holds === 'parts')}.`);
        expect(notice(report)).not.toContain(' 0 could not be read');
        // What is left reads as the app reads it.
        const rows = Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
        expect(rows + onPage).toBe(report.salvage?.counts[table].held);
        // Lost outbox entries are sent again with the whole history (backfill.ts); any other loss leaves that be.
        expect(historyMeta(db).has(MARKERS.storeBackfill)).toBe(!table.startsWith('store_outbox'));
        // The outbox's seq goes on where it was: the store ignores a version lower than one it has seen.
        expect(createStoreOutbox(db).append('print', 'after', { id: 'after' })).toBe(lastSeq + 1);
      } finally {
        history.closeSync();
      }
    },
  );

  it.each(TABLES.filter((table) => ['staff', 'audit'].includes(TABLE_ROLES[table].kind)))(
    '%s: keeps every row but the damaged page’s, and every other kind whole',
    (table) => {
      const { file, onPage } = damaged(table);
      const { history, db, report } = openHistory({ file });
      try {
        expect(report.outcome).toBe('salvaged');
        expect(onPage).toBeGreaterThan(0);
        const rows = Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
        expect(rows + onPage).toBe(report.salvage?.counts[table].held);
        expect(notice(report)).toContain(`: ${expectedSummary(undefined, 0, false)}.`);
      } finally {
        history.closeSync();
      }
    },
  );

  it('history_meta: keeps every record of every kind', () => {
    const { file, onPage } = damaged('history_meta');
    const { history, report } = openHistory({ file });
    expect(report.outcome).toBe('salvaged');
    expect(onPage).toBeGreaterThan(0);
    expect(notice(report)).toContain(`: ${expectedSummary(undefined, 0, false)}.`);
    history.closeSync();
  });

  it('says an unknown number was lost when no index can say how many rows a damaged table held', () => {
    const { file } = damaged('store_outbox', true);
    const { history, report } = openHistory({ file });
    expect(report.outcome).toBe('salvaged');
    expect(report.salvage?.counts.store_outbox.held).toBeNull();
    const message = notice(report);
    expect(message).toMatch(/changes waiting for the store database: \d+ kept, an unknown number could not be read/);
    expect(message).not.toContain(' 0 could not be read');
    expect(historyStartupNotice({ kind: 'salvaged', environment: 'sandbox', open: report }, 'es').message).toMatch(
      /cambios pendientes para la base de datos de la tienda: se conservaron \d+, no se pudo leer una cantidad desconocida/,
    );
    history.closeSync();
  });
});
