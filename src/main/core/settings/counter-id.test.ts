import { describe, expect, it, vi } from 'vitest';
import { createAppCore } from '../app-core';
import { createDispatcher } from '../ipc/dispatch';
import { createMemoryStore } from './store';

const sender = { url: 'app://counter/index.html' };

describe("a counter's id", () => {
  it('cannot be changed through settings.update: refused as invalid_request, the id kept, the rest of the block still editable', async () => {
    const store = createMemoryStore();
    store.set('settings', { storeDatabase: { enabled: false, url: '', storeId: 'main', storeName: '', counterId: 'front-desk', counterName: '' } });
    const core = createAppCore({
      settingsStore: store,
      shell: 'browser-host',
      version: '0.0.0-test',
      sandboxBaseUrl: 'http://127.0.0.1:9',
      fetch: vi.fn(async () => new Response('ok')) as unknown as typeof fetch,
    });
    const dispatch = createDispatcher({ handlers: core.handlers, language: core.language, guard: core.guard, isTrustedSender: () => true });

    const refused = await dispatch('settings.update', { storeDatabase: { counterId: 'back-office' } }, sender);
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    const again = await dispatch('settings.update', { storeDatabase: { counterName: 'Front', counterId: 'front-desk' } }, sender);
    expect(again).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await dispatch('settings.get', {}, sender)).toMatchObject({ ok: true, value: { storeDatabase: { counterId: 'front-desk', counterName: '' } } });

    expect(await dispatch('settings.update', { storeDatabase: { counterName: 'Front' } }, sender)).toMatchObject({
      ok: true,
      value: { storeDatabase: { counterId: 'front-desk', counterName: 'Front' } },
    });
    await core.close();
  });
});
