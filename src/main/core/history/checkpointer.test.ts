import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openHistory } from './open';
import { createSalesHistory } from './sales-history';
import { samplePrint } from './test-prints';
import { sampleSale } from './test-sales';

const PRINTS = 500;
const CONTENT = 'receipt line\n'.repeat(80);

/** The WAL header's salt-1, which SQLite changes each time it starts the WAL over (sqlite.org/fileformat2.html#walformat). */
function walSalt(file: string): number {
  const handle = openSync(file, 'r');
  try {
    const header = Buffer.alloc(32);
    readSync(handle, header, 0, 32, 0);
    return header.readUInt32BE(16);
  } finally {
    closeSync(handle);
  }
}

let directory: string | undefined;
afterEach(() => {
  // A checkpoint worker may still be closing its own connection (and its -shm) just after the history closed.
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  directory = undefined;
});

describe('the history checkpointer', () => {
  it('keeps the WAL from growing under a steady stream of writes: it is started over once a checkpoint has caught up', async () => {
    directory = mkdtempSync(join(tmpdir(), 'counter-checkpointer-'));
    const file = join(directory, 'history.sqlite');
    const { history } = openHistory({ file });
    const salts = new Set<number>();
    for (let index = 0; index < PRINTS; index++) {
      const print = samplePrint(history.nextSeq());
      await history.append(print, CONTENT).durable;
      await history.update(print.id, { status: 'sending', updatedAt: print.createdAt + 1 }, { status: 'sending', at: print.createdAt + 1, reason: null })
        .durable;
      // A busy counter: a print every millisecond or so, so the checkpoint worker always runs beside writes.
      await new Promise((resolve) => setTimeout(resolve, 1));
      salts.add(walSalt(`${file}-wal`));
    }
    const written = history.size();
    history.closeSync();
    expect(written).toBe(PRINTS);
    // Never started over, the WAL would hold every commit's pages (over 50 MB here) and keep growing.
    expect(salts.size).toBeGreaterThan(1);
  });

  it('counts the commits of the sales that share the database: a counter that only sells keeps its WAL from growing too', async () => {
    directory = mkdtempSync(join(tmpdir(), 'counter-checkpointer-'));
    const file = join(directory, 'history.sqlite');
    const { history, db, changes } = openHistory({ file });
    const sales = createSalesHistory(db, changes);
    const salts = new Set<number>();
    for (let index = 0; index < PRINTS; index++) {
      const sale = sampleSale(`sale-${index}`);
      sales.save(sale);
      sales.save({
        ...sale,
        orderId: `ORD-${index}`,
        status: 'at_terminal',
        history: [...sale.history, { status: 'at_terminal', detail: null, at: sale.createdAt }],
      });
      await new Promise((resolve) => setTimeout(resolve, 1));
      salts.add(walSalt(`${file}-wal`));
    }
    expect(sales.get(`sale-${PRINTS - 1}`)?.status).toBe('at_terminal');
    history.closeSync();
    expect(salts.size).toBeGreaterThan(1);
  });
});
