/**
 * The small ports the core's services are built on, besides Clock (src/shared/clock.ts) and
 * KeyValueStore (settings/store.ts). The app passes real implementations; Node tests pass the
 * same real ones or fakes, never Electron.
 */

/** A fetch-like function: the only way the core reaches the network (the platform, the sandbox). */
export type Http = (url: string, init?: RequestInit) => Promise<Response>;

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Warnings and errors to the console: the default when the shell passes no logger. */
export function createConsoleLogger(prefix = '[counter]'): Logger {
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: (message, fields) => console.warn(prefix, message, fields ?? ''),
    error: (message, fields) => console.error(prefix, message, fields ?? ''),
  };
}

/** Random bytes as a port, so a test can make keys and jitter deterministic. */
export type RandomSource = () => number;
