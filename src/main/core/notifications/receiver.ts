import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { ReceiverStatus } from '../../../shared/ipc/channels/checkout';
import type { NotificationTopic } from '../../../shared/platform/notifications';
import { silentLogger, type Logger } from '../ports';
import { createAdmission } from './admission';
import { parseNotification } from './parse';
import { createReadBackScheduler, type ReadBackTuning } from './read-back';
import type { NotifiedResource } from './resources';
import { createWebhookCheck } from './webhook-check';

/** Where the receiver listens and what URL it hands out (docs/decisions.md). */
export interface NotificationReceiverConfig {
  /** Default 127.0.0.1: only this machine (and the embedded sandbox) can reach it. */
  host?: string;
  /** Default 0: a free port chosen by the system at each start. */
  port?: number;
  /**
   * The URL put into notification_url when the platform reaches the receiver some other way (a tunnel
   * or a reverse proxy in production); default `http://{host}:{port}/notifications`.
   */
  publicUrl?: string;
  /** Windows, limits and retry waits; tests and the benchmark shorten them. */
  tuning?: Partial<ReceiverTuning>;
}

export interface ReceiverTuning extends ReadBackTuning {
  /** How long a webhook's request id and event id are remembered (spec 6.3 retries come 15 minutes apart). */
  replayMemoryMs: number;
  replayMemoryEntries: number;
  /** A webhook body is a few hundred bytes; anything far larger is not the platform's. */
  maxBodyBytes: number;
  /** Notifications not proven by a signature, per remote address: this many at once, then `sourcePerSecond`. */
  sourceBurst: number;
  sourcePerSecond: number;
  sourceMemory: number;
  /** Resources with a read-back waiting or running at most; beyond, a notification of another is not acknowledged. */
  maxPendingReadBacks: number;
  /** In production, a signed webhook whose ts is further than this from our clock is refused (replay guard). */
  productionSignatureToleranceSeconds: number;
}

export interface NotificationReceiverOptions extends NotificationReceiverConfig {
  clock: Clock;
  /** The current environment's client_secret, for the webhook signature. */
  secret(): Promise<string>;
  read(topic: NotificationTopic, id: string): Promise<NotifiedResource>;
  onResource(resource: NotifiedResource): Promise<void> | void;
  /** The current environment; signatures are held to a timestamp tolerance in production only. Default sandbox. */
  environment?(): Environment;
  logger?: Logger;
}

export interface NotificationReceiver {
  /** Starts listening (again, after a stop) and resolves with the notification URL. */
  start(): Promise<string>;
  stop(): Promise<void>;
  status(): ReceiverStatus;
  /** Resolves once every read-back asked for so far has run (tests and the benchmark wait on it). */
  whenIdle(): Promise<void>;
}

export const NOTIFICATION_PATH = '/notifications';
const DEFAULT_HOST = '127.0.0.1';

const DEFAULT_RECEIVER_TUNING = {
  replayMemoryMs: 24 * 60 * 60_000,
  replayMemoryEntries: 10_000,
  maxBodyBytes: 64 * 1024,
  sourceBurst: 60,
  sourcePerSecond: 1,
  sourceMemory: 1_000,
  maxPendingReadBacks: 64,
  productionSignatureToleranceSeconds: 5 * 60,
} as const;

class BodyTooLarge extends Error {}

function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body?: { error: string; message: string }, retryAfterSeconds?: number): void {
  if (response.headersSent) return;
  if (retryAfterSeconds !== undefined) response.setHeader('retry-after', String(retryAfterSeconds));
  if (body === undefined) {
    response.writeHead(status, { 'content-length': '0' });
    response.end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)) });
  response.end(text);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function remoteAddressOf(request: IncomingMessage): string {
  return request.socket.remoteAddress ?? 'unknown';
}

function hostForUrl(address: AddressInfo): string {
  if (address.address === '0.0.0.0' || address.address === '::') return DEFAULT_HOST;
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}

/**
 * The merchant's side of spec 4.7: acknowledges with 200 before doing anything slow (the platform waits
 * 22 s at most, 6.3), refuses what is malformed (400) or forged (401) without changing anything, drops
 * replays, then reads the resource back through the platform client: a notification is only a hint.
 */
