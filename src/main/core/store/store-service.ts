import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import type { Clock } from '../../../shared/clock';
import type { Environment, Language, StoreDatabaseSettings } from '../../../shared/ipc/channels/app';
import type { StoreChanged, StoreStatus, StoreSync, StoreTestResult } from '../../../shared/ipc/channels/store';
import { backfillHistory, forgetBackfill } from '../history/backfill';
import type { HistoryChanges, HistoryChangesFactory } from '../history/history-changes';
import type { DatabaseSync } from '../history/sqlite';
import { silentLogger, type Logger } from '../ports';
import { StoreError, StoreUrlError, storeFailureCode, storeFailureReason } from './errors';
import { listenStoreChanges, type LiveChanges } from './live';
import { CHANGES_CHANNEL } from './migrations';
import type { Outbox } from './outbox';
import { createSqliteOutbox } from './outbox-sqlite';
import type { CounterIdentity } from './publish-batch';
import { publishedRecord } from './records';
import { createPublisher, storeClient, storePool, storeUrlProblem, type Publisher, type SyncState } from './publisher';
import type { Queryable } from './queries';
import { testStoreConnection } from './test-connection';

export interface StoreServiceOptions {
  settings(): StoreDatabaseSettings;
  /** Saves the counter id made on first use (a settings.update). */
  saveSettings(patch: Partial<StoreDatabaseSettings>): void;
  password: {
    read(): string | undefined;
    write(password: string | undefined): void;
    storage(): StoreStatus['passwordStorage'];
    /** Forgotten because the address moved to another origin (the vault's rule). */
    forgotten(): boolean;
  };
  clock: Clock;
  appVersion: string;
  /** The environment the counter is in now: the whole-store reads show that environment's rows only. */
  environment(): Environment;
  logger?: Logger;
  /** The sync state changed (every outbox append while waiting, too). */
  onStatus(status: StoreStatus): void;
  /** Another counter published or a command moved: the views reread. */
  onChange(change: StoreChanged): void;
  /** A command may be waiting for this counter (command-loop.ts). */
  onCommandsMayWait?(): void;
  /** More to share each publishing round, once the outbox is empty (staff-sync.ts). */
  alongside?(db: pg.Client, counter: CounterIdentity, environment: Environment): Promise<void>;
}

export interface StoreService {
  /** For each history database opened (one per environment): its outbox, fed in the history's transactions. */
  historyChanges(environment: Environment): HistoryChangesFactory;
  /** Follows the settings as saved now: starts, restarts or stops publishing and the live feed. */
  reconfigure(): void;
  status(): StoreStatus;
  setPassword(password: string | null): StoreStatus;
  /** Puts one set-aside outbox entry (or, with null, every one) back to be sent again. */
  retrySetAside(seq: number | null): StoreStatus;
  test(language: Language): Promise<StoreTestResult>;
  /** The whole-store reads' pool; StoreError store_disabled / store_not_configured otherwise. */
  queryable(): Queryable;
  /** This counter as the store knows it, or undefined when the database is off. */
  identity(): CounterIdentity | undefined;
  /** The environment whose rows the whole-store reads show: the one the counter is in now. */
  environment(): Environment;
  /** The publisher's pending count and state, for tests. */
  publisher(): Publisher | undefined;
  close(): Promise<void>;
}

