import type pg from 'pg';
import { z } from 'zod';
import type { Clock, TimerHandle } from '../../../shared/clock';
import { CHANGES_CHANNEL, COMMANDS_CHANNEL } from './migrations';

export const StoreChange = z.discriminatedUnion('channel', [
  /** A counter published a batch; its rows up to `seq` are in. */
  z.object({ channel: z.literal(CHANGES_CHANNEL), counterId: z.string(), seq: z.number().int() }),
  /** A remote command was asked for or changed state. */
  z.object({ channel: z.literal(COMMANDS_CHANNEL), id: z.string(), counterId: z.string(), state: z.string() }),
]);
export type StoreChange = z.infer<typeof StoreChange>;

/** Every second while the database is unreachable, as the platform's connection monitor asks while offline: its return is heard within moments. */
const RETRY_MS = 1_000;

export interface LiveChanges {
  /** Resolves once LISTEN is in place (the first time); tests wait for it before making changes. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The manager view's live feed: one connection LISTENing to the publishers' NOTIFY per batch and the
 * commands trigger. A dropped connection is reopened with back-off; after a reopen `onChange` gets a
 * `resync` so the view reloads what it may have missed (NOTIFY is not stored while nobody listens).
 */
export function listenStoreChanges(options: {
  newClient(): pg.Client;
  clock: Clock;
  onChange(change: StoreChange | { channel: 'resync' }): void;
  onError?(error: unknown): void;
  retryMs?: number;
}): LiveChanges {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: TimerHandle | undefined;
  let connectedOnce = false;
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const onNotification = (message: pg.Notification) => {
    let body: unknown;
    try {
      body = JSON.parse(message.payload ?? '{}');
    } catch {
      body = undefined;
    }
    const parsed = StoreChange.safeParse(typeof body === 'object' && body !== null ? { channel: message.channel, ...body } : undefined);
    if (parsed.success) options.onChange(parsed.data);
    else options.onError?.(new Error(`an unreadable store notification on ${message.channel}: ${parsed.error.message}`));
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    let fresh: pg.Client | undefined;
    try {
      // Making the client reads the address (and the files it names): a bad one must not escape as a crash.
      fresh = options.newClient();
      fresh.on('error', (error) => {
        options.onError?.(error);
        void reconnect();
      });
      fresh.on('notification', onNotification);
      await fresh.connect();
      await fresh.query(`LISTEN ${CHANGES_CHANNEL}`);
      await fresh.query(`LISTEN ${COMMANDS_CHANNEL}`);
    } catch (error) {
      options.onError?.(error);
      await fresh?.end().catch(() => undefined);
      timer = options.clock.setTimeout(() => void connect(), options.retryMs ?? RETRY_MS);
      return;
    }
    if (stopped) {
      await fresh.end().catch(() => undefined);
      return;
    }
    client = fresh;
    if (connectedOnce) options.onChange({ channel: 'resync' });
    connectedOnce = true;
    resolveReady();
  }

  async function reconnect(): Promise<void> {
    const old = client;
    client = undefined;
    if (old === undefined) return;
    await old.end().catch(() => undefined);
    if (!stopped) timer = options.clock.setTimeout(() => void connect(), options.retryMs ?? RETRY_MS);
  }

  void connect();
  return {
    ready: () => ready,
    async close() {
      stopped = true;
      if (timer !== undefined) options.clock.clearTimeout(timer);
      const old = client;
      client = undefined;
      await old?.end().catch(() => undefined);
    },
  };
}
