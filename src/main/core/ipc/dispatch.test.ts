import { describe, expect, it, vi } from 'vitest';
import { channelNames } from '../../../shared/ipc/contract';
import { createAppCore } from '../app-core';
import { createMemoryStore } from '../settings/store';
import { createDispatcher } from './dispatch';

function makeDispatcher(trusted = (url: string) => url.startsWith('app://counter/')) {
  const core = createAppCore({
    settingsStore: createMemoryStore(),
    shell: 'browser-host',
    version: '0.0.0-test',
    sandboxBaseUrl: 'http://127.0.0.1:9',
    fetch: vi.fn(async () => new Response('ok')) as unknown as typeof fetch,
  });
  const onUnexpectedError = vi.fn();
  const dispatch = createDispatcher({
    handlers: core.handlers,
    language: core.language,
    guard: core.guard,
    isTrustedSender: (sender) => trusted(sender.url),
    onUnexpectedError,
  });
  return { dispatch, core, onUnexpectedError };
}

const trustedSender = { url: 'app://counter/index.html' };

describe('contract binding', () => {
  it('refuses an unknown channel with a clear error instead of throwing', async () => {
    const { dispatch } = makeDispatcher();
    const result = await dispatch('prints.deleteEverything', {}, trustedSender);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'unknown_channel' }) });
    // The cashier reads what to do; the channel's name is for the code and the log, not the screen.
    if (!result.ok) expect(result.error.message).not.toContain('prints.deleteEverything');
  });

  it('writes its refusals in the settings’ language', async () => {
    const core = createAppCore({
      settingsStore: createMemoryStore(),
      shell: 'browser-host',
      version: '0.0.0-test',
      sandboxBaseUrl: 'http://127.0.0.1:9',
      fetch: vi.fn(async () => new Response('ok')) as unknown as typeof fetch,
    });
    const dispatch = createDispatcher({ handlers: core.handlers, isTrustedSender: () => true, language: core.language, guard: core.guard });
    await dispatch('settings.update', { language: 'es' }, trustedSender);
    const unknown = await dispatch('prints.deleteEverything', {}, trustedSender);
    expect(unknown.ok ? undefined : unknown.error.message).toBe('Esta ventana pidió a Counter algo que no tiene. Vuelva a cargar la ventana.');
    const invalid = await dispatch('settings.update', { language: 'klingon' }, trustedSender);
    expect(invalid.ok ? undefined : invalid.error.message).toBe('Counter no pudo aceptar lo ingresado. Revise los campos e intente de nuevo.');
    // No channel name on screen.
    expect(invalid.ok ? undefined : invalid.error.message).not.toContain('settings.update');
    await core.close();
  });

  it('refuses a malformed request and names the offending field, without running the handler', async () => {
    const { dispatch, core } = makeDispatcher();
    const result = await dispatch('settings.update', { language: 'klingon' }, trustedSender);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_request');
      expect(result.error.issues?.[0]?.path).toBe('language');
    }
    // The setting did not change.
    const settings = await dispatch('settings.get', {}, trustedSender);
    expect(settings).toMatchObject({ ok: true, value: { language: 'en' } });
    await core.close();
  });

  it('refuses a payload nested or sized past the one limit of every channel as invalid_request, never an internal error', async () => {
    const { dispatch, core, onUnexpectedError } = makeDispatcher();
    let deep: unknown = {};
    for (let level = 0; level < 150_000; level++) deep = { metadata: deep };
    for (const channel of channelNames) {
      const result = await dispatch(channel, deep, trustedSender);
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    }
    // Where a payload keeps what it is given (a preference's metadata), the depth would reach the wire.
    const preference = { preference: { items: [{ title: 'Tea', quantity: 1, unit_price: 10, currency_id: 'ARS' }], metadata: deep } };
    expect(await dispatch('checkout.createPreference', preference, trustedSender)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    const manyStatuses = {
      filters: { status: Array.from({ length: 40_000 }, () => 'queued') },
      sort: { field: 'createdAt', direction: 'desc' },
      page: { index: 0, size: 10 },
    };
    expect(await dispatch('prints.list', manyStatuses, trustedSender)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(onUnexpectedError).not.toHaveBeenCalled();
    await core.close();
  });

  it('refuses a field the contract does not know rather than silently dropping it', async () => {
    const { dispatch } = makeDispatcher();
    const result = await dispatch('settings.update', { colour: 'red' }, trustedSender);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('refuses a call from a sender it does not trust, before parsing anything', async () => {
    const { dispatch } = makeDispatcher();
    const result = await dispatch('settings.get', {}, { url: 'https://evil.example/' });
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('answers a valid call and applies it', async () => {
    const { dispatch } = makeDispatcher();
    const result = await dispatch('settings.update', { language: 'es' }, trustedSender);
    expect(result).toMatchObject({ ok: true, value: { language: 'es' } });
  });

  it('turns a handler crash into an internal_error result and reports it', async () => {
    const { dispatch, core, onUnexpectedError } = makeDispatcher();
    core.handlers['settings.get'] = () => {
      throw new Error('disk on fire');
    };
    const result = await dispatch('settings.get', {}, trustedSender);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(onUnexpectedError).toHaveBeenCalledWith('settings.get', expect.any(Error));
  });
});
