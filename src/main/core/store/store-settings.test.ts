import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../app-core';
import { createMemoryStore } from '../settings/store';
import { createTestHttp, createTestSecretBox, failureOf, startTestSandbox, testCoreOptions, type TestSandbox } from '../../testing/harness';

/** The store database's settings as the app takes them: checked before they are saved, never a crash after. */

const UNREADABLE_CA = 'postgres://counter@127.0.0.1:1/store?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem';

let platform: TestSandbox | undefined;
const cores: AppCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await platform?.close();
  platform = undefined;
});

async function start(stored: Record<string, unknown> = {}) {
  platform ??= await startTestSandbox();
  const core = createAppCore({
    settingsStore: createMemoryStore(stored),
    secretBox: createTestSecretBox(true),
    ...testCoreOptions(platform, createTestHttp(platform.clock).http),
  });
  cores.push(core);
  return core;
}

/** settings.update refuses synchronously; as the dispatcher sees it, a refused call. */
const saving = (core: AppCore, storeDatabase: { url: string; enabled?: boolean }) =>
  Promise.resolve().then(() => core.handlers['settings.update']({ storeDatabase }));

describe('a store database address the pg client cannot read', () => {
  it('is refused when it is saved, with what is wrong, and nothing is saved', async () => {
    const core = await start();
    const refused = await failureOf(saving(core, { url: UNREADABLE_CA, enabled: true }));
    expect(refused).toMatchObject({ code: 'store_url_invalid', status: 400 });
    expect(refused.message).toContain('/nonexistent/ca.pem');
    expect((await core.handlers['settings.get']({})).storeDatabase).toMatchObject({ url: '', enabled: false });
    const spanish = await failureOf(saving(core, { url: UNREADABLE_CA }), 'es');
    expect(spanish.message).toMatch(/no puede usar esta dirección/);
  });

  it('saved by an earlier version, is reported in the store status and never takes the process down', async () => {
    const core = await start({ settings: { storeDatabase: { enabled: true, url: UNREADABLE_CA, counterId: 'counter-a' } } });
    // A settings change makes the store follow the address again (publisher, reads, live feed).
    await core.handlers['settings.update']({ storeDatabase: { storeName: 'Main street' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const status = await core.handlers['store.status']({});
    expect(status.sync).toMatchObject({ kind: 'error', code: 'store_url_invalid' });
    expect(status.sync.kind === 'error' ? status.sync.reason : '').toContain('/nonexistent/ca.pem');
    expect(await failureOf(core.handlers['store.elsewhere']({}))).toMatchObject({ code: 'store_url_invalid' });
    expect(await core.handlers['store.test']({})).toMatchObject({ ok: false, code: 'store_url_invalid' });
  });
});

describe('the store password and its address', () => {
  it('is forgotten when the address names another server, and the status says to enter it again', async () => {
    const core = await start();
    await core.handlers['settings.update']({ storeDatabase: { url: 'postgres://counter@db.store.lan/store' } });
    expect((await core.handlers['store.setPassword']({ password: 'p@ss' })).passwordSet).toBe(true);
    await core.handlers['settings.update']({ storeDatabase: { url: 'postgres://counter@db.store.lan/store?sslmode=verify-full' } });
    expect((await core.handlers['store.status']({})).passwordSet).toBe(true);
    await core.handlers['settings.update']({ storeDatabase: { url: 'postgres://counter@evil.test/store' } });
    expect(await core.handlers['store.status']({})).toMatchObject({ passwordSet: false, passwordForgotten: true });
  });
});
