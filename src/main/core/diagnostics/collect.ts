import { existsSync, readFileSync, statSync } from 'node:fs';
import { arch, platform, release } from 'node:os';
import { basename } from 'node:path';
import { zipSync } from 'fflate';
import type { DiagnosticsEntry, DiagnosticsKind } from '../../../shared/ipc/channels/diagnostics';
import { sqlite } from '../history/sqlite';
import type { PlatformCall } from '../log/platform-calls';
import { scrubText, scrubValue } from '../log/scrub';
import { crashDumpFiles } from '../crash/last-run';

/** Where the bundle's parts come from; each is read when the bundle is made, never kept. */
export interface DiagnosticsSources {
  counterId: string;
  version: string;
  shell: string;
  now(): number;
  settings(): unknown;
  /** The local database file of the current environment, if the app keeps one on disk. */
  historyFile(): string | null;
  storeStatus(): Promise<unknown>;
  recentCalls(): PlatformCall[];
  logFiles(): string[];
  /** Electron's crash dumps folder (desktop only). */
  crashDumpDirectory?: string;
}

/** Logs past this size are left out, newest kept: the bundle must stay small enough to send by mail. */
export const MAX_LOG_BYTES = 20 * 1024 * 1024;
const MAX_DUMP_BYTES = 20 * 1024 * 1024;

export interface DiagnosticsFiles {
  fileName: string;
  entries: DiagnosticsEntry[];
  files: Map<string, Uint8Array>;
}

const json = (value: unknown): Uint8Array => new TextEncoder().encode(`${JSON.stringify(scrubValue(value, new Set(), 0), null, 2)}\n`);

export async function collectDiagnostics(sources: DiagnosticsSources): Promise<DiagnosticsFiles> {
  const files = new Map<string, Uint8Array>();
  const kinds = new Map<string, DiagnosticsKind>();
  const add = (name: string, kind: DiagnosticsKind, bytes: Uint8Array): void => {
    files.set(name, bytes);
    kinds.set(name, kind);
  };
  const stamp = new Date(sources.now()).toISOString().replace(/[:.]/g, '-');
  add('versions.json', 'versions', json(versions(sources)));
  add('settings.json', 'settings', json(withoutUrlPasswords(sources.settings())));
  add('history.json', 'history', json(historyState(sources.historyFile())));
  add('store.json', 'store', json(await sources.storeStatus().catch((error: unknown) => ({ unavailable: String(error) }))));
  add('platform-calls.json', 'platform_calls', json(sources.recentCalls()));
  for (const [name, bytes] of newestWithin(sources.logFiles(), MAX_LOG_BYTES))
    add(`logs/${name}`, 'log', new TextEncoder().encode(scrubText(bytes.toString('utf8'))));
  for (const [name, bytes] of newestWithin(crashDumps(sources.crashDumpDirectory), MAX_DUMP_BYTES)) add(`crash-dumps/${name}`, 'crash_dump', bytes);
  const listed = (): DiagnosticsEntry[] => [...files].map(([name, bytes]) => ({ name, kind: kinds.get(name) ?? 'log', bytes: bytes.byteLength }));
  add('manifest.json', 'manifest', json({ counterId: sources.counterId, createdAt: new Date(sources.now()).toISOString(), files: listed() }));
  return { fileName: `counter-diagnostics-${stamp}.zip`, entries: listed(), files };
}

export function zipDiagnostics(files: Map<string, Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(files), { level: 6 });
}

function versions(sources: DiagnosticsSources): Record<string, unknown> {
  let sqliteVersion: string | null;
  try {
    const db = new (sqlite().DatabaseSync)(':memory:');
    sqliteVersion = String((db.prepare('select sqlite_version() as v').get() as { v: unknown }).v);
    db.close();
  } catch {
    sqliteVersion = null;
  }
  return {
    app: sources.version,
    shell: sources.shell,
    electron: process.versions['electron'] ?? null,
    chrome: process.versions['chrome'] ?? null,
    node: process.versions.node,
    sqlite: sqliteVersion,
    os: { platform: platform(), release: release(), arch: arch() },
  };
}

/** A database URL keeps its host and name; a password written into it (postgres://user:pw@…) does not leave. */
function withoutUrlPasswords(value: unknown): unknown {
  if (typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(value)) return value.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:[redacted]@');
  if (Array.isArray(value)) return value.map(withoutUrlPasswords);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutUrlPasswords(entry)]));
  return value;
}

/** Rows per table and SQLite's own check, read from a separate read-only connection. */
function historyState(file: string | null): Record<string, unknown> {
  if (file === null || !existsSync(file)) return { file: null, note: 'no local database on disk' };
  try {
    const db = new (sqlite().DatabaseSync)(file, { readOnly: true });
    try {
      const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as Array<{
        name: string;
      }>;
      const counts = Object.fromEntries(
        tables.map(({ name }) => [name, Number((db.prepare(`select count(*) as n from "${name.replace(/"/g, '""')}"`).get() as { n: unknown }).n)]),
      );
      const check = (db.prepare('pragma quick_check').all() as Array<Record<string, unknown>>).map((row) => String(Object.values(row)[0]));
      const version = (db.prepare('pragma user_version').get() as Record<string, unknown>)['user_version'];
      return { file: basename(file), bytes: statSync(file).size, schemaVersion: version, counts, integrity: check };
    } finally {
      db.close();
    }
  } catch (error) {
    return { file: basename(file), unreadable: String(error) };
  }
}

function crashDumps(directory: string | undefined): string[] {
  return crashDumpFiles(directory).map((dump) => dump.path);
}

/** The newest files (the list is oldest first) whose sizes together stay within the limit, oldest first again. */
function newestWithin(paths: string[], limit: number): Array<[string, Buffer]> {
  const kept: Array<[string, Buffer]> = [];
  let total = 0;
  for (const path of [...paths].reverse()) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue;
    }
    if (total + bytes.byteLength > limit) break;
    total += bytes.byteLength;
    kept.unshift([basename(path), bytes]);
  }
  return kept;
}
