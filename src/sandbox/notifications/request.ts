import { randomUUID } from 'node:crypto';
import { DELIVERED_WEBHOOK_TYPES, type WebhookBody } from '../../shared/platform/notifications';
import type { DeliveryRecord } from './records';
import { signatureHeader } from './signature';

/** The request a notification is sent as: spec 4.7's IPN query, or a webhook's JSON body and signature (spec 6). */

const USER_AGENT = 'Counter-Sandbox-Notifications/1.0';

export function targetUrl(record: DeliveryRecord): URL {
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

/** The request of an attempt made at `at`; a webhook is signed with `secret` (the application's client_secret), unsigned without one. */
export async function buildRequest(record: DeliveryRecord, at: number, secret: string | undefined): Promise<{ init: RequestInit; requestId: string | null }> {
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
  if (secret !== undefined) {
    headers['x-signature'] = await signatureHeader(secret, { dataId: record.resource_id, requestId, ts: String(Math.floor(at / 1000)) });
  }
  return { init: { method: 'POST', headers, body: JSON.stringify(body) }, requestId };
}
