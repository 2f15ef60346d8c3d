import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's layout: one `/usr/lib/postgresql/<major>/bin` per installed server version. */
const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin directory (`initdb`, `pg_ctl`, `postgres`), or undefined. `PG_BIN` overrides. */
export function findPostgresBin(): string | undefined {
  const override = process.env['PG_BIN'];
  if (override !== undefined && existsSync(join(override, 'initdb'))) return override;
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const majors = readdirSync(DEBIAN_ROOT)
    .filter((entry) => /^\d+$/.test(entry))
    .sort((left, right) => Number(right) - Number(left));
  for (const major of majors) {
    const bin = join(DEBIAN_ROOT, major, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

function run(label: string, command: string, args: string[], options: SpawnSyncOptions = {}): boolean {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status === 0;
}

/**
 * For `scripts/test-all.ts` on a fresh Debian machine: installs Debian's `postgresql` (server binaries,
 * and the `postgres` system user the test harness runs them as) with apt-get, as root or through
 * `sudo -n`, like the Chromium step. True when a server is there afterwards.
 */
export function ensurePostgres(): boolean {
  if (findPostgresBin() !== undefined) return true;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [command = 'apt-get', ...rest] = [...prefix, 'apt-get'];
  const label = 'install Debian PostgreSQL for the store database tests';
  return (
    run(label, command, [...rest, 'update', '-qq'], { env }) &&
    run(label, command, [...rest, 'install', '-y', '-qq', '--no-install-recommends', 'postgresql'], { env }) &&
    findPostgresBin() !== undefined
  );
}
