import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import type { Clock, TimerHandle } from '../../shared/clock';
import { DELIVERED_WEBHOOK_TYPES, DeliveredTopic, type WebhookBody } from '../../shared/platform/notifications';
import { isLoopbackHostname } from '../exposure';
import { DEFAULT_RETRY_POLICY, nextAttemptAt, type RetryPolicy } from './schedule';
import { signatureHeader } from './signature';

/**
 * The durable delivery queue of spec 6.3. Each notification is one request to one URL on one channel
 * (IPN or webhook). Time comes from the injected clock: the first attempt runs at once, retries run
 * when the clock reaches them. The 22-second acknowledgement wait is real time (a fetch cannot follow
 * a fake clock) and injectable, so tests wait milliseconds instead.
 */

export const DeliveryStatus = z.enum(['pending', 'delivered', 'failed']);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const AttemptOutcome = z.enum(['acknowledged', 'not_acknowledged', 'timeout', 'network_error']);

const Attempt = z.object({
  number: z.number().int(),
  at: z.number(),
  duration_ms: z.number(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  outcome: AttemptOutcome,
  /** A resend from the control API, outside the schedule. */
  manual: z.boolean(),
  request_id: z.string().nullable(),
});
export type Attempt = z.infer<typeof Attempt>;

/** One notification as stored (times in epoch ms) and persisted by `--state`. */
export const DeliveryRecord = z.object({
  id: z.string(),
  channel: z.enum(['ipn', 'webhook']),
  topic: DeliveredTopic,
  resource_id: z.string(),
  action: z.string(),
  user_id: z.number().int(),
  client_id: z.string(),
  live_mode: z.boolean(),
  url: z.string(),
  url_source: z.enum(['object', 'account']),
  webhook_id: z.number().int().nullable(),
  created_at: z.number(),
  status: DeliveryStatus,
  next_attempt_at: z.number().nullable(),
  delivered_at: z.number().nullable(),
  gave_up_at: z.number().nullable(),
  attempts: z.array(Attempt),
});
export type DeliveryRecord = z.infer<typeof DeliveryRecord>;

export const DispatcherState = z.object({
  next_sequence: z.number().int(),
  next_webhook_id: z.number().int(),
  records: z.array(DeliveryRecord),
});
export type DispatcherState = z.infer<typeof DispatcherState>;

export interface EnqueueInput {
  channel: 'ipn' | 'webhook';
  topic: DeliveredTopic;
  resourceId: string;
  action: string;
  userId: number;
  clientId: string;
  liveMode: boolean;
  url: string;
  urlSource: 'object' | 'account';
}

export interface DispatcherOptions {
  clock: Clock;
  /** The application's client_secret that signs webhooks; undefined leaves the webhook unsigned. */
  secretFor(clientId: string): string | undefined;
  /** Spec 6.3: 22 s. Real time. */
  ackTimeoutMs?: number;
  /** Requests in flight at once, so a backlog drains fast without flooding a receiver. */
  concurrency?: number;
  policy?: RetryPolicy;
  fetch?: typeof globalThis.fetch;
  /** Deliver to hosts other than loopback too; off by default (docs/decisions.md, "Sandbox exposure"). */
  allowRemoteTargets?: boolean;
}

export interface ListFilter {
  topic?: string;
  status?: DeliveryStatus;
  channel?: 'ipn' | 'webhook';
  resourceId?: string;
  userId?: number;
}

export interface NotificationDispatcher {
  enqueue(input: EnqueueInput): DeliveryRecord;
  get(id: string): DeliveryRecord | undefined;
  list(filter?: ListFilter): DeliveryRecord[];
  /** One immediate attempt outside the schedule; only an acknowledgement changes the status. */
  resend(id: string): DeliveryRecord | undefined;
  /** Resolves once nothing is queued or in flight (attempts scheduled for later do not count). */
  whenIdle(): Promise<void>;
  configure(options: { ackTimeoutMs?: number; concurrency?: number }): void;
  save(): DispatcherState;
  load(state: unknown): void;
  reset(): void;
  /** Stops timers and aborts requests in flight; their attempts are not recorded and run again after a reload. */
  stop(): void;
}

const USER_AGENT = 'Counter-Sandbox-Notifications/1.0';

interface QueuedAttempt {
  id: string;
  manual: boolean;
}

export function createNotificationDispatcher(options: DispatcherOptions): NotificationDispatcher {
  const { clock } = options;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let ackTimeoutMs = options.ackTimeoutMs ?? 22_000;
  let concurrency = options.concurrency ?? 16;

  const records = new Map<string, DeliveryRecord>();
  let nextSequence = 1;
  let nextWebhookId = 1;

  const ready: QueuedAttempt[] = [];
  /** Records whose scheduled attempt is queued or in flight, so a sweep does not queue them twice. */
  const scheduledBusy = new Set<string>();
  let inFlight = 0;
  let armed: { handle: TimerHandle; due: number } | undefined;
  let idleWaiters: Array<() => void> = [];
  // Bumped by reset/stop/load so that answers to requests sent before them are dropped, not recorded.
  let generation = 0;
  const inFlightControllers = new Set<AbortController>();
  // Signing is asynchronous (WebCrypto) and may finish out of order: requests are built one after another,
  // and a burst leaves together once all of it is signed, in the order its attempts began (as when signing was synchronous).
  let builtInOrder: Promise<unknown> = Promise.resolve();

  const isIdle = (): boolean => ready.length === 0 && inFlight === 0;

  function settleIdle(): void {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function pump(): void {
    while (inFlight < concurrency && ready.length > 0) {
      const next = ready.shift();
      if (next === undefined) break;
      const record = records.get(next.id);
      if (record === undefined) {
        scheduledBusy.delete(next.id);
        continue;
      }
      inFlight++;
      const startedGeneration = generation;
      void attempt(record, next.manual, startedGeneration).finally(() => {
        // After a reset the counter was zeroed; an old request must not drive it below zero.
        if (startedGeneration === generation) inFlight--;
        pump();
      });
    }
    settleIdle();
  }

  function earliestWaiting(): number | undefined {
    let earliest: number | undefined;
    for (const record of records.values()) {
      if (record.status !== 'pending' || record.next_attempt_at === null || scheduledBusy.has(record.id)) continue;
      if (earliest === undefined || record.next_attempt_at < earliest) earliest = record.next_attempt_at;
    }
    return earliest;
  }

  function arm(due: number | undefined): void {
    if (due === undefined) return;
    if (armed !== undefined && armed.due <= due) return;
    if (armed !== undefined) clock.clearTimeout(armed.handle);
    armed = { due, handle: clock.setTimeout(onTimer, due - clock.now()) };
  }

  function onTimer(): void {
    armed = undefined;
    const now = clock.now();
    for (const record of records.values()) {
      if (record.status === 'pending' && record.next_attempt_at !== null && record.next_attempt_at <= now && !scheduledBusy.has(record.id)) {
        scheduledBusy.add(record.id);
        ready.push({ id: record.id, manual: false });
      }
    }
    arm(earliestWaiting());
    pump();
  }

  function schedule(record: DeliveryRecord): void {
    if (record.status !== 'pending' || record.next_attempt_at === null || scheduledBusy.has(record.id)) return;
    if (record.next_attempt_at <= clock.now()) {
      scheduledBusy.add(record.id);
      ready.push({ id: record.id, manual: false });
      // A microtask, so a burst of enqueues from one request is dispatched together after it.
      queueMicrotask(pump);
    } else {
      arm(record.next_attempt_at);
    }
  }

  function targetUrl(record: DeliveryRecord): URL {
    const url = new URL(record.url);
    if (record.channel === 'ipn') {
      url.searchParams.set('topic', record.topic);
      url.searchParams.set('id', record.resource_id);
    } else {
      url.searchParams.set('data.id', record.resource_id);
      url.searchParams.set('type', DELIVERED_WEBHOOK_TYPES[record.topic]);
    }
    return url;
  }

  async function buildRequest(record: DeliveryRecord, at: number): Promise<{ init: RequestInit; requestId: string | null }> {
    if (record.channel === 'ipn') {
      // Spec 4.7 names only the query; the IPN request carries no body and no content type.
      return { init: { method: 'POST', headers: { 'user-agent': USER_AGENT, accept: '*/*' } }, requestId: null };
    }
    const requestId = randomUUID();
    const body: Omit<WebhookBody, 'type'> & { type: string } = {
      id: record.webhook_id ?? 0,
      live_mode: record.live_mode,
      type: DELIVERED_WEBHOOK_TYPES[record.topic],
      date_created: new Date(record.created_at).toISOString(),
      user_id: record.user_id,
      api_version: 'v1',
      action: record.action,
      data: { id: record.resource_id },
    };
    const headers: Record<string, string> = {
      'user-agent': USER_AGENT,
      'content-type': 'application/json',
      accept: '*/*',
      'x-request-id': requestId,
    };
    const secret = options.secretFor(record.client_id);
    if (secret !== undefined) {
      headers['x-signature'] = await signatureHeader(secret, { dataId: record.resource_id, requestId, ts: String(Math.floor(at / 1000)) });
    }
    return { init: { method: 'POST', headers, body: JSON.stringify(body) }, requestId };
  }

  async function attempt(record: DeliveryRecord, manual: boolean, startedGeneration: number): Promise<void> {
    const at = clock.now();
    const building = builtInOrder.then(() => buildRequest(record, at));
    builtInOrder = building.catch(() => undefined);
    const { init, requestId } = await building;
    // A request let out alone could overtake earlier ones of its burst on a reused keep-alive connection.
    await builtInOrder;
    // A stop() while the request was being signed must not let it out.
    if (startedGeneration !== generation) return;
    // One controller per request, aborted by the acknowledgement timer or by stop(); a real timer, see above.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ackTimeoutMs);
    timer.unref();
    inFlightControllers.add(controller);
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let outcome: Attempt['outcome'];
    const target = targetUrl(record);
    const loopback = isLoopbackHostname(target.hostname);
    try {
      // The sandbox is no proxy into the network it runs in: only loopback receivers unless allowed.
      if (!loopback && options.allowRemoteTargets !== true) throw new RemoteTargetRefused(target.hostname);
      // redirect: 'manual', so a 302 is the receiver's answer (not an acknowledgement), not a hop elsewhere.
      const response = await fetchImpl(target, { ...init, redirect: 'manual', signal: controller.signal });
      statusCode = response.status;
      outcome = statusCode === 200 || statusCode === 201 ? 'acknowledged' : 'not_acknowledged';
      if (outcome === 'not_acknowledged') error = `HTTP ${statusCode} is not an acknowledgement (200 or 201)`;
      // Drained so the keep-alive connection is reused; a body that never ends is cut by the same timeout.
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      if (timedOut) {
        outcome = 'timeout';
        error = `no answer within ${ackTimeoutMs} ms`;
      } else {
        outcome = 'network_error';
        // Another host's resolver and socket errors say what lies on that network; the log keeps them to loopback.
        error = caught instanceof RemoteTargetRefused ? caught.message : loopback ? describeNetworkError(caught) : 'the receiver could not be reached';
      }
    }
    clearTimeout(timer);
    inFlightControllers.delete(controller);
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    if (startedGeneration !== generation) return;
    if (!manual) scheduledBusy.delete(record.id);
    const scheduledCount = record.attempts.filter((previous) => !previous.manual).length + (manual ? 0 : 1);
    record.attempts.push({
      number: record.attempts.length + 1,
      at,
      duration_ms: durationMs,
      status_code: statusCode,
      error,
      outcome,
      manual,
      request_id: requestId,
    });
    if (outcome === 'acknowledged') {
      if (record.status !== 'delivered') {
        record.status = 'delivered';
        record.delivered_at = clock.now();
        record.next_attempt_at = null;
        record.gave_up_at = null;
      }
      return;
    }
    if (manual || record.status !== 'pending') return;
    const next = nextAttemptAt(record.created_at, at, scheduledCount, policy);
    if (next === null) {
      record.status = 'failed';
      record.next_attempt_at = null;
      record.gave_up_at = clock.now();
      return;
    }
    record.next_attempt_at = next;
    schedule(record);
  }

  function clearRuntime(): void {
    generation++;
    for (const controller of inFlightControllers) controller.abort();
    inFlightControllers.clear();
    if (armed !== undefined) clock.clearTimeout(armed.handle);
    armed = undefined;
    ready.length = 0;
    scheduledBusy.clear();
    // Aborted requests settle later; waiters must not hang on them meanwhile.
    inFlight = 0;
    settleIdle();
  }

  return {
    enqueue(input) {
      const now = clock.now();
      const record: DeliveryRecord = {
        id: `ntf_${String(nextSequence++).padStart(6, '0')}`,
        channel: input.channel,
        topic: input.topic,
        resource_id: input.resourceId,
        action: input.action,
        user_id: input.userId,
        client_id: input.clientId,
        live_mode: input.liveMode,
        url: input.url,
        url_source: input.urlSource,
        webhook_id: input.channel === 'webhook' ? nextWebhookId++ : null,
        created_at: now,
        status: 'pending',
        next_attempt_at: now,
        delivered_at: null,
        gave_up_at: null,
        attempts: [],
      };
      records.set(record.id, record);
      schedule(record);
      return record;
    },
    get: (id) => records.get(id),
    list(filter = {}) {
      return [...records.values()].filter(
        (record) =>
          (filter.topic === undefined || record.topic === filter.topic) &&
          (filter.status === undefined || record.status === filter.status) &&
          (filter.channel === undefined || record.channel === filter.channel) &&
          (filter.resourceId === undefined || record.resource_id === filter.resourceId) &&
          (filter.userId === undefined || record.user_id === filter.userId),
      );
    },
    resend(id) {
      const record = records.get(id);
      if (record === undefined) return undefined;
      ready.push({ id, manual: true });
      queueMicrotask(pump);
      return record;
    },
    whenIdle() {
      if (isIdle()) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    configure(update) {
      if (update.ackTimeoutMs !== undefined) ackTimeoutMs = update.ackTimeoutMs;
      if (update.concurrency !== undefined) concurrency = Math.max(1, update.concurrency);
      pump();
    },
    save() {
      return { next_sequence: nextSequence, next_webhook_id: nextWebhookId, records: [...records.values()].map((record) => structuredClone(record)) };
    },
    load(raw) {
      const state = DispatcherState.parse(raw);
      clearRuntime();
      records.clear();
      nextSequence = state.next_sequence;
      nextWebhookId = state.next_webhook_id;
      for (const record of state.records) records.set(record.id, record);
      // Due times are absolute clock times: whatever fell due while the sandbox was down goes out now.
      for (const record of records.values()) schedule(record);
    },
    reset() {
      clearRuntime();
      records.clear();
      nextSequence = 1;
      nextWebhookId = 1;
    },
    stop() {
      clearRuntime();
    },
  };
}

class RemoteTargetRefused extends Error {
  constructor(hostname: string) {
    super(`not sent: ${hostname} is not a loopback host (start the sandbox with --allow-remote-notifications to deliver there)`);
  }
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof Error) {
      const code = (cause as Error & { code?: unknown }).code;
      return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message;
    }
    return error.name === 'AbortError' ? 'aborted' : error.message;
  }
  return String(error);
}

const IsoOrNull = z.string().nullable();

/** The listing shape of `GET /__sandbox/notifications`: the stored record with times as ISO 8601 text. */
export const NotificationView = DeliveryRecord.extend({
  created_at: z.string(),
  next_attempt_at: IsoOrNull,
  delivered_at: IsoOrNull,
  gave_up_at: IsoOrNull,
  attempts: z.array(Attempt.extend({ at: z.string() })),
});
export type NotificationView = z.infer<typeof NotificationView>;

export function recordView(record: DeliveryRecord): NotificationView {
  const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
  return {
    ...record,
    created_at: new Date(record.created_at).toISOString(),
    next_attempt_at: iso(record.next_attempt_at),
    delivered_at: iso(record.delivered_at),
    gave_up_at: iso(record.gave_up_at),
    attempts: record.attempts.map((attempt) => ({ ...attempt, at: new Date(attempt.at).toISOString() })),
  };
}
