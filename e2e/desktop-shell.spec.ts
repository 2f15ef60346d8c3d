import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The desktop shell, exercised without the Electron binary: the BUILT main bundle (`out/main/index.js`)
 * runs under Node with an in-memory stand-in for `electron` and `electron-updater` (e2e/shell-smoke/),
 * and we check what a launch would do, then that a quit ends the process by itself with everything
 * closed. Run `npx electron-vite build` first. Where a binary exists, e2e/electron.spec.ts launches the real app.
 */

interface Report {
  windows: number;
  webPreferences: Record<string, unknown>;
  preloadExists: boolean;
  loadedUrl: string;
  channelsBound: string[];
  contractChannels: string[];
  appInfo: { ok: boolean; shell: string };
  foreignFrame: string;
  page: { status: number; contentType: string; csp: string };
  traversal: number[];
  navigationDenied: boolean;
  redirectDenied: boolean;
  webviewDenied: boolean;
  newWindow: { action: string };
  permissionsDenied: number;
  singleInstance: number;
  sandboxEnabled: number;
  safeStorage: { withKeyring: string; encryptedWithKeyring: number; withoutKeyring: string; encryptedWithoutKeyring: number; plaintextInSettings: boolean };
  crashReporter: Array<{ uploadToServer: boolean; submitURL: string }>;
  updater: { feed: Array<{ provider: string; url: string; channel: string }>; checks: number };
}

test('the built main bundle opens one hardened window, binds the contract, serves app:// safely and quits cleanly', async () => {
  const userData = mkdtempSync(join(tmpdir(), 'counter-shell-'));
  try {
    writeFileSync(join(userData, 'owner.json'), JSON.stringify({ updates: { feedUrl: 'https://updates.example/counter', channel: 'stable' } }));
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', './e2e/shell-smoke/register.ts', 'e2e/shell-smoke/driver.ts'], {
      env: { ...process.env, COUNTER_SMOKE_USER_DATA: userData },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // The process must end by itself after the quit: a server, socket or timer left open keeps it alive.
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(-1);
      }, 45_000);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect(code, 'the shell did not end by itself after quit').toBe(0);
    const report = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Report;

    expect(report.windows).toBe(1);
    expect(report.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(report.preloadExists).toBe(true);
    expect(report.loadedUrl).toBe('app://counter/index.html');
    expect(report.channelsBound).toEqual(report.contractChannels);
    expect(report.appInfo).toEqual({ ok: true, shell: 'electron' });
    expect(report.foreignFrame).toBe('forbidden_sender');
    expect(report.page.status).toBe(200);
    expect(report.page.contentType).toContain('text/html');
    expect(report.page.csp).toContain("script-src 'self'");
    expect(report.page.csp).toContain("frame-ancestors 'none'");
    for (const status of report.traversal) expect(status).not.toBe(200);
    expect([report.navigationDenied, report.redirectDenied, report.webviewDenied]).toEqual([true, true, true]);
    expect(report.newWindow).toEqual({ action: 'deny' });
    expect(report.permissionsDenied).toBe(2);
    expect([report.singleInstance, report.sandboxEnabled]).toEqual([1, 1]);
    expect(report.safeStorage).toEqual({
      withKeyring: 'encrypted',
      encryptedWithKeyring: 1,
      withoutKeyring: 'session-only',
      encryptedWithoutKeyring: 0,
      plaintextInSettings: false,
    });
    expect(report.crashReporter).toEqual([expect.objectContaining({ uploadToServer: false, submitURL: '' })]);
    expect(report.updater.feed).toEqual([{ provider: 'generic', url: 'https://updates.example/counter', channel: 'latest' }]);
    expect(report.updater.checks).toBeGreaterThanOrEqual(1);

    // A clean quit: the run says so for the next start, and the history's database was closed (no WAL left).
    expect(JSON.parse(readFileSync(join(userData, 'last-run.json'), 'utf8'))).toMatchObject({ ready: true, cleanExit: true });
    expect(existsSync(join(userData, 'history-sandbox.sqlite'))).toBe(true);
    expect(existsSync(join(userData, 'history-sandbox.sqlite-wal'))).toBe(false);
  } finally {
    rmSync(userData, { recursive: true, force: true });
  }
});
