import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, invoke, screenshot, test } from './fixtures';

/**
 * Help → Save diagnostics in the browser host: the list is shown first, the zip is a download, and it
 * holds every part support needs and none of the secrets the run used. Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const CONTENT = `{center}{b}DIAGNOSTICS RUN{/b}{/center}{br}${'-'.repeat(100)}{br}`;

test('Save diagnostics: the list first, then one zip with every part and no secret', async ({ page, counter }) => {
  // A little real work first, so the log and the platform calls have something in them.
  await invoke(counter, 'credentials.verify', {});
  await invoke(counter, 'terminals.list', {});
  const print = await invoke(counter, 'prints.enqueue', { terminalId: TERMINAL, subtype: 'custom', content: CONTENT });
  await expect.poll(async () => (await invoke(counter, 'prints.get', { id: print.id })).status, { timeout: 20_000 }).toBe('processed');
  const accounts = (await (await fetch(`${counter.sandboxBaseUrl}/__sandbox/accounts`)).json()) as { applications: Array<{ client_secret: string }> };
  const secrets = accounts.applications.map((application) => application.client_secret);
  secrets.push(counter.token);

  await page.goto(counter.url);
  await page.getByTestId('help-diagnostics').click();
  const dialog = page.getByTestId('diagnostics-dialog');
  await expect(dialog).toBeVisible();
  const listed = dialog.getByTestId('diagnostics-files').locator('li');
  await expect(listed.first()).toBeVisible();
  const shown = await listed.evaluateAll((items) => items.map((item) => item.getAttribute('data-name') ?? ''));
  for (const name of ['versions.json', 'settings.json', 'history.json', 'store.json', 'platform-calls.json', 'manifest.json']) expect(shown).toContain(name);
  expect(shown.some((name) => name.startsWith('logs/'))).toBe(true);
  // Opened from the status bar: its text wraps inside the dialog in both sizes.
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 768 });
    await screenshot(page, `diagnostics-en-${width}`);
  }

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('diagnostics-save').click()]);
  expect(download.suggestedFilename()).toMatch(/^counter-diagnostics-.*\.zip$/);
  await expect(dialog.getByTestId('diagnostics-saved')).toBeVisible();
  const path = await download.path();
  const files = unzipSync(new Uint8Array(readFileSync(path)));
  const names = Object.keys(files);
  for (const name of shown.filter((entry) => !entry.startsWith('logs/'))) expect(names).toContain(name);

  const text = (name: string): string => strFromU8(files[name] ?? new Uint8Array());
  const versions = JSON.parse(text('versions.json')) as Record<string, unknown>;
  expect(versions).toMatchObject({ app: expect.any(String), node: expect.any(String), sqlite: expect.any(String), os: expect.any(Object) });
  expect(JSON.parse(text('history.json'))).toMatchObject({ integrity: ['ok'] });
  const calls = JSON.parse(text('platform-calls.json')) as Array<Record<string, unknown>>;
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.length).toBeLessThanOrEqual(200);
  expect(calls.every((call) => typeof call['requestId'] === 'string' && !('body' in call))).toBe(true);
  const log = names
    .filter((name) => name.startsWith('logs/'))
    .map(text)
    .join('');
  expect(log).toContain('"msg":"platform call"');

  const everything = Object.values(files)
    .map((bytes) => strFromU8(bytes))
    .join('\n');
  for (const secret of secrets) expect(everything.includes(secret), `the bundle holds ${secret.slice(0, 10)}…`).toBe(false);
  expect(everything).not.toMatch(/\b(APP_USR|TG)-[A-Za-z0-9]{6,}/);
  expect(everything).not.toMatch(/Bearer [A-Za-z0-9]/);
});
