import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_SEED } from '../src/sandbox/accounts';
import { createSandbox, type Sandbox } from '../src/sandbox/app';
import { screenshot, type CounterHost } from './fixtures';

/**
 * Setting up production from Counter's own screens, in Chromium through the browser host. A second
 * sandbox stands in for the production platform at its own base URL, matching redirect_uri exactly
 * (strict mode, spec 2.1) as the real platform may.
 */

const COUNTER_APP = DEFAULT_SEED.applications.find((application) => application.client_id === '4815162342')!;

interface RunningHost {
  host: CounterHost;
  /** Every address the host was asked to open in the system browser (it prints them). */
  signInUrls: string[];
  stop(): Promise<void>;
}

/** The browser host as e2e/fixtures.ts starts it, keeping its stdout to read the sign-in address. */
async function startHost(): Promise<RunningHost> {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'counter-e2e-setup-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main/host/cli.ts', '--port', '0', '--json', '--data', dataDirectory], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const signInUrls: string[] = [];
  const host = await new Promise<CounterHost>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`browser host exited early with code ${String(code)}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as CounterHost));
  });
  lines.on('line', (line) => {
    const match = /^Open this address to sign in: (\S+)$/.exec(line);
    if (match?.[1] !== undefined) signInUrls.push(match[1]);
  });
  return {
    host,
    signInUrls,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let production: Sandbox;
let productionUrl: string;
let registeredRedirect: string;
let running: RunningHost;

test.beforeEach(async () => {
  production = await createSandbox({ strictRedirects: true, tokenRateLimit: null });
  productionUrl = await production.listen({ port: 0, host: '127.0.0.1' });
  registeredRedirect = `http://127.0.0.1:${await freePort()}/callback`;
  const policy = await fetch(`${productionUrl}/__sandbox/oauth/redirect-policy`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strict: true, redirect_uris: { [COUNTER_APP.client_id]: [registeredRedirect] } }),
  });
  expect(policy.status).toBe(200);
  running = await startHost();
});

test.afterEach(async () => {
  await running.stop();
  await production.close();
});

/** A controlled radio: it turns checked once main has saved the setting, not on the click itself. */
async function chooseEnvironment(page: Page, environment: 'sandbox' | 'production'): Promise<void> {
  const radio = page.locator(`input[name="environment"][value="${environment}"]`);
  await radio.click();
  await expect(radio).toBeChecked();
}

async function openSettings(page: Page, language: 'en' | 'es' = 'en'): Promise<void> {
  await page.goto(running.host.url);
  await page.getByTestId('nav-settings').click();
  if (language === 'es') await page.locator('#settings-language').selectOption('es');
  await chooseEnvironment(page, 'production');
  await expect(page.getByTestId('setup-state')).toBeVisible();
}

async function fillCredentials(
  page: Page,
  fields: { baseUrl?: string; clientId?: string; clientSecret?: string; redirectUri?: string; authorizationUrl?: string },
): Promise<void> {
  // The developer fields are folded under "Advanced" (the set-up guide is the owner's way in).
  const advanced = page.getByTestId('connect-advanced');
  if ((await advanced.getAttribute('open')) === null) await advanced.locator('summary').click();
  for (const [name, value] of Object.entries(fields)) await page.getByTestId(`setup-${name}`).fill(value);
  await page.getByTestId('setup-save').click();
}

const connectProduction = (page: Page, extra: { redirectUri?: string } = {}) =>
  fillCredentials(page, {
    baseUrl: productionUrl,
    clientId: COUNTER_APP.client_id,
    clientSecret: COUNTER_APP.client_secret,
    authorizationUrl: productionUrl,
    ...extra,
  });

test('in production without credentials, Print and Checkout are disabled with the reason and a way to Settings', async ({ page }) => {
  await openSettings(page);
  await expect(page.getByTestId('setup-state')).toHaveText(/Not connected/);

  await page.getByTestId('nav-counter').click();
  await expect(page.getByTestId('print-button')).toBeDisabled();
  await expect(page.getByTestId('print-status')).toHaveText('Not connected to the platform yet.');
  await expect(page.getByTestId('environment-notice-print')).toBeVisible();
  await screenshot(page, 'production-setup-print-blocked');
  await page.getByTestId('nav-checkout').click();
  await expect(page.getByTestId('create-preference')).toBeDisabled();
  await expect(page.getByTestId('environment-notice-checkout')).toBeVisible();
  await screenshot(page, 'production-setup-checkout-blocked');
  await page.getByTestId('environment-notice-link').click();
  await expect(page.getByTestId('connect-panel')).toBeVisible();

  // In the sandbox they are always usable.
  await chooseEnvironment(page, 'sandbox');
  await page.getByTestId('nav-counter').click();
  await expect(page.getByTestId('environment-notice-print')).toHaveCount(0);
});