export function createNotificationReceiver(options: NotificationReceiverOptions): NotificationReceiver {
  const { clock } = options;
  const logger = options.logger ?? silentLogger;
  const tuning = { ...DEFAULT_RECEIVER_TUNING, ...options.tuning };
  const scheduler = createReadBackScheduler({ clock, read: options.read, onResource: options.onResource, logger, tuning });
  const checkWebhook = createWebhookCheck({
    clock,
    secret: options.secret,
    ...(options.environment === undefined ? {} : { environment: options.environment }),
    logger,
    replayMemoryMs: tuning.replayMemoryMs,
    replayMemoryEntries: tuning.replayMemoryEntries,
    productionToleranceSeconds: tuning.productionSignatureToleranceSeconds,
  });
  const admit = createAdmission({ clock, scheduler, logger, ...tuning });
  const counters = { received: 0, accepted: 0, duplicates: 0, rejected: 0 };
  let server: Server | undefined;
  let url: string | null = null;
  let state: ReceiverStatus['state'] = 'stopped';
  let detail: string | null = null;

  const refuse = (response: ServerResponse, status: number, error: string, message: string, retryAfterSeconds?: number): void => {
    counters.rejected++;
    answer(response, status, { error, message }, retryAfterSeconds);
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestUrl = new URL(request.url ?? '/', 'http://receiver');
    if (requestUrl.pathname !== NOTIFICATION_PATH)
      return answer(response, 404, { error: 'not_found', message: `notifications are received at ${NOTIFICATION_PATH}` });
    if (request.method !== 'POST') {
      response.setHeader('allow', 'POST');
      return answer(response, 405, { error: 'method_not_allowed', message: 'notifications are POSTed' });
    }
    counters.received++;
    let body: string;
    try {
      body = await readBody(request, tuning.maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuse(response, 413, 'payload_too_large', `a notification body is at most ${tuning.maxBodyBytes} bytes`);
      throw error;
    }
    const parsed = parseNotification({ query: requestUrl.searchParams, headers: request.headers, body });
    if (parsed.kind === 'bad_request') {
      logger.warn('a notification was refused', { reason: parsed.reason, query: requestUrl.search });
      return refuse(response, 400, 'bad_request', parsed.reason);
    }
    if (parsed.kind === 'ignored') {
      logger.info('a notification was acknowledged and ignored', { reason: parsed.reason });
      return answer(response, 200);
    }
    const notification = parsed.notification;
    const check = notification.channel === 'webhook' ? await checkWebhook(notification) : 'unsigned';
    if (check === 'forged') {
      logger.warn('a webhook with a wrong signature was refused', { topic: notification.topic, id: notification.id });
      return refuse(response, 401, 'invalid_signature', 'the x-signature does not match this application');
    }
    if (check === 'stale') {
      logger.warn('a signed webhook outside the timestamp tolerance was refused', { topic: notification.topic, id: notification.id });
      return refuse(response, 401, 'invalid_signature', `the x-signature ts is more than ${tuning.productionSignatureToleranceSeconds} s from now`);
    }
    // Not acknowledged, so the platform sends it again once the secret can be read.
    if (check === 'unverifiable') return answer(response, 503, { error: 'unavailable', message: 'the signature cannot be checked right now' });
    if (check === 'duplicate') {
      counters.duplicates++;
      return answer(response, 200);
    }
    const refusal = admit(notification, check === 'new_event' || check === 'verified', remoteAddressOf(request));
    if (refusal !== undefined) return refuse(response, refusal.status, refusal.error, refusal.message, refusal.retryAfterSeconds);
    answer(response, 200);
    counters.accepted++;
    if (scheduler.notify(notification.topic, notification.id, { newEvent: check === 'new_event' }) === 'merged') counters.duplicates++;
  }

  return {
    async start() {
      if (server !== undefined && url !== null) return url;
      state = 'starting';
      detail = null;
      const listening = createServer((request, response) => {
        handle(request, response).catch((error: unknown) => {
          logger.error('the notification receiver failed on a request', { error: String(error) });
          answer(response, 500, { error: 'internal_error', message: 'the notification could not be handled' });
        });
      });
      try {
        await listen(listening, options.port ?? 0, options.host ?? DEFAULT_HOST);
      } catch (error) {
        state = 'failed';
        detail = error instanceof Error ? error.message : String(error);
        throw error;
      }
      // The receiver alone must not keep a test or a CLI process alive after everything else has stopped.
      listening.unref();
      server = listening;
      const address = listening.address() as AddressInfo;
      url = options.publicUrl ?? `http://${hostForUrl(address)}:${address.port}${NOTIFICATION_PATH}`;
      state = 'listening';
      return url;
    },
    async stop() {
      const closing = server;
      server = undefined;
      url = null;
      if (state !== 'failed') state = 'stopped';
      scheduler.stop();
      if (closing === undefined) return;
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        closing.closeAllConnections();
      });
    },
    status() {
      const { readBacks, failures, pending } = scheduler.stats();
      return { state, url, detail, stats: { ...counters, readBacks, readBackFailures: failures, pending } };
    },
    whenIdle: () => scheduler.whenIdle(),
  };
}
