import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock, TimerHandle } from '../../../shared/clock';
import type { Logger } from '../ports';
import type { ReleaseInfo } from './feed';
import {
  installVerdict,
  launchVerdict,
  mayOffer,
  RefusedVersions,
  UpdateMarker,
  type BusyReason,
  type InstallMoment,
  type LaunchVerdict,
  type RefusedVersion,
} from './policy';

/** What checks, downloads and installs: electron-updater in the app, the Node feed engine in tests. */
export interface UpdateEngine {
  /** The newest release of the channel if it is newer than the running version, else null. */
  check(): Promise<ReleaseInfo | null>;
  /** Downloads and verifies it; rejects when the file does not match what the feed published. */
  download(release: ReleaseInfo): Promise<void>;
  /** Quits and installs (the app does not come back from this call in Electron). */
  install(release: ReleaseInfo): void;
  /** Installs the version that was replaced; rejects when the feed no longer has it. */
  rollback(version: string): Promise<void>;
}

export type UpdatePhase = 'idle' | 'checking' | 'downloading' | 'downloaded' | 'installing' | 'failed';

export interface UpdateState {
  phase: UpdatePhase;
  running: string;
  available: string | null;
  waitingFor: BusyReason[];
  error: string | null;
  /** The last version that was installed here and did not start: gone back from, never offered again. */
  refused: (RefusedVersion & { restored: boolean }) | null;
}

export interface UpdateServiceOptions {
  version: string;
  dataDirectory: string;
  engine: UpdateEngine;
  /** What is unfinished right now. */
  busy(): Promise<BusyReason[]>;
  clock: Clock;
  logger: Logger;
  force: boolean;
  /** How often a waiting install asks again whether the counter is idle. */
  retryMs?: number;
}

export const MARKER_FILE = 'update-marker.json';
export const REFUSED_FILE = 'update-refused.json';

function readJson<T>(path: string, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface UpdateService {
  state(): UpdateState;
  /** At launch: the rollback check, then an install waiting from the last run if the counter is idle. */
  atStart(previousRun: { version: string; ready: boolean } | null): Promise<LaunchVerdict | 'installing'>;
  /** The window showed: a new version on trial is kept. */
  markReady(): void;
  /** Looks for a newer release and downloads it in the background; never installs by itself. */
  checkNow(): Promise<void>;
  /** The day is closed: install now if idle, or as soon as it is. */
  closeOfDay(): Promise<boolean>;
  close(): void;
}

export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  const { engine, clock, logger } = options;
  const markerPath = join(options.dataDirectory, MARKER_FILE);
  const refusedPath = join(options.dataDirectory, REFUSED_FILE);
  const refused = readJson(refusedPath, RefusedVersions) ?? [];
  const state: UpdateState = { phase: 'idle', running: options.version, available: null, waitingFor: [], error: null, refused: null };
  const showRefused = (): void => {
    const last = refused.at(-1);
    state.refused = last === undefined ? null : { ...last, restored: last.version !== options.version };
  };
  showRefused();
  let release: ReleaseInfo | null = null;
  let retry: TimerHandle | undefined;
  let closed = false;

  const readMarker = (): UpdateMarker | null => readJson(markerPath, UpdateMarker);
  const writeMarker = (marker: UpdateMarker): void => writeFileSync(markerPath, JSON.stringify(marker));
  const clearMarker = (): void => rmSync(markerPath, { force: true });

  /** Installs if the moment and the counter allow; otherwise keeps asking while the moment lasts. */
  async function tryInstall(moment: InstallMoment): Promise<boolean> {
    const busy = await options.busy();
    const verdict = installVerdict({ downloaded: state.phase === 'downloaded' && release !== null, moment, busy, force: options.force });
    state.waitingFor = busy;
    if (!verdict.install) {
      logger.info('update waits', { why: verdict.why, busy, moment, version: release?.version ?? null });
      // At start a busy counter means the day has begun: the install waits for its close, not for a gap in the work.
      if (verdict.why === 'busy' && moment !== 'start' && !closed) {
        if (retry !== undefined) clock.clearTimeout(retry);
        retry = clock.setTimeout(() => void tryInstall(moment), options.retryMs ?? 15_000);
      }
      return false;
    }
    if (release === null) return false;
    state.phase = 'installing';
    writeMarker({ from: options.version, to: release.version, installedAt: clock.now(), launches: 0 });
    logger.info('update installs', { from: options.version, to: release.version, moment });
    engine.install(release);
    return true;
  }

  /** The new version is refused for good before anything else, so even a failed way back never offers it again. */
  async function goBack(marker: UpdateMarker): Promise<void> {
    logger.error('the new version did not start; going back', { from: marker.to, to: marker.from });
    refused.push({ version: marker.to, backTo: marker.from, at: clock.now() });
    writeFileSync(refusedPath, JSON.stringify(refused));
    clearMarker();
    showRefused();
    try {
      await engine.rollback(marker.from);
    } catch (error) {
      state.phase = 'failed';
      state.error = error instanceof Error ? error.message : String(error);
      logger.error('the replaced version could not be installed again; the owner must reinstall it', { version: marker.from, error: state.error });
    }
  }

  return {
    state: () => ({ ...state, waitingFor: [...state.waitingFor], refused: state.refused === null ? null : { ...state.refused } }),
    async atStart(previousRun) {
      const marker = readMarker();
      const verdict = launchVerdict(marker, options.version, previousRun);
      if (marker !== null && verdict === 'trial') writeMarker({ ...marker, launches: marker.launches + 1 });
      if (verdict === 'clear') clearMarker();
      if (marker !== null && verdict === 'rollback') {
        await goBack(marker);
        return verdict;
      }
      // An update downloaded by an earlier run is found again (cached by the engine) and goes in now if nothing waits.
      await this.checkNow();
      if (state.phase === 'downloaded' && (await tryInstall('start'))) return 'installing';
      return verdict;
    },
    markReady() {
      const marker = readMarker();
      if (marker !== null && marker.to === options.version) clearMarker();
    },
    async checkNow() {
      if (state.phase !== 'idle' && state.phase !== 'failed') return;
      state.phase = 'checking';
      try {
        release = await engine.check();
        if (release !== null && !mayOffer(release.version, refused)) {
          logger.info('update not offered: it did not start here before', { version: release.version });
          release = null;
        }
        if (release === null) {
          state.phase = 'idle';
          return;
        }
        state.available = release.version;
        state.phase = 'downloading';
        await engine.download(release);
        state.phase = 'downloaded';
        state.error = null;
        logger.info('update downloaded', { version: release.version });
        if (options.force) void tryInstall('during_shift');
      } catch (error) {
        state.phase = 'failed';
        state.error = error instanceof Error ? error.message : String(error);
        release = null;
        logger.warn('update check failed', { error: state.error });
      }
    },
    closeOfDay: () => tryInstall('close_of_day'),
    close() {
      closed = true;
      if (retry !== undefined) clock.clearTimeout(retry);
    },
  };
}
