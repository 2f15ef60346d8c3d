import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import type { TerminalSale } from '../../../shared/ipc/channels/terminal-sales';
import { TERMINAL_SALE_LIFECYCLE } from '../../../shared/lifecycle/terminal-sale';
import { createSaleBook } from './sale-book';
import type { SaleRecord } from '../history/records/terminal-sale';
import type { OrderStore } from './sale-store';
import { sampleSale } from '../history/test-sales';

function memoryStore(): OrderStore {
  const records = new Map<string, SaleRecord>();
  return {
    save: (record) => void records.set(record.id, structuredClone(record)),
    get: (id) => {
      const record = records.get(id);
      return record === undefined ? undefined : structuredClone(record);
    },
    list: () => [...records.values()],
    unfinished: () => [...records.values()],
    close: () => undefined,
  };
}

function setUp() {
  const store = memoryStore();
  const told: TerminalSale[] = [];
  const book = createSaleBook({ store, clock: createManualClock(), language: () => 'en', onChange: (sale) => told.push(sale) });
  book.insert(sampleSale('s1'), { announce: false });
  return { store, book, told };
}

describe('the sale book', () => {
  it('moves a sale only along its lifecycle, with the move in its history', () => {
    const { book, told } = setUp();
    expect(book.move('s1', 'reported', 'at_terminal', null)).toBe(true);
    expect(book.move('s1', 'reported', 'processed', 'accredited', { paymentMethod: 'visa' })).toBe(true);
    expect(book.load('s1')).toMatchObject({ status: 'processed', paymentMethod: 'visa' });
    expect(book.load('s1').history.map((step) => [step.status, step.detail])).toEqual([
      ['created', null],
      ['at_terminal', null],
      ['processed', 'accredited'],
    ]);
    expect(told.map((sale) => sale.status)).toEqual(['at_terminal', 'processed']);
  });

  it('refuses every move the sale lifecycle does not list, and writes and tells nothing for it', () => {
    const { store, book, told } = setUp();
    const accepted: string[] = [];
    for (const move of TERMINAL_SALE_LIFECYCLE.unlisted()) {
      // Put the sale where the move starts, under the book (as a restart would find it).
      store.save(sampleSale('s1', { status: move.from }));
      const before = store.get('s1');
      if (book.move('s1', move.on, move.to, 'late', { statusDetail: 'late' }) || JSON.stringify(store.get('s1')) !== JSON.stringify(before))
        accepted.push(`${move.from} -${move.on}-> ${move.to}`);
    }
    expect(accepted).toEqual([]);
    expect(told).toEqual([]);
  });

  it('changes fields without touching the status', () => {
    const { book } = setUp();
    book.update('s1', { receiptPrintId: 'print-1' });
    expect(book.load('s1')).toMatchObject({ status: 'created', receiptPrintId: 'print-1' });
    expect(book.load('s1').history).toHaveLength(1);
  });
});
