import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import { silentLogger, type Logger } from '../ports';
import { PRINT_LIFECYCLE } from '../../../shared/lifecycle/print';
import { PrintChanges } from './changes';
import { openHistory } from '../history/open';
import { temporaryDirectory } from '../../testing/harness';
import { queuedPrint } from './records';
import type { JournalPrint } from '../history/records/print';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function setUp() {
  const clock = createManualClock();
  // The store the app gives the queue: the SQLite history, in a folder of its own.
  const directory = temporaryDirectory('counter-changes-');
  const { history: journal } = openHistory({ file: join(directory.path, 'history-sandbox.sqlite') });
  cleanups.push(() => {
    journal.closeSync();
    directory.remove();
  });
  const emitted: Array<Pick<JournalPrint, 'id' | 'status'>> = [];
  const finals: string[] = [];
  const refusals: string[] = [];
  const logger: Logger = { ...silentLogger, info: (message, fields) => refusals.push(`${message} ${String(fields?.['reason'])}`) };
  const changes = new PrintChanges({
    journal,
    clock,
    logger,
    emit: (print) => emitted.push({ id: print.id, status: print.status }),
    onFinal: (print) => finals.push(print.id),
  });
  const record = queuedPrint({
    id: 'p1',
    seq: 0,
    terminalId: 'T1',
    subtype: 'custom',
    externalReference: 'REF-1',
    idempotencyKey: 'key-1',
    at: clock.now(),
    contentBytes: 3,
    contentPreview: 'abc',
  });
  await journal.append(record, 'abc').durable;
  return { clock, journal, changes, emitted, finals, refusals };
}

describe('PrintChanges', () => {
  it('moves a print along the table: journaled with its history, told to the renderer, finals reported once', async () => {
    const { journal, changes, emitted, finals } = await setUp();
    await changes.move('p1', 'send', 'sending', { attempts: 1 })?.durable;
    await changes.move('p1', 'accepted', 'created', { actionId: 'a1' })?.durable;
    await changes.move('p1', 'cancel_confirmed', 'canceled', {}, { reason: 'canceled_by_api' })?.durable;
    expect(journal.get('p1')).toMatchObject({ status: 'canceled', attempts: 1, actionId: 'a1' });
    expect(journal.get('p1')?.history.map((step) => [step.status, step.reason])).toEqual([
      ['queued', null],
      ['sending', null],
      ['created', null],
      ['canceled', 'canceled_by_api'],
    ]);
    expect(emitted.map((event) => event.status)).toEqual(['sending', 'created', 'canceled']);
    expect(finals).toEqual(['p1']);
  });

  it('refuses, logs and does not tell anyone of a move the table does not have: a late read cannot undo a cancel', async () => {
    const { journal, changes, emitted, refusals } = await setUp();
    changes.move('p1', 'send', 'sending');
    changes.move('p1', 'accepted', 'created', { actionId: 'a1' });
    changes.move('p1', 'cancel_confirmed', 'canceled');
    const before = { ...journal.get('p1') };
    expect(changes.move('p1', 'reported', 'created', { lastError: null })).toBeUndefined();
    expect(changes.move('p1', 'send', 'sending')).toBeUndefined();
    expect(journal.get('p1')).toEqual(before);
    expect(emitted).toHaveLength(3);
    expect(refusals).toEqual([
      'a print status change was refused a print in canceled cannot move to created on reported',
      'a print status change was refused a print in canceled cannot move to sending on send',
    ]);
  });

  it('changes other fields without a transition', async () => {
    const { journal, changes, emitted } = await setUp();
    await changes.update('p1', { cancelRequested: true })?.durable;
    expect(journal.get('p1')).toMatchObject({ status: 'queued', cancelRequested: true });
    expect(journal.get('p1')?.history).toHaveLength(1);
    expect(emitted).toEqual([{ id: 'p1', status: 'queued' }]);
    expect(changes.update('unknown', { cancelRequested: true })).toBeUndefined();
  });

  it('refuses every move the print lifecycle does not list, whatever status the print is in', async () => {
    const { journal, changes, emitted } = await setUp();
    const accepted: string[] = [];
    for (const move of PRINT_LIFECYCLE.unlisted()) {
      // Put the print where the move starts, under the writer (as a restart would find it).
      journal.update('p1', { status: move.from }, undefined, { defer: false });
      if (changes.move('p1', move.on, move.to) !== undefined || journal.get('p1')?.status !== move.from) accepted.push(`${move.from} -${move.on}-> ${move.to}`);
    }
    expect(accepted).toEqual([]);
    expect(emitted).toEqual([]);
  });
});
