import type { z } from 'zod';
import { IpnQuery, WEBHOOK_TYPES, WebhookBody, WebhookQuery, type NotificationTopic, type WebhookType } from '../../../shared/platform/notifications';

/**
 * What one request to the notification URL says, parsed with the platform's shared schemas (spec 4.7,
 * 6; docs/decisions.md "Notifications"). Pure: the receiver does the HTTP, the signature and the read-back.
 */

interface NotificationBase {
  topic: NotificationTopic;
  /** The resource to read back (4.6). */
  id: string;
}

export interface IpnNotification extends NotificationBase {
  channel: 'ipn';
}

export interface WebhookNotification extends NotificationBase {
  channel: 'webhook';
  /** `x-request-id`: new on every attempt, part of the signed manifest. */
  requestId: string | undefined;
  /** `x-signature: ts=…,v1=…`, when the platform signed it. */
  signature: string | undefined;
  /** The event's own id from the body: the same on every attempt of one event. */
  eventId: number | undefined;
  action: string | undefined;
}

export type ParsedNotification = IpnNotification | WebhookNotification;

export type ParseOutcome =
  | { kind: 'notification'; notification: ParsedNotification }
  /** A topic of 6.1 that has no read endpoint in 4.6: acknowledged so the platform stops sending it, then dropped. */
  | { kind: 'ignored'; reason: string }
  | { kind: 'bad_request'; reason: string };

/**
 * 6.1 names delivery_cancellation (fraud alerts) without a read endpoint; refusing it would only make
 * the platform retry it for days.
 */
const ACKNOWLEDGED_UNREAD_TOPICS = new Set(['delivery_cancellation']);

const TOPIC_OF_WEBHOOK_TYPE = Object.fromEntries(Object.entries(WEBHOOK_TYPES).map(([topic, type]) => [type, topic])) as Record<WebhookType, NotificationTopic>;

export interface IncomingNotification {
  query: URLSearchParams;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: string;
}

/** The reasons of a failed parse as one line: `topic must be one of …; id is required`. */
function reasonOf(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      // Dotted, as the names are written in the query (`data.id`) and the body.
      const path = issue.path.map(String).join('.');
      const missing = issue.code === 'invalid_type' && issue.input === undefined;
      return `${path === '' ? 'request' : path} ${missing ? 'is required' : issue.message}`;
    })
    .join('; ');
}

function header(headers: IncomingNotification['headers'], name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

/** The first value of each query parameter, as the platform sends each once. */
function queryObject(query: URLSearchParams): Record<string, string> {
  const object: Record<string, string> = {};
  for (const [name, value] of query) if (!(name in object)) object[name] = value;
  return object;
}

function parseIpn(query: Record<string, string>): ParseOutcome {
  const topic = query['topic'];
  if (topic !== undefined && ACKNOWLEDGED_UNREAD_TOPICS.has(topic)) return { kind: 'ignored', reason: `topic ${topic} has no read endpoint` };
  const parsed = IpnQuery.safeParse(query, { reportInput: true });
  if (!parsed.success) return { kind: 'bad_request', reason: reasonOf(parsed.error) };
  return { kind: 'notification', notification: { channel: 'ipn', topic: parsed.data.topic, id: parsed.data.id } };
}

function parseWebhook(query: Record<string, string>, incoming: IncomingNotification): ParseOutcome {
  const parsedQuery = WebhookQuery.safeParse(query, { reportInput: true });
  if (!parsedQuery.success) return { kind: 'bad_request', reason: reasonOf(parsedQuery.error) };
  const dataId = parsedQuery.data['data.id'];
  const type = parsedQuery.data.type;
  let body: WebhookBody | undefined;
  if (incoming.body.trim() !== '') {
    let json: unknown;
    try {
      json = JSON.parse(incoming.body);
    } catch {
      return { kind: 'bad_request', reason: 'body is not JSON' };
    }
    const parsedBody = WebhookBody.safeParse(json, { reportInput: true });
    if (!parsedBody.success) return { kind: 'bad_request', reason: reasonOf(parsedBody.error) };
    body = parsedBody.data;
    // The signature covers the query's data.id only; a body that names another resource is not the platform's.
    if (body.data.id !== dataId || body.type !== type) return { kind: 'bad_request', reason: 'body and query name different resources' };
  }
  return {
    kind: 'notification',
    notification: {
      channel: 'webhook',
      topic: TOPIC_OF_WEBHOOK_TYPE[type],
      id: dataId,
      requestId: header(incoming.headers, 'x-request-id'),
      signature: header(incoming.headers, 'x-signature'),
      eventId: body?.id,
      action: body?.action,
    },
  };
}

/**
 * IPN is `?topic=…&id=…` with no body; a webhook is `?data.id=…&type=…` with a JSON body. A request
 * with `topic` is read as IPN even if it also carries webhook parameters, as the platform's IPN does.
 */
export function parseNotification(incoming: IncomingNotification): ParseOutcome {
  const query = queryObject(incoming.query);
  if ('topic' in query) return parseIpn(query);
  if ('type' in query || 'data.id' in query) return parseWebhook(query, incoming);
  if ('id' in query) return { kind: 'bad_request', reason: 'topic is required' };
  return { kind: 'bad_request', reason: 'topic and id are required' };
}
