import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import { silentLogger } from '../ports';
import type { ReleaseInfo, UpdateChannel } from './feed';
import { createFeedEngine } from './feed-engine';
import type { BusyReason } from './policy';
import { createUpdateService, MARKER_FILE } from './update-service';

const INSTALLERS: Record<string, string> = {
  '1.0.0': 'installer of 1.0.0',
  '1.1.0': 'installer of 1.1.0',
  '1.2.0-beta.1': 'installer of 1.2.0-beta.1',
  '1.3.0': 'installer of 1.3.0',
};
const sha = (text: string): string => createHash('sha512').update(text).digest('base64');
const channelFile = (version: string, checksum = sha(INSTALLERS[version] ?? '')): string =>
  `version: ${version}\nfiles:\n  - url: Counter-Setup-${version}.exe\n    sha512: ${checksum}\n    size: 20\npath: Counter-Setup-${version}.exe\nsha512: ${checksum}\nreleaseDate: '2026-06-01T09:00:00.000Z'\n`;

let server: Server | undefined;
/** The data folder the next counter() uses; a test sets it back to undefined to start another computer's. */
let folder: string | undefined;
const folders: string[] = [];
afterEach(async () => {
  await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
  server = folder = undefined;
});

/** A generic feed on loopback, as an owner's web server would hold it. */
async function serveFeed(files: Record<string, string>): Promise<{ url: string; requested: string[] }> {
  const requested: string[] = [];
  server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://feed').pathname.slice(1));
    requested.push(path);
    const body = files[path];
    response.writeHead(body === undefined ? 404 : 200).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server?.address() as AddressInfo).port}/updates/`, requested };
}

function feedFiles(latest: string, checksum?: string): Record<string, string> {
  const files: Record<string, string> = {
    'updates/latest.yml': channelFile(latest, checksum),
    'updates/1.0.0.yml': channelFile('1.0.0'),
    'updates/beta.yml': channelFile('1.2.0-beta.1'),
    'updates/1.3.0.yml': channelFile('1.3.0'),
  };
  for (const [version, body] of Object.entries(INSTALLERS)) files[`updates/Counter-Setup-${version}.exe`] = body;
  return files;
}

function counter(feedUrl: string, options: { version?: string; force?: boolean; channel?: UpdateChannel; busy?: BusyReason[] } = {}) {
  if (folder === undefined) {
    folder = mkdtempSync(join(tmpdir(), 'counter-updates-'));
    folders.push(folder);
  }
  const dataDirectory = folder;
  const clock = createManualClock();
  const installed: Array<{ version: string; bytes: string }> = [];
  const busy: BusyReason[] = options.busy ?? [];
  const version = options.version ?? '1.0.0';
  const engine = createFeedEngine({
    http: (url, init) => fetch(url, init),
    feedUrl,
    channel: options.channel ?? 'stable',
    version,
    directory: join(dataDirectory, 'pending'),
    platform: 'win32',
    install: (file: string, release: ReleaseInfo) => installed.push({ version: release.version, bytes: readFileSync(file, 'utf8') }),
  });
  const service = createUpdateService({
    version,
    dataDirectory,
    engine,
    busy: async () => [...busy],
    clock,
    logger: silentLogger,
    force: options.force ?? false,
    retryMs: 10_000,
  });
  return { service, installed, busy, clock };
}

describe('updates that never interrupt a sale', () => {
  it('downloads in the background during the shift, and an update offered during an unfinished sale waits until the sale ends', async () => {
    const feed = await serveFeed(feedFiles('1.1.0'));
    const { service, installed, busy, clock } = counter(feed.url, { busy: ['sale'] });
    await service.checkNow();
    expect(service.state()).toMatchObject({ phase: 'downloaded', available: '1.1.0' });
    expect(installed).toEqual([]);

    expect(await service.closeOfDay()).toBe(false);
    expect(service.state().waitingFor).toEqual(['sale']);
    await clock.advance(30_000);
    expect(installed).toEqual([]);

    busy.length = 0;
    await clock.advance(10_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(installed).toEqual([{ version: '1.1.0', bytes: INSTALLERS['1.1.0'] }]);
    service.close();
  });

  it('never installs during a shift unless the owner forces it, and then only when idle', async () => {
    const feed = await serveFeed(feedFiles('1.1.0'));
    const quiet = counter(feed.url);
    await quiet.service.checkNow();
    await quiet.clock.advance(60 * 60_000);
    expect(quiet.installed).toEqual([]);
    quiet.service.close();

    folder = undefined;
    const forced = counter(feed.url, { force: true, busy: ['print'] });
    await forced.service.checkNow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(forced.installed).toEqual([]);
    forced.busy.length = 0;
    await forced.clock.advance(10_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(forced.installed.map((entry) => entry.version)).toEqual(['1.1.0']);
    forced.service.close();
  });

  it('installs at the next start when idle, reads the beta channel, and refuses an installer whose checksum does not match', async () => {
    const feed = await serveFeed(feedFiles('1.1.0'));
    const atStart = counter(feed.url);
    expect(await atStart.service.atStart(null)).toBe('installing');
    expect(atStart.installed.map((entry) => entry.version)).toEqual(['1.1.0']);

    const beta = counter(feed.url, { channel: 'beta' });
    await beta.service.checkNow();
    expect(beta.service.state().available).toBe('1.2.0-beta.1');
    expect(feed.requested).toContain('updates/beta.yml');

    await new Promise((resolve) => server?.close(resolve));
    const tampered = await serveFeed(feedFiles('1.1.0', sha('something else')));
    const refused = counter(tampered.url);
    await refused.service.checkNow();
    expect(refused.service.state()).toMatchObject({ phase: 'failed', error: expect.stringContaining('checksum') });
    expect(await refused.service.closeOfDay()).toBe(false);
    expect(refused.installed).toEqual([]);
  });

  it('goes back to the replaced version when the new one never shows its window, and keeps one that did', async () => {
    const feed = await serveFeed(feedFiles('1.1.0'));
    const old = counter(feed.url);
    await old.service.checkNow();
    expect(await old.service.closeOfDay()).toBe(true);

    // 1.1.0 starts, is on trial, and dies before its window shows.
    const first = counter(feed.url, { version: '1.1.0' });
    expect(await first.service.atStart({ version: '1.0.0', ready: true })).toBe('trial');
    const second = counter(feed.url, { version: '1.1.0' });
    expect(await second.service.atStart({ version: '1.1.0', ready: false })).toBe('rollback');
    expect(second.installed).toEqual([{ version: '1.0.0', bytes: INSTALLERS['1.0.0'] }]);

    // On another computer, an install of 1.1.0 that starts fine is kept: no rollback at the launch after.
    folder = undefined;
    const fresh = counter(feed.url);
    await fresh.service.checkNow();
    expect(await fresh.service.closeOfDay()).toBe(true);
    const good = counter(feed.url, { version: '1.1.0' });
    expect(await good.service.atStart({ version: '1.0.0', ready: true })).toBe('trial');
    good.service.markReady();
    expect(await counter(feed.url, { version: '1.1.0' }).service.atStart({ version: '1.1.0', ready: true })).toBe('none');
  });

  it('rolls back a new version that died before it could count its trial (its own run record is the previous one)', async () => {
    const feed = await serveFeed(feedFiles('1.1.0'));
    const old = counter(feed.url);
    await old.service.checkNow();
    expect(await old.service.closeOfDay()).toBe(true);

    const next = counter(feed.url, { version: '1.1.0' });
    expect(await next.service.atStart({ version: '1.1.0', ready: false })).toBe('rollback');
    expect(next.installed.map((entry) => entry.version)).toEqual(['1.0.0']);
  });

  it('never offers again a version that did not start, says so in the status, and offers the next newer one', async () => {
    const feed = await serveFeed(feedFiles('1.1.0'));
    const old = counter(feed.url);
    await old.service.checkNow();
    expect(await old.service.closeOfDay()).toBe(true);
    await counter(feed.url, { version: '1.1.0' }).service.atStart({ version: '1.0.0', ready: true });
    const failed = counter(feed.url, { version: '1.1.0' });
    expect(await failed.service.atStart({ version: '1.1.0', ready: false })).toBe('rollback');

    // 1.0.0 runs again: the feed still names 1.1.0, which is neither downloaded nor installed.
    const restored = counter(feed.url);
    expect(await restored.service.atStart({ version: '1.1.0', ready: false })).toBe('none');
    expect(restored.service.state()).toMatchObject({
      phase: 'idle',
      available: null,
      refused: { version: '1.1.0', backTo: '1.0.0', restored: true },
    });
    expect(await restored.service.closeOfDay()).toBe(false);
    expect(restored.installed).toEqual([]);

    // A newer release is an update like any other.
    await new Promise((resolve) => server?.close(resolve));
    const newer = await serveFeed(feedFiles('1.3.0'));
    const later = counter(newer.url);
    await later.service.checkNow();
    expect(later.service.state()).toMatchObject({ phase: 'downloaded', available: '1.3.0' });
  });

  it('tells the owner when the replaced version cannot be installed again, and still never offers the one that failed', async () => {
    const files = feedFiles('1.1.0');
    delete files['updates/1.0.0.yml'];
    const feed = await serveFeed(files);
    const old = counter(feed.url);
    await old.service.checkNow();
    expect(await old.service.closeOfDay()).toBe(true);
    await counter(feed.url, { version: '1.1.0' }).service.atStart({ version: '1.0.0', ready: true });

    const stuck = counter(feed.url, { version: '1.1.0' });
    expect(await stuck.service.atStart({ version: '1.1.0', ready: false })).toBe('rollback');
    expect(stuck.installed).toEqual([]);
    expect(stuck.service.state()).toMatchObject({
      phase: 'failed',
      error: expect.stringContaining('404'),
      refused: { version: '1.1.0', backTo: '1.0.0', restored: false },
    });
    expect(existsSync(join(folder ?? '', MARKER_FILE))).toBe(false);
  });
});
