import { afterEach, describe, expect, it } from 'vitest';
import { ListPrintsRequest } from '../../../shared/ipc/channels/prints';
import { isFinalPrintStatus } from '../../../shared/lifecycle/print';
import { ExportPrintsRequest, type TerminalAnswered } from '../../../shared/ipc/channels/manager';
import { createAppCore, type AppCore } from '../app-core';
import { silentLogger } from '../ports';
import { createMemoryStore } from '../settings/store';
import {
  configureTerminal,
  COUNTER_APP,
  driveUntil,
  pressTerminal,
  receipt,
  startTestSandbox,
  temporaryDirectory,
  TERMINAL_1,
  TERMINAL_2,
  TERMINAL_3,
  type TestSandbox,
} from '../../testing/harness';
import { PRINT_CSV_COLUMNS, printCsvHeader } from './csv';
import { seedHistoryDirectory } from '../history/seed';

const DAY_MS = 24 * 60 * 60_000;
const SEEDED = 600;

let platform: TestSandbox | undefined;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await platform?.close();
  platform = undefined;
});

/** The real core on the test sandbox, its journal seeded with 600 finished prints of the last 30 days. */
async function start(): Promise<{ core: AppCore; target: TestSandbox; answered: TerminalAnswered[] }> {
  platform = await startTestSandbox();
  const target = platform;
  const directory = temporaryDirectory('counter-manager-');
  cleanups.push(() => directory.remove());
  await seedHistoryDirectory(directory.path, SEEDED, { now: target.clock.now(), spanDays: 30 });
  const core = createAppCore({
    settingsStore: createMemoryStore(),
    shell: 'browser-host',
    version: 'test',
    sandboxBaseUrl: target.baseUrl,
    clock: target.clock,
    logger: silentLogger,
    sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
    dataDirectory: directory.path,
    random: () => 0.5,
  });
  cleanups.push(() => core.close());
  const answered: TerminalAnswered[] = [];
  core.events.subscribe((name, payload) => {
    if (name === 'terminal.answered') answered.push(payload as TerminalAnswered);
  });
  return { core, target, answered };
}

const startOfDay = (now: number) => new Date(now - (now % DAY_MS)).toISOString();
const list = (core: AppCore, request: Partial<ListPrintsRequest>) => core.handlers['prints.list'](ListPrintsRequest.parse(request));

