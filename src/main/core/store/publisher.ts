import pg from 'pg';
import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import { withDefaultTls } from '../../../shared/store/store-url';
import { createRoundLoop } from '../rounds/loop';
import { ensureStoreSchema } from './migrate';
import type { Outbox } from './outbox';
import type { OutboxEntry } from '../history/records/outbox';
import { entryRefusal, withoutNul } from './poison';
import { heartbeat, publishBatch, registerCounter, type CounterIdentity } from './publish-batch';

/** What the counter's status bar shows about the store database. `since`: epoch ms of the last change of kind. */
export type SyncState =
  | { kind: 'up_to_date'; since: number }
  | { kind: 'waiting'; pending: number; since: number }
  | { kind: 'error'; code: string; reason: string; pending: number; since: number };

export interface PublisherOptions {
  outbox: Outbox;
  counter: CounterIdentity;
  /** The environment of the history this outbox belongs to: every row goes up marked with it. */
  environment: Environment;
  /** A new, unconnected client (storeClient(url) in the app; tests may wrap it). */
  newClient(): pg.Client;
  clock: Clock;
  batchSize?: number;
  /** Waits after consecutive failures: base × 2^(n-1), capped, jittered (rounds/backoff.ts). */
  backoff?: { baseMs: number; capMs: number };
  /** How often an idle counter tells the store it is online (counters.last_seen). */
  heartbeatMs?: number;
  onError?(error: unknown): void;
  /** Runs once the outbox is empty, each round (the staff list and the audit trail); its failure fails the round. */
  alongside?(db: pg.Client): Promise<void>;
  /**
   * Resolves once every local record committed so far is on disk (history/wal-sync.ts): nothing reaches the
   * store that a crash of this counter could take back.
   */
  writeAhead?(): Promise<void>;
  /** The store refused an entry for its own values: it was set aside, the rest go on. */
  onSetAside?(entry: OutboxEntry, refusal: { code: string; reason: string }): void;
}

export interface Publisher {
  start(): void;
  /** A local change was appended to the outbox: publish soon (never waits for the database). */
  wake(): void;
  /** Something suggests the database went away (the live feed dropped): ask it now, so the state says so. */
  probe(): void;
  /** The database answers again (the live feed reconnected): stop backing off and publish now. */
  reachable(): void;
  state(): SyncState;
  subscribe(listener: (state: SyncState) => void): () => void;
  /** Resolves once the current cycle (and any cycle it asked for) has finished; for tests and shutdown. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULTS = { batchSize: 500, backoff: { baseMs: 500, capMs: 30_000 }, heartbeatMs: 15_000 };

/**
 * A client for the store database. The URL (a setting) may carry TLS options (docs/store-database.md);
 * the password is kept apart, in the SecretBox, and put into the URL only here: pg lets a URL's empty
 * password override a separate `password` option.
 */
export function storeClient(url: string, password?: string): pg.Client {
  return new pg.Client(storeConnection(url, password));
}

/** For the whole-store view's queries (a page and its count run side by side). */
export function storePool(url: string, password?: string): pg.Pool {
  const pool = new pg.Pool({ ...storeConnection(url, password), max: 4 });
  // An idle pooled connection that drops is replaced on the next query; the event must not crash main.
  pool.on('error', () => undefined);
  return pool;
}

function storeConnection(url: string, password: string | undefined): pg.ClientConfig {
  // Another host than this computer: TLS with its certificate and name checked unless the address says otherwise.
  let connectionString = withDefaultTls(url);
  if (password !== undefined && password !== '') {
    const withPassword = new URL(connectionString);
    withPassword.password = encodeURIComponent(password);
    connectionString = withPassword.toString();
  }
  return { connectionString, connectionTimeoutMillis: 5_000, query_timeout: 15_000, keepAlive: true, application_name: 'counter' };
}

/**
 * Why the pg client cannot take this address, or undefined when it can. The client reads the address
 * (and any file its TLS options name) when a client is made, and throws there: a setting is checked
 * here before it is saved and before anything connects, so a bad one is a message, never a crash.
 */
export function storeUrlProblem(url: string): string | undefined {
  try {
    new pg.Client(storeConnection(url, undefined));
    return undefined;
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).replace(/postgres(ql)?:\/\/[^\s]*/gi, '(address)').slice(0, 300);
  }
}

/** The URL as it may be shown or logged: without a password. */
export function redactedStoreUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : 'store_unreachable';
}

/** The same kind of state (and the same error) keeps its `since`: the status bar says since when. */
function continued(current: SyncState, next: SyncState): SyncState {
  const same = next.kind === current.kind && (next.kind !== 'error' || (current.kind === 'error' && current.reason === next.reason));
  return same ? { ...next, since: current.since } : next;
}

