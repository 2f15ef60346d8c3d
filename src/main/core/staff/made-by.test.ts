import { afterEach, describe, expect, it } from 'vitest';
import type { PrintPage, PrintSummary } from '../../../shared/ipc/channels/prints';
import type { StaffStatus } from '../../../shared/ipc/channels/staff';
import type { TerminalSale } from '../../../shared/ipc/channels/terminal-sales';
import { createAppCore, type AppCore } from '../app-core';
import { createDispatcher } from '../ipc/dispatch';
import { silentLogger } from '../ports';
import { createMemoryStore } from '../settings/store';
import { COUNTER_APP, createTestHttp, receipt, startTestSandbox, TERMINAL_1, type TestSandbox } from '../../testing/harness';
import { TEST_PIN_COST } from './test-staff';

let platform: TestSandbox | undefined;
let core: AppCore | undefined;
afterEach(async () => {
  await core?.close();
  await platform?.close();
  core = platform = undefined;
});

/** The whole core behind its dispatcher, as the renderer reaches it; the sandbox's demo owner is signed in at start. */
async function counter() {
  platform = await startTestSandbox();
  const http = createTestHttp(platform.clock);
  core = createAppCore({
    settingsStore: createMemoryStore(),
    shell: 'browser-host',
    version: 'test',
    sandboxBaseUrl: platform.baseUrl,
    clock: platform.clock,
    fetch: http.http,
    logger: silentLogger,
    pinCost: TEST_PIN_COST,
    sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
  });
  const dispatch = createDispatcher({ handlers: core.handlers, language: core.language, guard: core.guard, isTrustedSender: () => true });
  const send = (channel: string, request: unknown) => dispatch(channel, request, { url: 'app://counter/index.html' });
  const call = async <T>(channel: string, request: unknown): Promise<T> => {
    const result = await send(channel, request);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  await call('credentials.verify', {});
  // Any signed-in call waits for the demo's people to be seeded.
  await call('prints.list', {});
  const people = (await call<StaffStatus>('staff.status', {})).people;
  const idOf = (name: string): string => people.find((person) => person.name === name)?.id ?? '';
  return { send, call, idOf };
}

const print = (label: string) => ({ terminalId: TERMINAL_1, subtype: 'custom', content: receipt(label) });
const by = (personId: string, personName: string, approvedById: string | null = null, approvedByName: string | null = null) => ({
  personId,
  personName,
  approvedById,
  approvedByName,
});

describe('who made a print or a sale', () => {
  it('is the signed-in person, kept with the print and the sale, and the history filters by it', async () => {
    const { call, idOf } = await counter();
    const olivia = idOf('Olivia');
    const carla = idOf('Carla');
    const first = await call<PrintSummary>('prints.enqueue', print('by the owner'));
    expect(first.madeBy).toEqual(by(olivia, 'Olivia'));

    await call('staff.signIn', { personId: carla, pin: '1357' });
    const second = await call<PrintSummary>('prints.enqueue', print('by the cashier'));
    expect(second.madeBy).toEqual(by(carla, 'Carla'));
    const sale = await call<TerminalSale>('terminalSales.charge', { terminalId: TERMINAL_1, amount: '12,50' });
    expect(sale.madeBy).toEqual(by(carla, 'Carla'));
    expect((await call<TerminalSale>('terminalSales.get', { id: sale.id })).madeBy).toEqual(by(carla, 'Carla'));

    const mine = await call<PrintPage>('prints.list', { filters: { personId: carla } });
    expect(mine.items.map((item) => item.id)).toEqual([second.id]);
    expect((await call<PrintPage>('prints.list', { filters: { personId: olivia } })).items.map((item) => item.id)).toEqual([first.id]);
  });

  it('names the manager who approved a second reprint beside the cashier who asked', async () => {
    const { call, send, idOf } = await counter();
    const carla = idOf('Carla');
    const manuel = idOf('Manuel');
    await call('staff.signIn', { personId: carla, pin: '1357' });
    const original = await call<PrintSummary>('prints.enqueue', print('to reprint'));
    await call('prints.reprint', { id: original.id });
    const again = { id: original.id };
    expect(await send('prints.reprint', again)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const { grant } = await call<{ grant: string }>('staff.approve', { managerId: manuel, pin: '2468', channel: 'prints.reprint', request: again });
    const approved = await call<PrintSummary>('prints.reprint', { ...again, staffApproval: grant });
    expect(approved.madeBy).toEqual(by(carla, 'Carla', manuel, 'Manuel'));
  });

  it('is never taken from the renderer: a print or a charge that names its own maker is refused, nothing made', async () => {
    const { send, call, idOf } = await counter();
    const olivia = idOf('Olivia');
    const forged = by('someone-else', 'Mallory');
    expect(await send('prints.enqueue', { ...print('forged'), madeBy: forged })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await send('terminalSales.charge', { terminalId: TERMINAL_1, amount: '1', madeBy: forged, personId: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect((await call<PrintPage>('prints.list', {})).total).toBe(0);
    expect((await call<{ sales: TerminalSale[] }>('terminalSales.list', {})).sales).toEqual([]);
    const made = await call<PrintSummary>('prints.enqueue', print('honest'));
    expect(made.madeBy?.personId).toBe(olivia);
  });
});
