import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findPostgresBin } from './ensure-postgres';

const execFileAsync = promisify(execFile);

/** A throwaway PostgreSQL server for tests and benchmarks: its own data folder, port and socket folder. */
export interface TestPostgres {
  /** `postgres://counter@127.0.0.1:<port>/<database>` */
  readonly url: string;
  readonly port: number;
  /** Stops the server (fast shutdown: open connections are cut) but keeps its data, as an outage would. */
  stopServer(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  startServer(): Promise<void>;
  /** Another empty database on the same server (one per test keeps tests apart); its URL. */
  freshDatabase(): Promise<string>;
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>;
}

export interface TestPostgresOptions {
  /** Durability off (fsync, synchronous_commit) for fast tests; a benchmark keeps the defaults. */
  durable?: boolean;
  database?: string;
}

const SUPERUSER = 'counter';

/** Why a test server cannot run here, or undefined when it can (tests skip with this message). */
export function postgresUnavailableReason(): string | undefined {
  const bin = findPostgresBin();
  if (bin === undefined) return 'no PostgreSQL server binaries (/usr/lib/postgresql/*/bin or PG_BIN); ensurePostgres() installs them';
  if (isRoot() && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root without a `postgres` system user to run the server as';
  return undefined;
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** postgres refuses to run as root: as root, every server command runs as the `postgres` system user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function runServerCommand(bin: string, name: string, args: string[]): Promise<void> {
  const [command, fullArgs] = asServerUser(join(bin, name), args);
  try {
    await execFileAsync(command, fullArgs, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const output = error as { stderr?: string; stdout?: string };
    throw new Error(`${name} failed: ${output.stderr ?? ''}${output.stdout ?? ''}`.trim(), { cause: error });
  }
}

/**
 * initdb in a temporary folder, then a server on 127.0.0.1 at a free port with its unix socket in that
 * folder (never the system's /var/run/postgresql), then one database. Trust authentication: loopback only.
 */
export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const reason = postgresUnavailableReason();
  const bin = findPostgresBin();
  if (reason !== undefined || bin === undefined) throw new Error(`cannot start a test PostgreSQL: ${reason ?? 'no binaries'}`);
  const folder = mkdtempSync(join(tmpdir(), 'counter-pg-'));
  if (isRoot()) {
    const user = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(folder, Number(user.stdout.trim()), Number(group.stdout.trim()));
  }
  const data = join(folder, 'data');
  const database = options.database ?? 'counter_test';
  await runServerCommand(bin, 'initdb', ['-D', data, '-U', SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const settings = [`-p ${port}`, `-k ${folder}`, '-c listen_addresses=127.0.0.1', '-c max_connections=200'];
  // Room for a benchmark's bulk seeding without a checkpoint every few seconds.
  settings.push('-c max_wal_size=4GB');
  if (options.durable !== true) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  const startServer = () =>
    runServerCommand(bin, 'pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-o', settings.join(' '), '-w', '-t', '60', 'start']);
  const stopServer = () => runServerCommand(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);

  try {
    await startServer();
    const admin = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, database: 'postgres' });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${database}`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await stopServer().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }

  let stopped = false;
  let databases = 0;
  return {
    url: `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`,
    port,
    stopServer,
    startServer,
    async freshDatabase() {
      const name = `${database}_${++databases}`;
      const admin = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, database: 'postgres' });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://${SUPERUSER}@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (existsSync(join(data, 'postmaster.pid'))) await stopServer().catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
