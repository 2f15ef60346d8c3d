import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createManualClock, type ManualClock } from '../../shared/clock';
import type { ChannelName, ChannelRequest, ChannelResponse } from '../../shared/ipc/contract';
import type { CheckoutSale } from '../../shared/ipc/channels/checkout';
import { createSandbox, type Sandbox } from '../../sandbox/app';
import { checkoutServices } from '../../sandbox/checkout/routes';
import { createAppCore, type AppCore } from '../core/app-core';
import { createDispatcher } from '../core/ipc/dispatch';
import type { NotificationReceiverConfig } from '../core/notifications/receiver';
import type { Http, Logger, LogFields } from '../core/ports';
import { createMemoryStore, type KeyValueStore } from '../core/settings/store';

/**
 * Test support for the checkout and notification tests (imported by *.test.ts and bench/ only): the
 * real sandbox in-process on a manual clock, the real app core against it, an Http port that records
 * the platform reads and can hold some back, and helpers to pay and to wait for a sale.
 */

export const COUNTER_APP = { clientId: '4815162342', clientSecret: 'SBX-counter-secret-7d1f0c2a9b' } as const;

export interface PlatformRead {
  method: string;
  path: string;
}

/** A fetch that records every request and can hold answers of matching paths until released. */
export function createGatedHttp() {
  const requests: PlatformRead[] = [];
  const holds: Array<{ matches: (path: string) => boolean; waiting: Array<() => void>; count: number }> = [];
  const http: Http = async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(url).pathname;
    requests.push({ method, path });
    // The platform answers now, so the answer is a snapshot of this moment; only its delivery waits.
    const response = await fetch(url, init);
    const hold = holds.find((candidate) => candidate.matches(path));
    if (hold !== undefined) {
      hold.count++;
      await new Promise<void>((resolve) => hold.waiting.push(resolve));
    }
    return response;
  };
  return {
    http,
    requests,
    reads: (pathPrefix: string) => requests.filter((request) => request.method === 'GET' && request.path.startsWith(pathPrefix)).length,
    /** Holds the answers of requests whose path matches, in arrival order, until released. */
    hold(matches: (path: string) => boolean) {
      const hold = { matches, waiting: [] as Array<() => void>, count: 0 };
      holds.push(hold);
      return {
        held: () => hold.waiting.length,
        /** Delivers the held answer with this position (0 = the first held), or all of them. */
        release(position?: number) {
          if (position === undefined) {
            for (const resolve of hold.waiting.splice(0)) resolve();
            holds.splice(holds.indexOf(hold), 1);
            return;
          }
          const resolve = hold.waiting[position];
          hold.waiting[position] = () => undefined;
          resolve?.();
        },
      };
    },
  };
}

