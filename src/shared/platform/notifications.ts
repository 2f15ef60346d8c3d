import { z } from 'zod';

/**
 * What the platform sends to a merchant's notification URL (spec 4.7, 6; docs/decisions.md
 * "Notifications"). Pure: the HMAC itself is in webhook-signature.ts.
 */

/** 6.1 topics the sandbox sends (delivery_cancellation is named in 6.1 but nothing in the sandbox raises it). */
/** `order`: the Orders API's webhook (docs "Notifications" of Point orders; docs/decisions.md "Point orders"). */
export const NotificationTopic = z.enum(['payment', 'merchant_order', 'chargebacks', 'point_integration_ipn', 'order']);
export type NotificationTopic = z.infer<typeof NotificationTopic>;

/** The read endpoint of 4.6 for each topic: what a receiver calls after acknowledging. */
export function resourcePath(topic: NotificationTopic, id: string): string {
  const encoded = encodeURIComponent(id);
  switch (topic) {
    case 'payment':
      return `/v1/payments/${encoded}`;
    case 'merchant_order':
      return `/merchant_orders/${encoded}`;
    case 'chargebacks':
      return `/v1/chargebacks/${encoded}`;
    case 'point_integration_ipn':
      return `/point/integration-api/payment-intents/${encoded}`;
    case 'order':
      return `/v1/orders/${encoded}`;
  }
}

/** Query of an IPN request (4.7): `POST {notification_url}?topic=…&id=…`. The request has no body. */
export const IpnQuery = z.looseObject({
  topic: NotificationTopic,
  id: z.string().min(1),
});
export type IpnQuery = z.infer<typeof IpnQuery>;

/** The webhook `type` for each topic, as the platform names them. */
export const WEBHOOK_TYPES = {
  payment: 'payment',
  merchant_order: 'topic_merchant_order_wh',
  chargebacks: 'topic_chargebacks_wh',
  point_integration_ipn: 'point_integration_wh',
  order: 'order',
} as const satisfies Record<NotificationTopic, string>;

export const WebhookType = z.enum(['payment', 'topic_merchant_order_wh', 'topic_chargebacks_wh', 'point_integration_wh', 'order']);
export type WebhookType = z.infer<typeof WebhookType>;

/** Topics the sandbox delivers: every topic the app reads, `order` (webhooks only) included. */
export const DeliveredTopic = NotificationTopic;
export type DeliveredTopic = NotificationTopic;

export const DELIVERED_WEBHOOK_TYPES = WEBHOOK_TYPES;

/** Query of a webhook request: the platform appends `data.id` and `type` to the URL; the signature covers data.id. */
export const WebhookQuery = z.looseObject({
  'data.id': z.string().min(1),
  type: WebhookType,
});

/** Body of a webhook request (docs/decisions.md). */
export const WebhookBody = z.object({
  id: z.number().int(),
  live_mode: z.boolean(),
  type: WebhookType,
  date_created: z.string(),
  user_id: z.number().int(),
  api_version: z.literal('v1'),
  action: z.string(),
  data: z.object({ id: z.string() }),
});
export type WebhookBody = z.infer<typeof WebhookBody>;

/** Parses `x-signature: ts=SECONDS,v1=HEX` (parts in any order, spaces tolerated); undefined when malformed. */
export function parseSignatureHeader(header: string | undefined): { ts: string; v1: string } | undefined {
  if (header === undefined) return undefined;
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) continue;
    parts.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim());
  }
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  if (ts === undefined || v1 === undefined || !/^\d+$/.test(ts) || !/^[0-9a-f]+$/i.test(v1)) return undefined;
  return { ts, v1: v1.toLowerCase() };
}

/**
 * The signed manifest `id:DATA_ID;request-id:REQUEST_ID;ts:TS;`. A part whose value is missing is left
 * out; an alphanumeric data id is lowercased first, as the platform does.
 */
export function signatureManifest(parts: { dataId?: string | undefined; requestId?: string | undefined; ts?: string | undefined }): string {
  let manifest = '';
  if (parts.dataId !== undefined && parts.dataId !== '') manifest += `id:${/^[a-z0-9]+$/i.test(parts.dataId) ? parts.dataId.toLowerCase() : parts.dataId};`;
  if (parts.requestId !== undefined && parts.requestId !== '') manifest += `request-id:${parts.requestId};`;
  if (parts.ts !== undefined && parts.ts !== '') manifest += `ts:${parts.ts};`;
  return manifest;
}

/** What `source_news` on a notification URL selects (docs/decisions.md). */
export type NotificationChannel = 'ipn' | 'webhook';

export function channelsFor(notificationUrl: string): NotificationChannel[] {
  let sourceNews: string | null;
  try {
    sourceNews = new URL(notificationUrl).searchParams.get('source_news');
  } catch {
    return [];
  }
  if (sourceNews === 'ipn') return ['ipn'];
  if (sourceNews === 'webhooks') return ['webhook'];
  return ['ipn', 'webhook'];
}