describe('manager channels', () => {
  it('boards every terminal of the account with what the journal knows: last answer and today’s failures', async () => {
    const { core, target } = await start();
    const board = await core.handlers['manager.board']({ failuresSince: startOfDay(target.clock.now()) });
    expect(board.terminalsProblem).toBeNull();
    expect(board.terminals.map((card) => [card.id, card.name, card.operatingMode])).toEqual([
      [TERMINAL_1, 'CAJA01', 'PDV'],
      [TERMINAL_2, 'CAJA02', 'PDV'],
      [TERMINAL_3, 'CAJA03', 'PDV'],
      ['PAX_A910__SBX0000004', 'MOSTRADOR', 'STANDALONE'],
    ]);
    for (const card of board.terminals.slice(0, 3)) {
      expect(card).toMatchObject({ listed: true, current: null, queued: 0 });
      expect(card.lastAnsweredAt).not.toBeNull();
    }
    expect(board.terminals[3]?.lastAnsweredAt).toBeNull();

    const failed = await list(core, { filters: { status: ['failed'] }, page: { index: 0, size: 200 } });
    const since = Date.parse(startOfDay(target.clock.now()));
    for (const card of board.terminals) {
      const expected = failed.items.filter((print) => print.terminalId === card.id && Date.parse(print.updatedAt) >= since).length;
      expect(card.failuresToday).toBe(expected);
    }
  });

  it('follows live prints: the one a terminal holds, the ones queued behind it, and each answer of the platform', async () => {
    const { core, target, answered } = await start();
    await configureTerminal(target, TERMINAL_2, { mode: 'manual' });
    const failuresSince = startOfDay(target.clock.now());
    const first = await core.handlers['prints.enqueue']({ terminalId: TERMINAL_2, subtype: 'custom', content: receipt('first') });
    const second = await core.handlers['prints.enqueue']({ terminalId: TERMINAL_2, subtype: 'custom', content: receipt('second') });
    const card = async () => (await core.handlers['manager.board']({ failuresSince })).terminals.find((candidate) => candidate.id === TERMINAL_2);

    await driveUntil(target.clock, async () => (await card())?.current?.status === 'created', { what: 'the first print created' });
    expect(await card()).toMatchObject({ current: { id: first.id, status: 'created' }, queued: 1 });
    const answeredAt = answered.filter((answer) => answer.terminalId === TERMINAL_2).at(-1)?.at;
    expect(answeredAt).toBeDefined();
    expect((await card())?.lastAnsweredAt).toBe(answeredAt);

    // A status read that changes nothing still counts as an answer.
    const before = answered.length;
    await driveUntil(target.clock, () => answered.length > before, { what: 'another status read' });
    expect((await card())?.lastAnsweredAt).toBe(answered.at(-1)?.at);

    await pressTerminal(target, TERMINAL_2, 'refresh');
    await driveUntil(target.clock, async () => (await card())?.current?.id === second.id, { what: 'the second print to come up' });
    expect((await card())?.queued).toBe(0);
    await driveUntil(target.clock, async () => (await card())?.current?.status === 'created', { what: 'the second print created' });
    await pressTerminal(target, TERMINAL_2, 'refresh');
    await driveUntil(target.clock, async () => (await card())?.current === null, { what: 'the line to empty', maxMs: 60_000 });
  });

  it('links a reprint to its original and the original to every reprint', async () => {
    const { core } = await start();
    const [original] = (await list(core, { filters: { status: ['processed'] }, page: { index: 0, size: 1 } })).items;
    if (original === undefined) throw new Error('the seed has no processed print');
    const reprint = await core.handlers['prints.reprint']({ id: original.id });
    const again = await core.handlers['prints.reprint']({ id: original.id });
    expect(reprint.reprintOf).toBe(original.id);

    const ofOriginal = await core.handlers['manager.printLinks']({ id: original.id });
    expect(ofOriginal.original).toBeNull();
    expect(ofOriginal.reprints.map((print) => print.id)).toEqual([reprint.id, again.id]);
    const ofReprint = await core.handlers['manager.printLinks']({ id: reprint.id });
    expect(ofReprint.original?.id).toBe(original.id);
    expect(ofReprint.reprints).toEqual([]);
  });

  it('shows the idempotency key in a print’s detail', async () => {
    const { core } = await start();
    const [print] = (await list(core, { page: { index: 0, size: 1 } })).items;
    if (print === undefined) throw new Error('the seed is empty');
    const detail = await core.handlers['prints.get']({ id: print.id, includeContent: false });
    expect(detail.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts what a prune would remove, and the prune then removes exactly that many', async () => {
    const { core } = await start();
    for (const days of [40, 20, 7]) {
      const dryRun = await core.handlers['manager.pruneCount']({ olderThanDays: days });
      const everything = await list(core, { page: { index: 0, size: 1 } });
      expect(dryRun.count).toBeLessThanOrEqual(everything.total);
      const { removed } = await core.handlers['prints.prune']({ olderThanDays: days });
      expect(removed).toBe(dryRun.count);
      expect((await core.handlers['manager.pruneCount']({ olderThanDays: days })).count).toBe(0);
    }
    expect((await core.handlers['manager.pruneCount']({ olderThanDays: 0 })).count).toBeGreaterThan(0);
  });

  it('exports every row matching the filters, in the list’s order, not one page', async () => {
    const { core } = await start();
    const filters = { terminalId: TERMINAL_1, status: ['processed' as const, 'failed' as const] };
    const sort = { field: 'externalReference' as const, direction: 'asc' as const };
    const exported = await core.handlers['prints.export'](ExportPrintsRequest.parse({ filters, sort }));
    const first = await list(core, { filters, sort, page: { index: 0, size: 200 } });
    expect(first.total).toBeGreaterThan(200);
    expect(exported.rows).toBe(first.total);
    const lines = exported.csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(printCsvHeader('en').join(','));
    expect(lines).toHaveLength(first.total + 2);
    const referenceColumn = PRINT_CSV_COLUMNS.indexOf('external_reference');
    expect(lines.slice(1, 201).map((line) => line.split(',')[referenceColumn])).toEqual(first.items.map((print) => print.externalReference));
  });
});

describe('seeded journal', () => {
  it('is months of finished prints on the three printing terminals, with reprints linked to earlier prints', async () => {
    const { core } = await start();
    const everything = await list(core, { sort: { field: 'createdAt', direction: 'asc' }, page: { index: 0, size: 200 } });
    expect(everything.total).toBe(SEEDED);
    const all = [everything.items];
    for (let index = 1; index * 200 < SEEDED; index++)
      all.push((await list(core, { sort: { field: 'createdAt', direction: 'asc' }, page: { index, size: 200 } })).items);
    const prints = all.flat();
    expect(prints.every((print) => isFinalPrintStatus(print.status))).toBe(true);
    expect(new Set(prints.map((print) => print.terminalId))).toEqual(new Set([TERMINAL_1, TERMINAL_2, TERMINAL_3]));
    expect(new Set(prints.map((print) => print.status))).toEqual(new Set(['processed', 'failed', 'canceled']));
    expect(new Set(prints.map((print) => print.subtype))).toEqual(new Set(['custom', 'image', 'invoice']));
    const ids = new Map(prints.map((print, index) => [print.id, index]));
    const reprints = prints.filter((print) => print.reprintOf !== null);
    for (const reprint of reprints) expect(ids.get(reprint.reprintOf ?? '')).toBeLessThan(ids.get(reprint.id) ?? -1);
  });
});