export function createRecordingLogger(): Logger & { lines: Array<{ level: string; message: string; fields: LogFields | undefined }> } {
  const lines: Array<{ level: string; message: string; fields: LogFields | undefined }> = [];
  const record = (level: string) => (message: string, fields?: LogFields) => void lines.push({ level, message, fields });
  return { lines, debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
}

export interface CheckoutRig {
  readonly sandbox: Sandbox;
  readonly baseUrl: string;
  readonly clock: ManualClock;
  readonly core: AppCore;
  readonly store: KeyValueStore;
  /** Where the core keeps its history (the checkout's sales among it), kept across startCore and removed by close. */
  readonly dataDirectory: string;
  readonly platform: ReturnType<typeof createGatedHttp>;
  readonly logger: ReturnType<typeof createRecordingLogger>;
  /** Every `sale.changed` payload, in order. */
  readonly saleEvents: CheckoutSale[];
  invoke<C extends ChannelName>(channel: C, request: ChannelRequest<C>): Promise<ChannelResponse<C>>;
  receiverUrl(): Promise<string>;
  /** Quits Counter: the core is closed, its receiver stops listening. */
  stopCore(): Promise<void>;
  /** Starts Counter again on the same store and data directory (after stopCore, or disposing the running one first). */
  startCore(receiver?: NotificationReceiverConfig): Promise<void>;
  /** A bearer token of the Counter application, for reading the sandbox directly. */
  platformToken(): Promise<string>;
  /** The buyer pays through the sandbox's control route (what the checkout page does). */
  pay(preferenceId: string, status: 'approved' | 'pending' | 'rejected'): Promise<{ payment: { id: number }; merchant_order: { id: number } }>;
  chargeback(paymentId: number): Promise<void>;
  control<T = unknown>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Waits in real time until the sale satisfies `done` (notifications travel over real loopback HTTP). */
  waitForSale(preferenceId: string, done: (sale: CheckoutSale) => boolean, what?: string): Promise<CheckoutSale>;
  close(): Promise<void>;
}

/** Reads until the value satisfies `done`, in real time: notifications travel over real loopback HTTP. */
export async function pollFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; last seen: ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function startCheckoutRig(
  options: {
    receiver?: NotificationReceiverConfig;
    ackTimeoutMs?: number;
    /** The settings file the core starts on; default an empty one. */
    store?: KeyValueStore;
  } = {},
): Promise<CheckoutRig> {
  const clock = createManualClock();
  const sandbox = await createSandbox({ clock, tokenRateLimit: null });
  checkoutServices(sandbox.app).notifications.dispatcher.configure({ ackTimeoutMs: options.ackTimeoutMs ?? 2_000 });
  const baseUrl = await sandbox.listen();
  const store = options.store ?? createMemoryStore();
  const dataDirectory = mkdtempSync(join(tmpdir(), 'counter-checkout-'));
  const platform = createGatedHttp();
  const logger = createRecordingLogger();
  const saleEvents: CheckoutSale[] = [];

  const start = (receiver: NotificationReceiverConfig | undefined): AppCore => {
    const core = createAppCore({
      settingsStore: store,
      shell: 'browser-host',
      version: 'test',
      sandboxBaseUrl: baseUrl,
      fetch: platform.http,
      sandboxCredentials: COUNTER_APP,
      dataDirectory,
      logger,
      notificationReceiver: receiver,
    });
    core.events.subscribe((name, payload) => {
      if (name === 'checkoutSale.changed') saleEvents.push(payload as CheckoutSale);
    });
    return core;
  };
  let core = start(options.receiver);
  let running = true;
  let dispatch = createDispatcher({ handlers: core.handlers, language: core.language, guard: core.guard, isTrustedSender: () => true });

  async function invoke<C extends ChannelName>(channel: C, request: ChannelRequest<C>): Promise<ChannelResponse<C>> {
    const result = await dispatch(channel, request, { url: 'test' });
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as ChannelResponse<C>;
  }

  async function control<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
  }

  const rig: CheckoutRig = {
    sandbox,
    baseUrl,
    clock,
    get core() {
      return core;
    },
    store,
    dataDirectory,
    platform,
    logger,
    saleEvents,
    invoke,
    async receiverUrl() {
      const status = await pollFor(
        () => invoke('checkout.receiver', {}),
        (current) => current.url !== null,
        'the notification receiver to listen',
      );
      return status.url ?? '';
    },
    async stopCore() {
      if (running) await core.close();
      running = false;
    },
    async startCore(receiver) {
      await rig.stopCore();
      core = start(receiver ?? options.receiver);
      running = true;
      dispatch = createDispatcher({ handlers: core.handlers, language: core.language, guard: core.guard, isTrustedSender: () => true });
    },
    async platformToken() {
      const response = await fetch(`${baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: COUNTER_APP.clientId, client_secret: COUNTER_APP.clientSecret }),
      });
      return ((await response.json()) as { access_token: string }).access_token;
    },
    async pay(preferenceId, status) {
      const paid = await control<{ payment: { id: number }; merchant_order: { id: number } }>(
        'POST',
        `/__sandbox/preferences/${encodeURIComponent(preferenceId)}/pay`,
        { status, sandbox: true },
      );
      if (paid.status !== 201) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body)}`);
      return paid.body;
    },
    async chargeback(paymentId) {
      const opened = await control('POST', `/__sandbox/payments/${paymentId}/chargeback`, {});
      if (opened.status !== 201) throw new Error(`chargeback: ${opened.status} ${JSON.stringify(opened.body)}`);
    },
    control,
    waitForSale: (preferenceId, done, what = 'the sale to change') => pollFor(() => invoke('checkout.sale', { preferenceId }), done, what),
    async close() {
      await rig.stopCore();
      await sandbox.close();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
  return rig;
}

/** The sandbox's sample preference of every industry, for the checkout tests (core itself never imports the sandbox). */
export { INDUSTRY_SAMPLES } from '../../sandbox/checkout/industry-samples';
