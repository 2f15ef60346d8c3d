import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { failureText } from '../../../shared/i18n/failures';
import type { StartupNotice } from '../../../shared/ipc/channels/app';

/** What a run wrote about itself in the data folder: read at the next start to learn how it ended. */
export const RunRecord = z.object({
  version: z.string(),
  startedAt: z.number(),
  /** The window showed the app: the start itself worked. */
  ready: z.boolean(),
  cleanExit: z.boolean(),
  /** Crash dumps already reported: only newer ones make a notice. */
  dumpsSeenUntil: z.number(),
});
export type RunRecord = z.infer<typeof RunRecord>;

export const RUN_FILE = 'last-run.json';

export interface RunWatch {
  /** How the previous run ended, if one ran here before. */
  readonly previous: RunRecord | null;
  /** The notice for the cashier when the previous run crashed or left crash reports; null otherwise. */
  readonly notice: StartupNotice | null;
  markReady(): void;
  markCleanExit(): void;
}

export interface RunWatchOptions {
  dataDirectory: string;
  version: string;
  now(): number;
  /** Electron's crash dumps folder; without one only an unclean end is noticed. */
  crashDumpDirectory?: string;
}

/**
 * Starts this run's record and reads the previous one. A run that never marked a clean exit ended
 * unexpectedly (a crash, a kill, a power cut); crash dumps newer than the last ones reported say it was a crash.
 */
export function watchRun(options: RunWatchOptions): RunWatch {
  const path = join(options.dataDirectory, RUN_FILE);
  const previous = readRecord(path);
  const startedAt = options.now();
  const newDumps = dumpsAfter(options.crashDumpDirectory, previous?.dumpsSeenUntil ?? 0);
  const record: RunRecord = { version: options.version, startedAt, ready: false, cleanExit: false, dumpsSeenUntil: Math.max(startedAt, ...newDumps) };
  const write = (): void => {
    // Replaced whole, never half-written: a crash during the write leaves the previous record.
    writeFileSync(`${path}.tmp`, JSON.stringify(record));
    renameSync(`${path}.tmp`, path);
  };
  write();
  return {
    previous,
    notice: crashNotice(previous, newDumps.length),
    markReady() {
      record.ready = true;
      write();
    },
    markCleanExit() {
      record.cleanExit = true;
      write();
    },
  };
}

/** The notice, from the previous run's record and how many crash reports it left; null when it ended well. */
export function crashNotice(previous: RunRecord | null, newDumps: number): StartupNotice | null {
  if (previous === null || (previous.cleanExit && newDumps === 0)) return null;
  const values = { version: previous.version, startedAt: new Date(previous.startedAt).toISOString(), reports: newDumps };
  const code = previous.ready ? 'closed_unexpectedly' : 'start_failed_last_time';
  return { code, message: failureText(code, 'en', values), values, backupPath: null, fields: [] };
}

function readRecord(path: string): RunRecord | null {
  try {
    const parsed = RunRecord.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The crash dumps under the folder (Crashpad keeps them a few folders down), with their times, oldest first. */
export function crashDumpFiles(directory: string | undefined): Array<{ path: string; modifiedMs: number }> {
  if (directory === undefined) return [];
  const found: Array<{ path: string; modifiedMs: number }> = [];
  const walk = (folder: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(folder, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat === undefined) continue;
      if (stat.isDirectory() && depth < 3) walk(path, depth + 1);
      else if (name.endsWith('.dmp')) found.push({ path, modifiedMs: stat.mtimeMs });
    }
  };
  walk(directory, 0);
  return found.sort((a, b) => a.modifiedMs - b.modifiedMs);
}

/** Modification times of the crash dumps newer than `after`. */
function dumpsAfter(directory: string | undefined, after: number): number[] {
  return crashDumpFiles(directory)
    .map((dump) => dump.modifiedMs)
    .filter((time) => time > after);
}
