import type { Clock } from '../../shared/clock';
import { AttemptQueue } from './attempt-queue';
import { DispatcherState, DeliveryRecords, recordAttempt, type DeliveryRecord, type EnqueueInput, type ListFilter } from './records';
import { buildRequest, targetUrl } from './request';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './schedule';
import { send } from './send';

/**
 * The durable delivery queue of spec 6.3. Each notification is one request to one URL on one channel
 * (IPN or webhook). Time comes from the injected clock: the first attempt runs at once, retries run
 * when the clock reaches them. The 22-second acknowledgement wait is real time (a fetch cannot follow
 * a fake clock) and injectable, so tests wait milliseconds instead. The records live in records.ts, the
 * request of an attempt is built by request.ts and sent by send.ts; this module decides when.
 */

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

export function createNotificationDispatcher(options: DispatcherOptions): NotificationDispatcher {
  const { clock } = options;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let ackTimeoutMs = options.ackTimeoutMs ?? 22_000;
  let concurrency = options.concurrency ?? 16;

  const records = new DeliveryRecords();
  const queue = new AttemptQueue(clock, records, () => pump());
  let inFlight = 0;
  let idleWaiters: Array<() => void> = [];
  // Bumped by reset/stop/load so that answers to requests sent before them are dropped, not recorded.
  let generation = 0;
  const inFlightControllers = new Set<AbortController>();
  // Signing is asynchronous (WebCrypto) and may finish out of order: requests are built one after another,
  // and a burst leaves together once all of it is signed, in the order its attempts began (as when signing was synchronous).
  let builtInOrder: Promise<unknown> = Promise.resolve();

  const isIdle = (): boolean => queue.isEmpty && inFlight === 0;

  function settleIdle(): void {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function pump(): void {
    while (inFlight < concurrency && !queue.isEmpty) {
      const next = queue.take();
      if (next === undefined) break;
      const record = records.get(next.id);
      if (record === undefined) {
        queue.made(next.id);
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

  async function attempt(record: DeliveryRecord, manual: boolean, startedGeneration: number): Promise<void> {
    const at = clock.now();
    const building = builtInOrder.then(() => buildRequest(record, at, options.secretFor(record.client_id)));
    builtInOrder = building.catch(() => undefined);
    const { init, requestId } = await building;
    // A request let out alone could overtake earlier ones of its burst on a reused keep-alive connection.
    await builtInOrder;
    // A stop() while the request was being signed must not let it out.
    if (startedGeneration !== generation) return;
    const sent = await send(targetUrl(record), init, {
      fetch: fetchImpl,
      ackTimeoutMs,
      allowRemoteTargets: options.allowRemoteTargets === true,
      inFlight: inFlightControllers,
    });
    if (startedGeneration !== generation) return;
    if (!manual) queue.made(record.id);
    if (recordAttempt(record, { ...sent, at, manual, requestId }, policy, clock.now()) === 'retry') queue.schedule(record);
  }

  function clearRuntime(): void {
    generation++;
    for (const controller of inFlightControllers) controller.abort();
    inFlightControllers.clear();
    queue.clear();
    // Aborted requests settle later; waiters must not hang on them meanwhile.
    inFlight = 0;
    settleIdle();
  }

  return {
    enqueue(input) {
      const record = records.add(input, clock.now());
      queue.schedule(record);
      return record;
    },
    get: (id) => records.get(id),
    list: (filter) => records.list(filter),
    resend(id) {
      const record = records.get(id);
      if (record === undefined) return undefined;
      queue.resend(id);
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
    save: () => records.save(),
    load(raw) {
      const state = DispatcherState.parse(raw);
      clearRuntime();
      records.load(state);
      // Due times are absolute clock times: whatever fell due while the sandbox was down goes out now.
      for (const record of records.all()) queue.schedule(record);
    },
    reset() {
      clearRuntime();
      records.clear();
    },
    stop() {
      clearRuntime();
    },
  };
}
