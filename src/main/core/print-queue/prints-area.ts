import type { Clock } from '../../../shared/clock';
import type { Environment, Language } from '../../../shared/ipc/channels/app';
import type { HistoryChanges, HistoryChangesFactory } from '../history/history-changes';
import type { DatabaseSync } from '../history/sqlite';
import type { PlatformClient } from '../platform/client';
import type { Logger, RandomSource } from '../ports';
import type { HistoryReport } from '../history/startup-notice';
import { createEnvironmentSwitch, historyQueueOpener, type EnvironmentSwitch } from './environment-switch';
import type { PrintSummary } from '../../../shared/ipc/channels/prints';
import type { MadeBy } from '../../../shared/staff/made-by';
import { createPrintQueue, type PrintQueue, type QueuePolicy } from './print-queue';

export interface PrintsAreaOptions {
  environment(): Environment;
  dataDirectory?: string;
  platform: PlatformClient;
  clock: Clock;
  language(): Language;
  logger: Logger;
  random?: RandomSource;
  policy?: Partial<QueuePolicy>;
  onChange(summary: PrintSummary): void;
  /** Resolves once a token is at hand (the queue holds its creates while there is none). */
  authorize(): Promise<unknown>;
  operatingModeOf(environment: Environment, terminalId: string): string | undefined;
  busyElsewhere(terminalId: string): boolean;
  /** Who makes a print enqueued now (the staff's caller of the call being handled). */
  actor?(): MadeBy | null;
  /** What opening an environment's database found, when it was more than "opened". */
  onReport(report: HistoryReport): void;
  /** The store database's outbox, fed in the local database's transactions. */
  changes(environment: Environment): HistoryChangesFactory | undefined;
  /** What else keeps its rows in the same database (the sales): opened after the queue, closed before it. */
  attach(db: DatabaseSync, environment: Environment, changes: HistoryChanges | undefined): { close(): void };
}

/** The print queue of the current environment, over that environment's local database. */
export function createPrintsArea(options: PrintsAreaOptions): EnvironmentSwitch<PrintQueue> {
  const { logger } = options;
  return createEnvironmentSwitch({
    environment: options.environment,
    logger,
    open: historyQueueOpener({
      dataDirectory: options.dataDirectory,
      logger,
      onReport: options.onReport,
      changes: options.changes,
      createQueue: (journal, of) =>
        createPrintQueue({
          journal,
          platform: options.platform,
          clock: options.clock,
          language: options.language,
          onChange: options.onChange,
          authorize: options.authorize,
          operatingModeOf: (terminalId) => options.operatingModeOf(of, terminalId),
          policy: options.policy,
          busyElsewhere: options.busyElsewhere,
          random: options.random,
          logger,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
        }),
      attach: options.attach,
    }),
  });
}
