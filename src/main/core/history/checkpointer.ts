import { Worker } from 'node:worker_threads';
import type { Logger } from '../ports';
import type { DatabaseSync } from './sqlite';

/** Commits between two checkpoints: about 800 WAL pages (3 MB) at the queue's 6–10 pages a transition. */
const COMMITS_PER_CHECKPOINT = 100;
/** Checkpoints a worker runs at most, each copying what was written during the one before. */
const CATCH_UP_ROUNDS = 4;
/**
 * The WAL's length (in 4 KB frames, 8 MB) from which the main thread copies what the worker left: below
 * it, the next quiet moment lets a worker catch up by itself and the main thread never waits for a sync.
 */
const CATCH_UP_FRAMES = 2_000;

/**
 * A worker's own connection: `PRAGMA wal_checkpoint(PASSIVE)` (copy what no reader needs, sync the
 * database) while the main connection goes on writing. Plain CommonJS so it runs unbundled in Node and
 * in Electron's main process alike.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL');
try {
  // Again while the main connection wrote meanwhile: once every frame is copied with no write in between,
  // the next commit starts the WAL over. "log" is the WAL's length when the round began.
  let frames = 0;
  for (let round = 0; round < ${CATCH_UP_ROUNDS}; round++) {
    const { log, checkpointed } = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get();
    frames = log;
    if (log === checkpointed) break;
  }
  parentPort.postMessage({ ok: true, frames });
} catch (error) {
  parentPort.postMessage({ ok: false, error: String(error) });
} finally {
  db.close();
}
`;

/**
 * Checkpoints off the main thread (docs/decisions.md "History figures"). SQLite's automatic checkpoint
 * runs inside the commit that crosses 1000 WAL pages, on the main thread: at 1,000,000 prints it writes
 * pages all over a 900 MB file and syncs it, a transition of hundreds of milliseconds now and then (the
 * mean of bench/history). Here the main connection never checkpoints by itself; every
 * COMMITS_PER_CHECKPOINT commits a short-lived worker does it with its own connection. If no worker can
 * run, SQLite's own automatic checkpoint is turned back on: the WAL never grows without bound.
 */
export class Checkpointer {
  private commits = 0;
  private running = false;
  private disabled = false;

  constructor(
    private readonly db: DatabaseSync,
    private readonly file: string,
    private readonly logger: Logger,
  ) {
    if (file === ':memory:') this.disabled = true;
    else db.exec('PRAGMA wal_autocheckpoint = 0');
  }

  committed(): void {
    if (this.disabled || ++this.commits < COMMITS_PER_CHECKPOINT || this.running) return;
    this.commits = 0;
    this.running = true;
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file } });
    } catch (error) {
      this.fallBack(error);
      return;
    }
    worker.unref();
    worker.once('message', (result: { ok: boolean; frames?: number; error?: string }) => {
      if (!result.ok) this.logger.warn('a history checkpoint failed; the next one will retry', { error: result.error });
      else if ((result.frames ?? 0) >= CATCH_UP_FRAMES) this.catchUp();
    });
    worker.once('error', (error) => this.fallBack(error));
    worker.once('exit', () => {
      this.running = false;
    });
  }

  /**
   * The frames written while the worker ran, copied here where no write can come between: the WAL is then
   * wholly copied, so the next commit starts it over from its first page instead of making it longer. A
   * WAL under a steady stream of writes otherwise never catches up and grows without end, and every
   * commit that lengthens the file pays for a metadata sync too (bench/print-pipeline). Only those few
   * pages are copied (the worker did the rest), but the main thread waits for the WAL's and the database's
   * syncs: so only once the WAL is CATCH_UP_FRAMES long, which a counter reaches only under a steady stream.
   */
  private catchUp(): void {
    if (this.disabled || !this.db.isOpen) return;
    try {
      this.db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get();
    } catch (error) {
      // Closed meanwhile, or busy: the next checkpoint tries again.
      this.logger.warn('a history checkpoint could not catch up; the next one will retry', { error: String(error) });
    }
  }

  private fallBack(error: unknown): void {
    this.running = false;
    this.disabled = true;
    this.logger.warn('history checkpoints cannot run in a worker; SQLite checkpoints by itself again', { error: String(error) });
    try {
      this.db.exec('PRAGMA wal_autocheckpoint = 1000');
    } catch {
      // The database is closed already: its close checkpointed it.
    }
  }
}
