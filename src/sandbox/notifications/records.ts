import { z } from 'zod';
import { DeliveredTopic } from '../../shared/platform/notifications';
import { nextAttemptAt, type RetryPolicy } from './schedule';

/** Every notification the sandbox sent or will send, with its attempts: what `--state` keeps and the control API lists. */

export const DeliveryStatus = z.enum(['pending', 'delivered', 'failed']);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const AttemptOutcome = z.enum(['acknowledged', 'not_acknowledged', 'timeout', 'network_error']);
export type AttemptOutcome = z.infer<typeof AttemptOutcome>;

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

export interface ListFilter {
  topic?: string;
  status?: DeliveryStatus;
  channel?: 'ipn' | 'webhook';
  resourceId?: string;
  userId?: number;
}

/** The records and the sequences that name them (`ntf_000001`, and each webhook's numeric id). */
export class DeliveryRecords {
  private readonly records = new Map<string, DeliveryRecord>();
  private nextSequence = 1;
  private nextWebhookId = 1;

  /** A new notification, due at once. */
  add(input: EnqueueInput, now: number): DeliveryRecord {
    const record: DeliveryRecord = {
      id: `ntf_${String(this.nextSequence++).padStart(6, '0')}`,
      channel: input.channel,
      topic: input.topic,
      resource_id: input.resourceId,
      action: input.action,
      user_id: input.userId,
      client_id: input.clientId,
      live_mode: input.liveMode,
      url: input.url,
      url_source: input.urlSource,
      webhook_id: input.channel === 'webhook' ? this.nextWebhookId++ : null,
      created_at: now,
      status: 'pending',
      next_attempt_at: now,
      delivered_at: null,
      gave_up_at: null,
      attempts: [],
    };
    this.records.set(record.id, record);
    return record;
  }

  get(id: string): DeliveryRecord | undefined {
    return this.records.get(id);
  }

  all(): IterableIterator<DeliveryRecord> {
    return this.records.values();
  }

  list(filter: ListFilter = {}): DeliveryRecord[] {
    return [...this.records.values()].filter(
      (record) =>
        (filter.topic === undefined || record.topic === filter.topic) &&
        (filter.status === undefined || record.status === filter.status) &&
        (filter.channel === undefined || record.channel === filter.channel) &&
        (filter.resourceId === undefined || record.resource_id === filter.resourceId) &&
        (filter.userId === undefined || record.user_id === filter.userId),
    );
  }

  save(): DispatcherState {
    return {
      next_sequence: this.nextSequence,
      next_webhook_id: this.nextWebhookId,
      records: [...this.records.values()].map((record) => structuredClone(record)),
    };
  }

  load(state: DispatcherState): void {
    this.records.clear();
    this.nextSequence = state.next_sequence;
    this.nextWebhookId = state.next_webhook_id;
    for (const record of state.records) this.records.set(record.id, record);
  }

  clear(): void {
    this.records.clear();
    this.nextSequence = 1;
    this.nextWebhookId = 1;
  }
}

/** What one request to the receiver came to. */
export interface AttemptResult {
  at: number;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  outcome: AttemptOutcome;
  manual: boolean;
  requestId: string | null;
}

/**
 * Writes an attempt into its record (spec 6.3): an acknowledgement delivers it, whenever it comes; a
 * scheduled attempt that is not acknowledged is retried on the schedule, or given up at its end. A manual
 * resend changes nothing but its own line. Answers whether the record waits for another attempt.
 */
export function recordAttempt(record: DeliveryRecord, result: AttemptResult, policy: RetryPolicy, now: number): 'retry' | 'settled' {
  const scheduledCount = record.attempts.filter((previous) => !previous.manual).length + (result.manual ? 0 : 1);
  record.attempts.push({
    number: record.attempts.length + 1,
    at: result.at,
    duration_ms: result.durationMs,
    status_code: result.statusCode,
    error: result.error,
    outcome: result.outcome,
    manual: result.manual,
    request_id: result.requestId,
  });
  if (result.outcome === 'acknowledged') {
    if (record.status !== 'delivered') {
      record.status = 'delivered';
      record.delivered_at = now;
      record.next_attempt_at = null;
      record.gave_up_at = null;
    }
    return 'settled';
  }
  if (result.manual || record.status !== 'pending') return 'settled';
  const next = nextAttemptAt(record.created_at, result.at, scheduledCount, policy);
  if (next === null) {
    record.status = 'failed';
    record.next_attempt_at = null;
    record.gave_up_at = now;
    return 'settled';
  }
  record.next_attempt_at = next;
  return 'retry';
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
