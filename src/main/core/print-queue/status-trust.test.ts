import { afterEach, describe, expect, it } from 'vitest';
import type { PrintSummary } from '../../../shared/ipc/channels/prints';
import {
  configureTerminal,
  driveUntil,
  pressTerminal,
  receipt,
  TERMINAL_1,
  type Interference,
  startCoreOnSandbox,
  type CoreOnSandbox,
} from '../../testing/harness';

const rigs: CoreOnSandbox[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
});

/** A core whose status reads (GET of an action) answer `readFault` while it is set. */
async function start() {
  let readFault: Interference = 'pass';
  const rig = await startCoreOnSandbox(({ method, path }) => (method === 'GET' && path.startsWith('/terminals/v1/actions/') ? readFault : 'pass'));
  rigs.push(rig);
  const { core, target } = rig;
  const events: PrintSummary[] = [];
  core.events.subscribe((name, payload) => {
    if (name === 'print.changed') events.push(payload as PrintSummary);
  });
  const get = (id: string) => core.handlers['prints.get']({ id, includeContent: false });
  return {
    core,
    target,
    events,
    get,
    failReads(fault: Interference) {
      readFault = fault;
    },
  };
}

describe('a status the cashier can trust', () => {
  for (const fault of [{ status: 401, code: 'unauthorized' }, { status: 500, code: 'internal_error' }, 'refuse'] as const) {
    const name = typeof fault === 'string' ? 'a dropped connection' : `a ${String(fault.status)}`;
    it(`says at once that the status is unconfirmed when reads fail with ${name}, and sees the print through within seconds once they answer`, async () => {
      const { core, target, events, get, failReads } = await start();
      await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
      const print = await core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'custom', content: receipt('trust') });
      await driveUntil(target.clock, async () => (await get(print.id)).status === 'created', { what: 'created' });
      const created = await get(print.id);
      expect(created.statusUnconfirmed).toBeNull();
      expect(created.statusConfirmedAt).toBeDefined();

      failReads(fault);
      const failedAt = target.clock.now();
      const unconfirmed = () => events.find((event) => event.id === print.id && event.statusUnconfirmed !== null && event.statusUnconfirmed !== undefined);
      await driveUntil(target.clock, () => unconfirmed() !== undefined, { what: 'an unconfirmed status', maxMs: 5_000 });
      const told = unconfirmed()!;
      expect(told.status).toBe('created');
      expect(told.statusUnconfirmed?.code).toBe(typeof fault === 'string' ? 'network_error' : fault.code);
      expect(told.statusUnconfirmed?.message).not.toBe('');
      expect(Date.parse(told.statusConfirmedAt!)).toBeLessThanOrEqual(failedAt);

      // Meanwhile the terminal prints it; then the reads answer again.
      await pressTerminal(target, TERMINAL_1, 'refresh');
      await driveUntil(target.clock, () => target.actions().every((action) => action.status === 'processed'), {
        what: 'printed on the terminal',
        maxMs: 20_000,
      });
      failReads('pass');
      const recoveredAt = target.clock.now();
      await driveUntil(target.clock, async () => (await get(print.id)).status === 'processed', { what: 'processed', maxMs: 60_000 });
      // The reads' own schedule (at most 4 s apart), not the 30 s credentials wait of the creates.
      expect(target.clock.now() - recoveredAt).toBeLessThanOrEqual(5_000);
      expect(events.at(-1)).toMatchObject({ id: print.id, status: 'processed' });
    });
  }

  it('clears the warning when a read answers again, even with the status unchanged', async () => {
    const { core, target, events, get, failReads } = await start();
    await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
    const print = await core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'custom', content: receipt('clears') });
    await driveUntil(target.clock, async () => (await get(print.id)).status === 'created', { what: 'created' });
    failReads({ status: 500, code: 'internal_error' });
    await driveUntil(target.clock, async () => ((await get(print.id)).statusUnconfirmed ?? null) !== null, { what: 'unconfirmed', maxMs: 5_000 });
    failReads('pass');
    await driveUntil(target.clock, () => events.at(-1)?.statusUnconfirmed === null, { what: 'confirmed again', maxMs: 6_000 });
    expect(events.at(-1)).toMatchObject({ id: print.id, status: 'created' });
  });

  it('says why a print the terminal failed did not print (no paper), in the cashier’s words', async () => {
    const { core, target, get } = await start();
    await configureTerminal(target, TERMINAL_1, { paper: 'out' });
    const print = await core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'custom', content: receipt('no paper') });
    await driveUntil(target.clock, async () => (await get(print.id)).status === 'failed', { what: 'failed' });
    const failed = await get(print.id);
    expect(failed.lastError).toMatchObject({ code: 'terminal_failed', retryable: false });
    expect(failed.lastError?.message).toContain('out of paper');
    expect(failed.reachedTerminal).toBe(true);
  });

  it('does not count a print the platform lost (404 before pickup) as having reached the terminal', async () => {
    const { core, target, get, failReads } = await start();
    await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
    const print = await core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'custom', content: receipt('lost') });
    await driveUntil(target.clock, async () => (await get(print.id)).status === 'created', { what: 'created' });
    failReads({ status: 404, code: 'order_not_found' });
    await driveUntil(target.clock, async () => (await get(print.id)).status === 'failed', { what: 'failed', maxMs: 30_000 });
    const failed = await get(print.id);
    expect(failed.reachedTerminal).toBe(false);
    expect(failed.lastError?.code).toBe('order_not_found');
  });
});
