import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createOffsetClock } from '../../shared/clock';
import { createAppCore } from '../core/app-core';
import { pointSandboxAtReceiver, startEmbeddedSandbox } from '../embedded-sandbox';
import { receiverConfigFrom } from '../core/notifications/config';
import { seedHistoryDirectory } from '../core/history/seed';
import { openConfStore } from '../core/settings/conf-store';
import { counterIdOf } from '../core/log/counter-id';
import { openCounterLog } from '../core/log/counter-log';
import { startBrowserHost } from './server';
import { readOwnerConfig } from '../core/owner/owner-config';
import { createFeedEngine } from '../core/updates/feed-engine';

/**
 * `npm run dev:web`: the whole app (embedded sandbox, main-process core, built renderer) served to a
 * browser on loopback. Also what the e2e tests start, with --json so they can read the address.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5199' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string', default: '.counter-data' },
    renderer: { type: 'string', default: 'out/renderer' },
    json: { type: 'boolean', default: false },
    /** Fills an empty data directory's sandbox journal with N finished prints (tests and benchmarks). */
    'seed-prints': { type: 'string' },
    // Where payment notifications are received (default 127.0.0.1, a free port) and the URL the platform is given.
    'notify-host': { type: 'string' },
    'notify-port': { type: 'string' },
    'notify-url': { type: 'string' },
    /** The print queue's set-aside rule as `<failures>:<ms>` (QueuePolicy.setAside): e2e tests shorten it. */
    'set-aside': { type: 'string' },
    /** Tests only: run Counter and its sandbox as if the clock were this many hours later ("reopened the next day"). */
    'time-offset-hours': { type: 'string' },
    /** How often the owner's update feed (owner.json) is read; tests shorten it. */
    'update-check-seconds': { type: 'string' },
    /** How long a print may wait before the cashier is asked about it (default 10 minutes); tests shorten it. */
    'backlog-stale-seconds': { type: 'string' },
  },
});
const SetAside = z
  .string()
  .regex(/^\d+:\d+$/, { error: '--set-aside is <failures>:<milliseconds>' })
  .transform((text) => {
    const [failures, afterMs] = text.split(':').map(Number);
    return { failures: failures ?? 1, afterMs: afterMs ?? 0 };
  });
const setAside = values['set-aside'] === undefined ? undefined : SetAside.parse(values['set-aside']);
const backlogStaleAfterMs = values['backlog-stale-seconds'] === undefined ? undefined : z.coerce.number().min(1).parse(values['backlog-stale-seconds']) * 1000;

const offsetHours = z.coerce
  .number()
  .min(0)
  .max(24 * 365)
  .parse(values['time-offset-hours'] ?? '0');
const clock = offsetHours === 0 ? undefined : createOffsetClock(offsetHours * 60 * 60_000);

const packageJson = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version: string };
const dataDirectory = resolve(values.data);
mkdirSync(dataDirectory, { recursive: true });
if (values['seed-prints'] !== undefined) {
  const seeded = await seedHistoryDirectory(dataDirectory, Number(values['seed-prints']));
  // stderr: with --json, stdout's first line is the address the tests read.
  console.error(`[counter] seeded ${seeded.count} prints (${Math.round(seeded.bytes / 1e6)} MB)`);
}

const counterId = counterIdOf(dataDirectory);
const owner = readOwnerConfig(dataDirectory);
if (owner.problem !== null) console.error(`[counter] ${owner.problem}`);
const { feedUrl, channel, force } = owner.config.updates;
const updateCheckMs =
  z.coerce
    .number()
    .min(1)
    .parse(values['update-check-seconds'] ?? String(4 * 60 * 60)) * 1000;
// The browser host reads the owner's feed and downloads as the app does, but runs no installer: it names the file.
const updates =
  feedUrl === null
    ? undefined
    : {
        force,
        engine: createFeedEngine({
          http: (url, init) => fetch(url, init),
          feedUrl,
          channel,
          version: packageJson.version,
          directory: resolve(dataDirectory, 'updates'),
          install: (file, release) => console.error(`[counter] update ${release.version} is due to install; the browser host runs no installer: ${file}`),
        }),
      };
const log = await openCounterLog({ directory: resolve(dataDirectory, 'logs'), counterId, version: packageJson.version });
const settingsFile = openConfStore(dataDirectory);
// stderr, like the seeding line: with --json, stdout's first line is the address.
for (const notice of settingsFile.notices) console.error(`[counter] ${notice.message}${notice.backupPath === null ? '' : ` Kept as: ${notice.backupPath}`}`);
const sandbox = await startEmbeddedSandbox({ dataDirectory, ...(clock === undefined ? {} : { clock }) });
for (const notice of sandbox.notices) console.error(`[counter] ${notice.message}`);
const core = createAppCore({
  settingsStore: settingsFile.store,
  shell: 'browser-host',
  ...(clock === undefined ? {} : { clock }),
  version: packageJson.version,
  log,
  ...(updates === undefined ? {} : { updates }),
  diagnostics: { counterId },
  sandboxBaseUrl: sandbox.baseUrl,
  notificationReceiver: receiverConfigFrom({ host: values['notify-host'], port: values['notify-port'], publicUrl: values['notify-url'] }),
  // The journal lives beside the settings, so a restarted host keeps every print (as the app does in userData).
  dataDirectory,
  ...(setAside === undefined ? {} : { queuePolicy: { setAside } }),
  ...(backlogStaleAfterMs === undefined ? {} : { backlogStaleAfterMs }),
  // No OS keyring in a plain Node process: the core keeps secrets in memory and says so in Settings.
  // The tab that asked opens the page in a new tab; the address is printed too, for a tab that cannot.
  openExternal: async (url) => {
    core.events.emit('credentials.signInPage', { url });
    console.log(`Open this address to sign in: ${url}`);
  },
});
void pointSandboxAtReceiver(sandbox, core.notificationUrl());
void core.updates?.checkNow();
const updateChecks = setInterval(() => void core.updates?.checkNow(), updateCheckMs);
updateChecks.unref();
const host = await startBrowserHost({
  core,
  rendererDirectory: values.renderer,
  port: Number(values.port),
  host: values.host,
  startupNotices: [...settingsFile.notices, ...sandbox.notices],
  onUnexpectedError: (channel, error) => console.error(`[counter] ${channel} failed`, error),
});

if (values.json) {
  console.log(JSON.stringify({ url: host.url, origin: host.origin, token: host.token, sandboxBaseUrl: sandbox.baseUrl, dataDirectory }));
} else {
  console.log(
    `Counter is running in the browser host.\n  Open: ${host.url}\n  Embedded sandbox: ${sandbox.baseUrl}\n  Data: ${dataDirectory}\nPress Ctrl+C to stop.`,
  );
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await host.close();
  await core.close();
  await sandbox.close();
  await log.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
