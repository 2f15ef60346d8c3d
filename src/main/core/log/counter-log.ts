import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pino, type Logger as Pino } from 'pino';
import roll, { type RollingDestination } from 'pino-roll';
import type { Logger, LogFields } from '../ports';
import { REDACTED, scrubText, scrubValue } from './scrub';

/** Who wrote a line: Electron's main process, the Electron-free core, or the renderer through its channel. */
export type LogSource = 'main' | 'core' | 'renderer';
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export const LOG_FILE_PREFIX = 'counter';
export const LOG_FILE_EXTENSION = '.log';

/** The structured log of one run: a rotating file in the data folder, one JSON object a line. */
export interface CounterLog {
  /** The Logger port the core's services take, tagged with where the line comes from. */
  for(source: LogSource): Logger;
  /** A secret learnt at run time (a token just received): hidden wherever it appears from now on. */
  remember(secret: string): void;
  readonly directory: string;
  /** The log files on disk, oldest first. */
  files(): string[];
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface CounterLogOptions {
  /** The folder of the log files (`logs` in the data folder). */
  directory: string;
  counterId: string;
  version: string;
  level?: LogLevel;
  /** Rotate past this size (pino-roll units: `10m`). */
  maxSize?: string;
  /** Rotate at least this often, so a file's age says which days it covers. */
  frequency?: 'daily' | 'hourly' | number;
  /** Rotated files kept besides the current one; older ones are deleted at rotation. */
  keep?: number;
}

/**
 * Paths pino itself blanks before the line is serialized: a second net behind the scrubber, for the
 * shapes a careless field could have (a request's headers, a token response).
 */
const REDACT_PATHS = [
  'headers.authorization',
  'headers.cookie',
  'headers["x-signature"]',
  '*.authorization',
  '*.access_token',
  '*.refresh_token',
  '*.client_secret',
  '*.code_verifier',
  '*.password',
  '*.pin',
  '*.card_number',
  '*.security_code',
  'access_token',
  'refresh_token',
  'client_secret',
  'authorization',
  'pin',
];

export async function openCounterLog(options: CounterLogOptions): Promise<CounterLog> {
  const destination: RollingDestination = await roll({
    file: join(options.directory, LOG_FILE_PREFIX),
    extension: LOG_FILE_EXTENSION,
    size: options.maxSize ?? '10m',
    frequency: options.frequency ?? 'daily',
    mkdir: true,
    limit: { count: options.keep ?? 14, removeOtherLogFiles: true },
  });
  const secrets = new Set<string>();
  const root: Pino = pino(
    {
      level: options.level ?? 'info',
      base: { counter: options.counterId, version: options.version, pid: process.pid },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
  const port = (child: Pino): Logger => {
    const write =
      (level: LogLevel) =>
      (message: string, fields?: LogFields): void => {
        if (!child.isLevelEnabled(level)) return;
        const safe = fields === undefined ? {} : (scrubValue(fields, secrets) as Record<string, unknown>);
        child[level](safe, scrubText(message, secrets));
      };
    return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
  };
  const children = new Map<LogSource, Logger>();
  let closed: Promise<void> | undefined;
  return {
    directory: options.directory,
    for(source) {
      let logger = children.get(source);
      if (logger === undefined) {
        logger = port(root.child({ src: source }));
        children.set(source, logger);
      }
      return logger;
    },
    remember(secret) {
      if (secret.length >= 8) secrets.add(secret);
    },
    files: () => logFiles(options.directory),
    flush: () => new Promise<void>((resolve) => destination.flush(() => resolve())),
    close() {
      closed ??= new Promise<void>((resolve) => {
        destination.once('close', () => resolve());
        destination.end();
      });
      return closed;
    },
  };
}

/** The log files in a folder, oldest first (pino-roll numbers them `counter.N.log`). */
export function logFiles(directory: string): string[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  const numberOf = (name: string): number => Number(/\.(\d+)\.log$/.exec(name)?.[1] ?? 0);
  return names
    .filter((name) => name.startsWith(`${LOG_FILE_PREFIX}.`) && name.endsWith(LOG_FILE_EXTENSION))
    .sort((a, b) => numberOf(a) - numberOf(b))
    .map((name) => join(directory, name));
}