test('refuses a base URL that is not https and a client ID that is not a number, with clear messages', async ({ page }) => {
  await openSettings(page);
  await fillCredentials(page, { baseUrl: 'javascript:alert(1)', clientId: 'my-app' });
  await expect(page.getByTestId('setup-baseUrl-note')).toHaveText(/must start with https:\/\//);
  await expect(page.getByTestId('setup-clientId-note')).toHaveText(/digits only/);
  await fillCredentials(page, { baseUrl: 'file:///etc/passwd', clientId: '123' });
  await expect(page.getByTestId('setup-baseUrl-note')).toHaveText(/must start with https:\/\//);
  await expect(page.getByTestId('setup-clientId-note')).not.toHaveText(/digits only/);
  // Nothing of it was saved.
  await page.reload();
  await expect(page.getByTestId('setup-baseUrl')).toHaveValue('https://api.mercadopago.com');
});

test('connects with client credentials, tests the connection with a real call, and a new base URL forgets the secret', async ({ page }) => {
  await openSettings(page);
  await connectProduction(page);
  await expect(page.getByTestId('setup-save-status')).toHaveText('Saved.');
  await expect(page.getByTestId('setup-clientSecret')).toHaveValue('');
  // "Credentials saved" lasts only until a token is taken for them: on a quick machine it may already read Connected.
  await expect(page.getByTestId('setup-state')).toHaveText(/Credentials saved|^Connected\.$/);
  // The status bar follows the new base URL: its address, and the platform answering there.
  await expect(page.locator('.platform-url')).toHaveText(productionUrl);
  await expect(page.getByTestId('status-connection')).toHaveText(/Online/);

  await page.getByTestId('test-connection').click();
  await expect(page.getByTestId('test-result')).toHaveText(/It works: the platform lists \d+ terminal/);
  await expect(page.getByTestId('setup-state')).toHaveText('Connected.');
  await expect(page.getByTestId('setup-token')).toHaveText(/application’s own access \(user 1001\)\. Token APP_USR, expires/);

  await page.getByTestId('nav-counter').click();
  await expect(page.getByTestId('environment-notice-print')).toHaveCount(0);
  await page.getByTestId('nav-settings').click();

  await fillCredentials(page, { baseUrl: 'https://elsewhere.example.com' });
  await expect(page.getByTestId('setup-state')).toHaveText(/Not connected/);
  await expect(page.getByTestId('setup-clientSecret-note')).toHaveText('');
  await expect(page.getByTestId('setup-token')).toHaveCount(0);
  await page.getByTestId('nav-counter').click();
  await expect(page.getByTestId('print-button')).toBeDisabled();
});

test('signs in through the browser with the exact registered redirect URI, shows the user and token, and signs out', async ({ page, context }) => {
  await openSettings(page);
  await expect(page.getByTestId('setup-redirectUri')).toHaveValue('http://127.0.0.1:53682/callback');
  await connectProduction(page, { redirectUri: registeredRedirect });
  await expect(page.getByTestId('setup-redirectUri')).toHaveValue(registeredRedirect);

  await page.getByTestId('sign-in').click();
  await expect(page.getByTestId('sign-in-progress')).toBeVisible();
  await expect.poll(() => running.signInUrls.length).toBe(1);
  const browser = await context.newPage();
  await browser.goto(running.signInUrls[0]!);
  await browser.getByRole('button', { name: 'Accept' }).click();
  await expect(browser.getByText('Signed in. You can close this tab')).toBeVisible();
  await browser.close();

  await expect(page.getByTestId('sign-in-progress')).toHaveCount(0);
  await expect(page.getByTestId('setup-state')).toHaveText('Connected.');
  await expect(page.getByTestId('setup-token')).toHaveText(/Signed in as user 1001\. Token APP_USR, expires/);
  await page.getByTestId('test-connection').click();
  await expect(page.getByTestId('test-result')).toHaveText(/It works/);

  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('sign-out')).toHaveCount(0);
  await expect(page.getByTestId('setup-token')).toHaveCount(0);
});

test('a redirect URI the application has not registered is refused by the authorization page; the sign-in can be cancelled', async ({ page, context }) => {
  await openSettings(page);
  await connectProduction(page, { redirectUri: `http://127.0.0.1:${await freePort()}/callback` });
  await page.getByTestId('sign-in').click();
  await expect.poll(() => running.signInUrls.length).toBe(1);
  const browser = await context.newPage();
  const answer = await browser.goto(running.signInUrls[0]!);
  expect(answer?.status()).toBe(400);
  await expect(browser.getByText(/exact match required/)).toBeVisible();
  await browser.close();

  await page.getByTestId('cancel-sign-in').click();
  await expect(page.getByTestId('sign-in-progress')).toHaveCount(0);
  await expect(page.getByTestId('sign-in')).toBeEnabled();
});

test('without an OS key store, secrets stay in memory until the user explicitly allows plaintext, in a 0600 file in a 0700 folder', async ({ page }) => {
  await openSettings(page);
  await connectProduction(page);
  await expect(page.getByTestId('secret-storage')).toHaveText(/no key store/);
  const file = join(running.host.dataDirectory, 'settings.json');
  expect(readFileSync(file, 'utf8')).not.toContain(COUNTER_APP.client_secret);

  await page.getByTestId('allow-plaintext').click();
  await expect(page.getByTestId('allow-plaintext')).toBeChecked();
  await expect(page.getByTestId('secret-storage')).toHaveText(/kept unencrypted/);
  await expect.poll(() => readFileSync(file, 'utf8')).toContain(COUNTER_APP.client_secret);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(statSync(running.host.dataDirectory).mode & 0o777).toBe(0o700);
});

test('screenshots of the panel in both languages at 1366×768 and 1024×768', async ({ page }) => {
  for (const language of ['en', 'es'] as const) {
    await openSettings(page, language);
    await connectProduction(page);
    await page.getByTestId('test-connection').click();
    await expect(page.getByTestId('test-result')).toBeVisible();
    for (const [width, height] of [
      [1366, 768],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('connect-panel').scrollIntoViewIfNeeded();
      await screenshot(page, `production-setup-${language}-${width}x${height}`);
      const overflow = await page.getByTestId('connect-panel').evaluate((panel) => panel.scrollWidth > panel.clientWidth);
      expect(overflow).toBe(false);
    }
  }
});