/** Connects, brings the schema up to date (or refuses an incompatible one) and registers the counter. */
async function openForPublishing(client: pg.Client, counter: CounterIdentity): Promise<pg.Client> {
  // A dropped connection surfaces on the next query; this only keeps the event from crashing the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await ensureStoreSchema(client, counter.id);
    await registerCounter(client, counter);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

/** The sync state and who listens to it; the same kind (and the same error) keeps its `since`. */
function createStateBox(initial: SyncState) {
  const listeners = new Set<(state: SyncState) => void>();
  let current = initial;
  return {
    get: () => current,
    set(next: SyncState): void {
      current = continued(current, next);
      for (const listener of listeners) listener(current);
    },
    subscribe(listener: (state: SyncState) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One connection at a time, opened (schema checked, counter registered) on first need and dropped on any failure. */
function createConnection(newClient: () => pg.Client, counter: CounterIdentity) {
  let client: pg.Client | undefined;
  return {
    async get(): Promise<pg.Client> {
      client ??= await openForPublishing(newClient(), counter);
      return client;
    },
    async drop(): Promise<void> {
      const old = client;
      client = undefined;
      await old?.end().catch(() => undefined);
    },
  };
}

/**
 * Copies the outbox to the store database, oldest first, one transaction per batch, acking only after
 * the commit: a crash or a lost answer resends the batch, and the versions make the resend change
 * nothing. While the database is unreachable it waits with back-off; the outbox keeps growing locally.
 * "Up to date" is said only after the database answered (connected, schema applied, counter registered).
 */
export function createPublisher(options: PublisherOptions): Publisher {
  const { outbox, counter, clock } = options;
  const scope = { counterId: counter.id, environment: options.environment };
  const { batchSize, backoff, heartbeatMs } = { ...DEFAULTS, ...options };
  const pendingNow = () => ({ kind: 'waiting', pending: outbox.pending(), since: clock.now() }) as const;
  const state = createStateBox(pendingNow());
  const connection = createConnection(options.newClient, counter);
  let lastBeat = 0;
  let started = false;

  /** After a batch the store refused for an entry's values: one entry at a time, the refused ones set aside. */
  async function publishEach(db: pg.Client, entries: readonly OutboxEntry[]): Promise<void> {
    for (const entry of entries) {
      try {
        await publishBatch(db, scope, [entry]);
        outbox.ack(entry.seq);
      } catch (error) {
        const refusal = entryRefusal(error);
        if (refusal === undefined) throw error;
        outbox.setAside(entry.seq, refusal, clock.now());
        options.onSetAside?.(entry, refusal);
      }
    }
    lastBeat = clock.now();
  }

  async function publishAll(): Promise<void> {
    let db = await connection.get();
    for (;;) {
      const entries = outbox.peek(batchSize).map(withoutNul);
      const last = entries.at(-1);
      if (last === undefined) break;
      if (state.get().kind !== 'error') state.set(pendingNow());
      await options.writeAhead?.();
      db = await connection.get();
      try {
        await publishBatch(db, scope, entries);
      } catch (error) {
        if (entryRefusal(error) === undefined) throw error;
        await publishEach(db, entries);
        continue;
      }
      lastBeat = clock.now();
      outbox.ack(last.seq);
    }
    if (options.alongside !== undefined) {
      await options.writeAhead?.();
      await options.alongside(db);
      lastBeat = clock.now();
    }
    if (clock.now() - lastBeat >= heartbeatMs) {
      await heartbeat(db, counter.id);
      lastBeat = clock.now();
    }
  }

  const loop = createRoundLoop({
    clock,
    intervalMs: heartbeatMs,
    backoff: { initialMs: backoff.baseMs, factor: 2, capMs: backoff.capMs },
    // A database that just refused is not asked again on every local change: the retry timer decides.
    pokesWaitOutBackoff: true,
    async round() {
      try {
        await publishAll();
        state.set({ kind: 'up_to_date', since: clock.now() });
      } catch (error) {
        await connection.drop();
        options.onError?.(error);
        const reason = error instanceof Error ? error.message : String(error);
        state.set({ kind: 'error', code: errorCode(error), reason, pending: outbox.pending(), since: clock.now() });
        throw error;
      }
    },
  });

  return {
    start() {
      if (started) return;
      started = true;
      loop.poke();
    },
    wake() {
      const current = state.get();
      // While backing off, the retry timer decides; a wake only updates the count the cashier sees.
      if (loop.failures() > 0) {
        if (current.kind === 'error') state.set({ ...current, pending: outbox.pending() });
        return;
      }
      if (current.kind !== 'waiting') state.set(pendingNow());
      if (started) loop.poke();
    },
    probe() {
      // The heartbeat is due at once: the round asks the database even with nothing to publish.
      lastBeat = Number.NEGATIVE_INFINITY;
      if (started) loop.poke();
    },
    reachable() {
      // Without this the next try could be up to the back-off's cap away, and "up to date" with it.
      lastBeat = Number.NEGATIVE_INFINITY;
      if (started) loop.retryNow();
    },
    state: state.get,
    subscribe: state.subscribe,
    settled: () => loop.settled(),
    async close() {
      await loop.close();
      await connection.drop();
    },
  };
}
