import { describe, expect, it } from 'vitest';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { HistoryChanges } from '../history/history-changes';
import { createSalesHistory } from '../history/sales-history';
import { sampleSale } from '../history/test-sales';
import { createEnvironmentSwitch, historyQueueOpener, type OpenedQueue } from './environment-switch';
import { PrintQueueError } from './errors';
import type { PrintQueue } from './print-queue';

interface FakeQueue {
  environment: Environment;
  serial: number;
}

/** Records every open and close, in order; an open or close can be held until the test releases it. */
function harness(start: Environment = 'sandbox') {
  let environment = start;
  let serial = 0;
  const log: string[] = [];
  const holds = new Map<string, () => void>();
  let failNextOpen = false;
  const held = (step: string): Promise<void> => (holds.has(step) ? new Promise((resolve) => holds.set(step, resolve)) : Promise.resolve());

  const switcher = createEnvironmentSwitch<FakeQueue>({
    environment: () => environment,
    async open(of): Promise<OpenedQueue<FakeQueue>> {
      log.push(`open ${of} start`);
      await held(`open ${of}`);
      if (failNextOpen) {
        failNextOpen = false;
        log.push(`open ${of} failed`);
        throw new Error('EACCES: permission denied');
      }
      const queue = { environment: of, serial: ++serial };
      log.push(`open ${of} done`);
      return {
        queue,
        async durable() {
          log.push(`durable ${of}`);
        },
        async close() {
          log.push(`close ${of} start`);
          await held(`close ${of}`);
          log.push(`close ${of} done`);
        },
      };
    },
  });

  return {
    switcher,
    log,
    use(next: Environment) {
      environment = next;
    },
    /** The next `step` ('open sandbox', 'close production', …) waits until `release(step)`. */
    hold(step: string) {
      holds.set(step, () => undefined);
    },
    release(step: string) {
      holds.get(step)?.();
      holds.delete(step);
    },
    failNextOpen() {
      failNextOpen = true;
    },
  };
}

/** Lets every pending promise callback run (no timers involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('one print queue per environment', () => {
  it('opens the current environment’s queue once and hands the same one to every caller', async () => {
    const { switcher, log } = harness();
    const [first, second] = await Promise.all([switcher.current(), switcher.current()]);
    const third = await switcher.current();
    expect(first).toBe(second);
    expect(third).toBe(first);
    expect(first.environment).toBe('sandbox');
    expect(log).toEqual(['open sandbox start', 'open sandbox done']);
  });

  it('closes the old environment’s queue completely before the new one is opened', async () => {
    const { switcher, log, use, hold, release } = harness();
    await switcher.current();
    use('production');
    hold('close sandbox');
    const production = switcher.current();
    await settle();
    // Nothing of production is opened while the sandbox's journal is still closing.
    expect(log).toEqual(['open sandbox start', 'open sandbox done', 'close sandbox start']);
    release('close sandbox');
    expect((await production).environment).toBe('production');
    expect(log.slice(2)).toEqual(['close sandbox start', 'close sandbox done', 'open production start', 'open production done']);
  });

  it('answers durable() from the queue open now while a switch waits for its close: a request made meanwhile never waits for the close', async () => {
    const { switcher, log, use, hold, release } = harness();
    await switcher.current();
    use('production');
    hold('close sandbox');
    const switched = switcher.current();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.at(-1)).toBe('close sandbox start');
    // The closing queue's database is still the one to sync; this resolves though its close is held.
    await switcher.durable();
    expect(log.at(-1)).toBe('durable sandbox');
    release('close sandbox');
    await switched;
    await switcher.durable();
    expect(log.at(-1)).toBe('durable production');
  });

  it('makes durable() asked while a queue opens wait for that queue: what its attached parts write as it opens is synced too', async () => {
    const { switcher, log, hold, release } = harness();
    hold('open sandbox');
    const opened = switcher.current();
    await new Promise((resolve) => setTimeout(resolve, 0));
    let synced = false;
    const waiting = switcher.durable().then(() => (synced = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(synced).toBe(false);
    release('open sandbox');
    await opened;
    await waiting;
    expect(log.at(-1)).toBe('durable sandbox');
  });

  it('switches back to a new queue of the first environment, in the order the calls were made', async () => {
    const { switcher, log, use } = harness();
    const sandbox = switcher.current();
    use('production');
    const production = switcher.current();
    use('sandbox');
    const again = switcher.current();
    const [one, two, three] = await Promise.all([sandbox, production, again]);
    expect([one.environment, two.environment, three.environment]).toEqual(['sandbox', 'production', 'sandbox']);
    expect(three).not.toBe(one);
    expect(log.filter((line) => line.endsWith('done'))).toEqual([
      'open sandbox done',
      'close sandbox done',
      'open production done',
      'close production done',
      'open sandbox done',
    ]);
  });

  it('refuses with journal_unavailable when the journal cannot be opened, and tries again at the next call', async () => {
    const { switcher, failNextOpen } = harness();
    failNextOpen();
    const refused = await switcher.current().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PrintQueueError);
    expect(refused).toMatchObject({ code: 'journal_unavailable', retryable: false });
    expect((await switcher.current()).environment).toBe('sandbox');
  });

  it('tells what is open without opening anything', async () => {
    const { switcher, log } = harness();
    expect(await switcher.opened()).toBeUndefined();
    expect(log).toEqual([]);
    const queue = await switcher.current();
    expect(await switcher.opened()).toBe(queue);
  });

  it('closes the open queue once, and refuses every later call instead of opening a new one', async () => {
    const { switcher, log } = harness();
    await switcher.current();
    await switcher.close();
    await expect(switcher.current()).rejects.toMatchObject({ code: 'journal_unavailable' });
    expect(await switcher.opened()).toBeUndefined();
    expect(log).toEqual(['open sandbox start', 'open sandbox done', 'close sandbox start', 'close sandbox done']);
  });

  it('waits for an open under way before closing, so no queue is left running', async () => {
    const { switcher, log, hold, release } = harness();
    hold('open sandbox');
    const opening = switcher.current();
    await settle();
    const closing = switcher.close();
    await settle();
    expect(log).toEqual(['open sandbox start']);
    release('open sandbox');
    await closing;
    // The caller still gets the queue it asked for; it is closed with the rest.
    expect((await opening).environment).toBe('sandbox');
    expect(log).toEqual(['open sandbox start', 'open sandbox done', 'close sandbox start', 'close sandbox done']);
  });
});

describe('historyQueueOpener', () => {
  it('gives the sales attached to a history the same change hook as its prints, so a sale reaches the store outbox', async () => {
    const heard: string[] = [];
    const changes: HistoryChanges = { record: (kind, id) => heard.push(`${kind} ${id}`), committed: () => undefined, closed: () => undefined };
    const open = historyQueueOpener({
      changes: () => () => changes,
      createQueue: () => ({ close: async () => undefined }) as unknown as PrintQueue,
      attach: (db, _environment, given) => {
        createSalesHistory(db, given).save(processedSale);
        return { close: () => undefined };
      },
    });
    const opened = await open('sandbox');
    expect(heard).toEqual(['order s1', 'sale s1']);
    await opened.close();
  });
});

const processedSale = sampleSale('s1', { items: [], orderId: 'ORD-s1', status: 'processed', history: [] });
