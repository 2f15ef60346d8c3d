import { join } from 'node:path';
import type { Environment } from '../../../shared/ipc/channels/app';
import { silentLogger, type Logger } from '../ports';
import { PrintQueueError } from './errors';
import { openPrintJournal, type PrintJournal } from './journal';
import { createDirectoryFiles, createMemoryFiles, type JournalFiles } from './journal-files';
import type { PrintQueue } from './print-queue';

/** A queue with what must be closed, in order, when its environment stops being the current one. */
export interface OpenedQueue<Queue> {
  readonly queue: Queue;
  close(): Promise<void>;
}

export interface EnvironmentSwitchOptions<Queue> {
  /** The current environment, read at every call (Settings may have changed it). */
  environment(): Environment;
  open(environment: Environment): Promise<OpenedQueue<Queue>>;
  logger?: Logger;
}

export interface EnvironmentSwitch<Queue> {
  /**
   * The current environment's queue. Switching environments closes the other one's queue and journal
   * before this one's are opened, so only one queue runs (docs/decisions.md, "Environments").
   */
  current(): Promise<Queue>;
  /** The queue open now (or being opened), without opening one. */
  opened(): Promise<Queue | undefined>;
  /** Closes the open queue; every later `current()` is refused with `journal_unavailable`. */
  close(): Promise<void>;
}

interface Active<Queue> {
  environment: Environment;
  opened: OpenedQueue<Queue>;
}

export function createEnvironmentSwitch<Queue>(options: EnvironmentSwitchOptions<Queue>): EnvironmentSwitch<Queue> {
  const logger = options.logger ?? silentLogger;
  // Every open and close is chained on this one promise, so none of them overlaps another.
  let active: Promise<Active<Queue> | undefined> = Promise.resolve(undefined);
  let closed = false;

  const closeActive = async (open: Active<Queue> | undefined): Promise<void> => {
    await open?.opened.close();
  };

  function current(): Promise<Queue> {
    const environment = options.environment();
    const next = active.then(async (open): Promise<Active<Queue> | undefined> => {
      if (open?.environment === environment) return open;
      await closeActive(open);
      if (closed) return undefined;
      return { environment, opened: await options.open(environment) };
    });
    // A failed open is retried by the next call rather than remembered.
    active = next.catch((error: unknown) => {
      logger.error('the print journal could not be opened', { environment, error: String(error) });
      return undefined;
    });
    return next.then(
      (open) => {
        if (open === undefined) throw new PrintQueueError('journal_unavailable', undefined, 'the print queue is closed');
        return open.opened.queue;
      },
      (error: unknown) => {
        throw new PrintQueueError('journal_unavailable', undefined, `the print journal could not be opened: ${String(error)}`);
      },
    );
  }

  return {
    current,
    opened: () => active.then((open) => open?.opened.queue),
    async close() {
      closed = true;
      active = active.then(async (open) => {
        await closeActive(open);
        return undefined;
      });
      await active;
    },
  };
}

export interface JournaledQueueOptions {
  /** One journal folder per environment under `{dataDirectory}/journal/`; none: in memory, for this run only. */
  dataDirectory?: string;
  /** Journal segment size before compaction (tests use a small one). */
  journalSegmentBytes?: number;
  logger?: Logger;
  /** The queue over an environment's journal; the wiring gives it the platform, clock and policies. */
  createQueue(journal: PrintJournal, environment: Environment): PrintQueue;
}

/** Opens an environment's journal, then its queue over it; closing stops the queue before the journal. */
export function journaledQueueOpener(options: JournaledQueueOptions): (environment: Environment) => Promise<OpenedQueue<PrintQueue>> {
  // Without a data directory (tests, a host that passed none) each environment keeps its files for the run.
  const memoryFiles = new Map<Environment, JournalFiles>();
  const filesOf = async (environment: Environment): Promise<JournalFiles> => {
    if (options.dataDirectory !== undefined) return createDirectoryFiles(join(options.dataDirectory, 'journal', environment));
    const files = memoryFiles.get(environment) ?? createMemoryFiles();
    memoryFiles.set(environment, files);
    return files;
  };

  return async (environment) => {
    const journal = await openPrintJournal({ files: await filesOf(environment), logger: options.logger, maxSegmentBytes: options.journalSegmentBytes });
    const queue = options.createQueue(journal, environment);
    return {
      queue,
      async close() {
        await queue.close();
        await journal.close();
      },
    };
  };
}
