import { closeSync, constants, fdatasync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The fsync that makes committed transactions durable, run on libuv's thread pool instead of inside
 * SQLite's COMMIT on the main thread (docs/decisions.md "Print history": with synchronous=NORMAL in WAL
 * mode a commit only writes the WAL; this syncs it). The queue and the platform client wait for the
 * `durable` promise, never for the COMMIT's return, so the rule holds (a print and its key are on disk
 * before its first request) while the event loop prepares the request meanwhile. Concurrent requests
 * share one fdatasync; one asked for while another runs gets the next.
 */
export class WalSync {
  private fd: number | undefined;
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  private closing = false;

  /** `databaseFile` ':memory:' (tests): nothing to sync. */
  constructor(private readonly databaseFile: string) {}

  private get walFile(): string {
    return `${this.databaseFile}-wal`;
  }

  /** Resolves once everything committed before this call is on disk. */
  request(): Promise<void> {
    if (this.databaseFile === ':memory:') return Promise.resolve();
    if (this.next !== undefined) return this.next;
    if (this.running === undefined) return this.start();
    // The sync under way may have begun before this commit's write: this one needs the next.
    this.next = this.running.then(
      () => this.start(),
      () => this.start(),
    );
    return this.next;
  }

  /** After the database closed (its own close checkpoints and syncs): the file is let go once no sync uses it. */
  close(): void {
    this.closing = true;
    if (this.running === undefined) this.release();
  }

  private start(): Promise<void> {
    this.next = undefined;
    const run = new Promise<void>((resolve, reject) => {
      let fd: number;
      try {
        fd = this.open();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      fdatasync(fd, (error) => (error === null ? resolve() : reject(error)));
    }).finally(() => {
      if (this.running === run) this.running = undefined;
      if (this.closing && this.running === undefined && this.next === undefined) this.release();
    });
    this.running = run;
    return run;
  }

  private open(): number {
    if (this.fd !== undefined) return this.fd;
    // The WAL exists once the first transaction committed; its directory entry is made durable once.
    this.fd = openSync(this.walFile, constants.O_RDONLY);
    const directory = openSync(dirname(this.walFile), constants.O_RDONLY);
    try {
      fsyncSync(directory);
    } finally {
      closeSync(directory);
    }
    return this.fd;
  }

  private release(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}
