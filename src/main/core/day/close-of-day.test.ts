import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestSandbox, testCoreOptions, type TestSandbox } from '../../testing/harness';
import { createAppCore, type AppCore } from '../app-core';
import { createDispatcher } from '../ipc/dispatch';
import { createMemoryStore } from '../settings/store';
import type { ReleaseInfo } from '../updates/feed';
import type { UpdateEngine } from '../updates/update-service';

let platform: TestSandbox | undefined;
let core: AppCore | undefined;
let folder: string | undefined;
afterEach(async () => {
  await core?.close();
  await platform?.close();
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  platform = core = folder = undefined;
});

describe('the close of the day', () => {
  it('asks the update policy to install a waiting update once a shift is closed, and not before', async () => {
    platform = await startTestSandbox();
    folder = mkdtempSync(join(tmpdir(), 'counter-close-of-day-'));
    const installed: string[] = [];
    const release: ReleaseInfo = { version: '9.9.9', path: 'Counter-Setup-9.9.9.exe', sha512: 'x', releaseDate: null };
    const engine: UpdateEngine = {
      check: () => Promise.resolve(release),
      download: () => Promise.resolve(),
      install: (installing) => void installed.push(installing.version),
      rollback: () => Promise.resolve(),
    };
    core = createAppCore({
      ...testCoreOptions(platform, (url, init) => fetch(url, init)),
      settingsStore: createMemoryStore(),
      dataDirectory: folder,
      updates: { engine, force: false },
    });
    const dispatch = createDispatcher({ handlers: core.handlers, language: core.language, guard: core.guard, isTrustedSender: () => true });
    const call = async <T>(channel: string, request: unknown): Promise<T> => {
      const result = await dispatch(channel, request, { url: 'app://counter/index.html' });
      if (!result.ok) throw new Error(`${channel}: ${result.error.code}`);
      return result.value as T;
    };
    await core.updates?.checkNow();
    expect(core.updates?.state().phase).toBe('downloaded');

    const shift = await call<{ id: string }>('day.openShift', { floatCents: null });
    await call('day.xReport', { shiftId: shift.id });
    expect(installed).toEqual([]);
    await call('day.closeShift', { shiftId: shift.id, countedCashCents: null, terminalId: null });
    await expect.poll(() => installed).toEqual(['9.9.9']);
  });
});
