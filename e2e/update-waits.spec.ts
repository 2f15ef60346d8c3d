import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, screenshot, startCounterHost, test } from './fixtures';
import { control, TERMINAL } from './sell-page';

/**
 * An update offered during an unfinished sale waits until the sale ends: the owner's feed (owner.json,
 * served here on loopback) publishes a newer version while the terminal shows a sale's amount; the status
 * bar says the update waits for the sale, and once the card is tapped and the receipt printed, the update
 * goes in (the owner chose `force`, so it does not wait for the close of the day). Run
 * `npx electron-vite build` first.
 */

const RUNNING = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const NEXT = '99.0.0';
const INSTALLER = 'the installer of the next version';

function channelFile(version: string, path: string, body: string): string {
  const sha512 = createHash('sha512').update(body).digest('base64');
  return `version: ${version}\nfiles:\n  - url: ${path}\n    sha512: ${sha512}\n    size: ${body.length}\npath: ${path}\nsha512: ${sha512}\nreleaseDate: '2026-06-01T09:00:00.000Z'\n`;
}

let server: Server | undefined;
test.afterEach(async () => {
  await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
  server = undefined;
});

test('an update offered during an unfinished sale waits until the sale ends, then installs at idle', async ({ browser }) => {
  test.setTimeout(120_000);
  // The channel file under each platform's name, as electron-builder publishes them; at first it names the running version.
  const publish = (file: string): Record<string, string> => ({ 'latest.yml': file, 'latest-linux.yml': file, 'latest-mac.yml': file });
  const feed: Record<string, string> = publish(channelFile(RUNNING, 'Counter-current.AppImage', 'current'));
  server = createServer((request, response) => {
    const body = feed[new URL(request.url ?? '/', 'http://feed').pathname.replace(/^\/updates\//, '')];
    response.writeHead(body === undefined ? 404 : 200).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/updates/`;

  const data = mkdtempSync(join(tmpdir(), 'counter-e2e-update-'));
  writeFileSync(join(data, 'owner.json'), JSON.stringify({ updates: { feedUrl, channel: 'stable', force: true } }));
  const counter = await startCounterHost({ dataDirectory: data, extraArgs: ['--update-check-seconds', '1'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(counter.host.url.replace(/#.*$/, '') + '#/sell');
    await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);
    await expect(page.getByTestId('update-notice')).toHaveCount(0);
    await page.getByTestId('sell-amount').fill('12,50');
    await page.getByTestId('sell-amount').press('Enter');
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal', { timeout: 15_000 });

    // The owner publishes a new version while the customer has not tapped yet.
    Object.assign(feed, publish(channelFile(NEXT, 'Counter-next.AppImage', INSTALLER)), { 'Counter-next.AppImage': INSTALLER });
    const notice = page.getByTestId('update-notice');
    await expect(notice).toHaveText(`Update ${NEXT} is ready; it waits until the sale at the terminal is finished.`, { timeout: 20_000 });
    await expect(notice).toHaveAttribute('data-phase', 'downloaded');
    await screenshot(page, 'update-waits-for-the-sale');

    // Still waiting a while later: the sale is still at the terminal.
    await page.waitForTimeout(3_000);
    await expect(notice).toHaveAttribute('data-phase', 'downloaded');
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal');

    await control(counter.host.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}/card`, { result: 'approved' });
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'processed', { timeout: 15_000 });
    // Idle once the receipt is printed too: the install goes in at the next look (every 15 s while it waits).
    await expect(notice).toHaveAttribute('data-phase', 'installing', { timeout: 45_000 });
    await expect(notice).toHaveText(`Installing update ${NEXT}…`);
    await screenshot(page, 'update-installs-at-idle');
    await page.close();
  } finally {
    await counter.stop();
    rmSync(data, { recursive: true, force: true });
  }
});