interface Connection {
  url: string;
  password: string | undefined;
  identity: CounterIdentity;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The publisher's state in the contract's words; its raw error becomes a store_* code and the database's reason. */
function syncOf(state: SyncState): StoreSync {
  if (state.kind === 'up_to_date') return { kind: 'up_to_date', since: iso(state.since) };
  if (state.kind === 'waiting') return { kind: 'waiting', pending: state.pending, since: iso(state.since) };
  return {
    kind: 'error',
    code: storeFailureCode({ code: state.code, message: state.reason }),
    reason: state.reason,
    pending: state.pending,
    since: iso(state.since),
  };
}

/** Where and as whom to publish, from the settings as saved; undefined while off or without an address. */
function connectionOf(options: StoreServiceOptions): Connection | undefined {
  const settings = options.settings();
  if (!settings.enabled || settings.url === '') return undefined;
  let counterId = settings.counterId;
  if (counterId === '') {
    // Made once per install and never reused (the store keys every copy by it).
    counterId = randomUUID();
    options.saveSettings({ counterId });
  }
  const identity: CounterIdentity = {
    id: counterId,
    name: settings.counterName === '' ? hostname() : settings.counterName,
    storeId: settings.storeId === '' ? 'store' : settings.storeId,
    storeName: settings.storeName === '' ? (settings.storeId === '' ? 'Store' : settings.storeId) : settings.storeName,
    appVersion: options.appVersion,
  };
  return { url: settings.url, password: options.password.read(), identity };
}

/** The whole-store reads' pool and the live feed (LISTEN), following the connection settings. */
function createStoreReads(options: StoreServiceOptions, logger: Logger, feed: { dropped(): void; back(): void }) {
  let reads: { key: string; pool: pg.Pool; live: LiveChanges } | undefined;
  function close(): void {
    const old = reads;
    reads = undefined;
    if (old === undefined) return;
    void old.live.close();
    void old.pool.end().catch(() => undefined);
  }
  function follow(wanted: Connection, key: string): void {
    if (reads?.key === key) return;
    close();
    const live = listenStoreChanges({
      newClient: () => storeClient(wanted.url, wanted.password),
      clock: options.clock,
      onChange: (change) => {
        if (change.channel === 'resync') {
          feed.back();
          options.onChange({ kind: 'resync', counterId: null });
        } else if (change.channel === CHANGES_CHANNEL) options.onChange({ kind: 'prints', counterId: change.counterId });
        else {
          options.onChange({ kind: 'commands', counterId: change.counterId });
          if (change.counterId === wanted.identity.id && change.state === 'pending') options.onCommandsMayWait?.();
        }
      },
      onError: (error) => {
        logger.debug('the store live feed dropped', { error: storeFailureReason(error) });
        feed.dropped();
      },
    });
    reads = { key, pool: storePool(wanted.url, wanted.password), live };
    void live.ready().then(() => options.onCommandsMayWait?.());
  }
  return { follow, close, pool: (): pg.Pool | undefined => reads?.pool };
}

/**
 * What the live feed tells the publisher: a drop asks the database now, so "up to date" does not outlive
 * it; a reconnect ends the back-off, so "up to date" comes back as quickly.
 */
function publisherFeed(publishing: () => { publisher(): Publisher | undefined }) {
  return { dropped: () => publishing().publisher()?.probe(), back: () => publishing().publisher()?.reachable() };
}

/** One publisher at a time, for the current history's outbox and the connection settings as saved. */
function createPublishing(options: StoreServiceOptions, logger: Logger, announce: () => void) {
  let running: { key: string; outbox: Outbox; publisher: Publisher; unsubscribe(): void } | undefined;
  function stop(): Promise<void> {
    const old = running;
    running = undefined;
    if (old === undefined) return Promise.resolve();
    old.unsubscribe();
    return old.publisher.close().catch((error: unknown) => logger.warn('the store publisher did not stop cleanly', { error: String(error) }));
  }
  function start(wanted: Connection, key: string, outbox: Outbox, environment: Environment): void {
    if (running?.key === key && running.outbox === outbox) return;
    void stop();
    const publisher = createPublisher({
      outbox,
      counter: wanted.identity,
      environment,
      newClient: () => storeClient(wanted.url, wanted.password),
      clock: options.clock,
      ...(options.alongside === undefined ? {} : { alongside: (db: pg.Client) => options.alongside?.(db, wanted.identity, environment) ?? Promise.resolve() }),
      onError: (error) => logger.warn('the store database could not take a batch (kept in the outbox)', { error: storeFailureReason(error) }),
      onSetAside: (entry, refusal) =>
        logger.warn('the store database refused an outbox entry; it is set aside, the rest goes on', { seq: entry.seq, kind: entry.kind, code: refusal.code }),
    });
    const unsubscribe = publisher.subscribe(announce);
    running = { key, outbox, publisher, unsubscribe };
    publisher.start();
  }
  return {
    start,
    stop,
    publisher: (): Publisher | undefined => running?.publisher,
    /** A change reached `outbox`: its publisher (if it is the one publishing) goes to work. */
    wake(outbox: Outbox): void {
      if (running?.outbox === outbox) running.publisher.wake();
    },
  };
}

/** How many entries the store refused, and the oldest few with their reasons. */
function setAsideOf(outbox: Outbox | undefined): StoreStatus['setAside'] {
  if (outbox === undefined) return { count: 0, entries: [] };
  const entries = outbox
    .aside(SET_ASIDE_SHOWN)
    .map(({ seq, kind, recordId, code, reason, setAsideAt }) => ({ seq, kind, recordId, code, reason, at: iso(setAsideAt) }));
  return { count: entries.length < SET_ASIDE_SHOWN ? entries.length : outbox.asideCount(), entries };
}
const SET_ASIDE_SHOWN = 20;

/** Why the pg client cannot take the saved address, checked once per address until `again`. */
function createUrlCheck(options: StoreServiceOptions) {
  let checked: { url: string; problem: string | undefined } | undefined;
  return {
    problem(): string | undefined {
      const url = options.settings().url;
      if (url === '') return undefined;
      if (checked?.url !== url) checked = { url, problem: storeUrlProblem(url) };
      return checked.problem;
    },
    /** A file the address names may have appeared (or gone) since. */
    again(): void {
      checked = undefined;
    },
  };
}

/**
 * Puts the history's earlier prints and sales in its outbox, once (history/backfill.ts); `wake` when it
 * appended any. False when it failed: no marker was written, so the next start or settings change tries
 * again while new changes go on meanwhile.
 */
function backfillOutbox(db: DatabaseSync, outbox: Outbox, logger: Logger, wake: () => void): boolean {
  try {
    const count = backfillHistory(db, (kind, recordId, record) => outbox.append(kind, recordId, publishedRecord(kind, record)));
    if (count === undefined) return true;
    logger.info('the earlier prints and sales were put in the store outbox', { records: count });
    wake();
    return true;
  } catch (error) {
    logger.error('the earlier prints and sales could not be put in the store outbox', { error: String(error) });
    return false;
  }
}

/** What the status bar and Settings show: off, not configured, or the publisher's state. */
function storeStatus(options: StoreServiceOptions, publisher: Publisher | undefined, outbox: Outbox | undefined, urlProblem: string | undefined): StoreStatus {
  const settings = options.settings();
  const base = {
    enabled: settings.enabled,
    passwordSet: options.password.read() !== undefined,
    passwordStorage: options.password.storage(),
    passwordForgotten: options.password.forgotten(),
    counterId: settings.counterId,
    storeId: settings.storeId,
    setAside: setAsideOf(outbox),
  };
  if (!settings.enabled) return { ...base, sync: { kind: 'off' } };
  if (settings.url === '') return { ...base, sync: { kind: 'not_configured' } };
  if (urlProblem !== undefined) {
    // Saved by an earlier version, or edited by hand: said in Settings, nothing connects.
    return {
      ...base,
      sync: { kind: 'error', code: 'store_url_invalid', reason: urlProblem, pending: outbox?.pending() ?? 0, since: iso(options.clock.now()) },
    };
  }
  if (publisher === undefined) return { ...base, sync: { kind: 'waiting', pending: outbox?.pending() ?? 0, since: iso(options.clock.now()) } };
  return { ...base, sync: syncOf(publisher.state()) };
}

/**
 * The optional store database as the app sees it (docs/store-database.md): each opened history's outbox
 * is fed in its transactions while the database is on; one publisher copies the current history's outbox;
 * one pool serves the whole-store reads; one LISTEN connection tells the views of other counters' changes.
 * Nothing here is awaited by a cashier's action.
 */
export function createStoreService(options: StoreServiceOptions): StoreService {
  const logger = options.logger ?? silentLogger;
  let outbox: Outbox | undefined;
  /** The environment of the history whose outbox is `outbox`: what its rows are published as. */
  let outboxEnvironment: Environment | undefined;
  /** Puts the current history's earlier prints and sales in its outbox, once (history/backfill.ts). */
  let backfill: (() => void) | undefined;
  const feed = publisherFeed(() => publishing);
  const reads = createStoreReads(options, logger, feed);
  const urlCheck = createUrlCheck(options);
  const urlProblem = urlCheck.problem;
  const status = (): StoreStatus => storeStatus(options, publishing.publisher(), outbox, urlProblem());
  const announce = (): void => options.onStatus(status());
  const publishing = createPublishing(options, logger, announce);
  let closed = false;

  const connection = (): Connection | undefined => connectionOf(options);

  function reconfigure(): void {
    if (closed) return;
    const wanted = connection();
    urlCheck.again();
    const problem = wanted === undefined ? undefined : urlProblem();
    if (problem !== undefined) logger.warn('the store database address cannot be used; nothing connects until it is corrected', { problem });
    if (wanted === undefined || problem !== undefined) {
      void publishing.stop();
      reads.close();
    } else {
      const key = JSON.stringify(wanted);
      backfill?.();
      if (outbox !== undefined && outboxEnvironment !== undefined) publishing.start(wanted, key, outbox, outboxEnvironment);
      reads.follow(wanted, key);
    }
    announce();
  }

  const historyChanges =
    (environment: Environment): HistoryChangesFactory =>
    (db) => {
      const own = createSqliteOutbox(db);
      let appended = false;
      /** false once this run took the marker away (history/backfill.ts forgetBackfill); undefined: not known. */
      let backfilled: boolean | undefined;
      outbox = own;
      outboxEnvironment = environment;
      backfill = () => {
        if (outbox !== own) return;
        if (backfillOutbox(db, own, logger, () => publishing.wake(own))) backfilled = true;
      };
      reconfigure();
      return {
        record(kind, recordId, record) {
          if (outbox !== own) return;
          if (connection() === undefined) {
            if (backfilled !== false) forgetBackfill(db);
            backfilled = false;
            return;
          }
          own.append(kind, recordId, publishedRecord(kind, record()));
          appended = true;
        },
        committed() {
          if (!appended) return;
          appended = false;
          publishing.wake(own);
        },
        closed() {
          if (outbox !== own) return;
          outbox = undefined;
          outboxEnvironment = undefined;
          backfill = undefined;
          void publishing.stop();
        },
      } satisfies HistoryChanges;
    };

  return {
    historyChanges,
    reconfigure,
    status,
    setPassword(password) {
      options.password.write(password === null || password === '' ? undefined : password);
      reconfigure();
      return status();
    },
    retrySetAside(seq) {
      const current = outbox;
      if (current !== undefined && current.retry(seq ?? undefined) > 0) publishing.wake(current);
      announce();
      return status();
    },
    async test(language) {
      const wanted = connection();
      if (wanted === undefined) throw new StoreError(options.settings().enabled ? 'store_not_configured' : 'store_disabled');
      const problem = urlProblem();
      if (problem !== undefined) {
        const refusal = new StoreUrlError(problem);
        return { ok: false, code: refusal.code, message: refusal.cashierMessage(language), reason: problem };
      }
      return testStoreConnection(() => storeClient(wanted.url, wanted.password), options.clock, language);
    },
    queryable() {
      const pool = reads.pool();
      const problem = urlProblem();
      if (problem !== undefined) throw new StoreUrlError(problem);
      if (pool === undefined) throw new StoreError(options.settings().enabled ? 'store_not_configured' : 'store_disabled');
      return pool;
    },
    identity: () => connection()?.identity,
    environment: () => options.environment(),
    publisher: () => publishing.publisher(),
    async close() {
      closed = true;
      reads.close();
      await publishing.stop();
    },
  };
}
