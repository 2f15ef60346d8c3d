import { describe, expect, it } from 'vitest';
import { parseNotification } from './parse';

const parse = (query: string, body = '', headers: Record<string, string> = {}) => parseNotification({ query: new URLSearchParams(query), headers, body });

describe('parseNotification', () => {
  it('reads an IPN from its query (spec 4.7)', () => {
    expect(parse('topic=merchant_order&id=21000000001&source_news=ipn')).toEqual({
      kind: 'notification',
      notification: { channel: 'ipn', topic: 'merchant_order', id: '21000000001' },
    });
  });

  it('reads a webhook from its query, body and headers, mapping the type to the topic', () => {
    const body = JSON.stringify({
      id: 7,
      live_mode: false,
      type: 'topic_chargebacks_wh',
      date_created: '2026-01-15T12:00:00.000Z',
      user_id: 1001,
      api_version: 'v1',
      action: 'chargebacks.created',
      data: { id: '230000000001' },
    });
    expect(parse('data.id=230000000001&type=topic_chargebacks_wh', body, { 'x-request-id': 'r-1', 'x-signature': 'ts=1,v1=ab' })).toEqual({
      kind: 'notification',
      notification: {
        channel: 'webhook',
        topic: 'chargebacks',
        id: '230000000001',
        requestId: 'r-1',
        signature: 'ts=1,v1=ab',
        eventId: 7,
        action: 'chargebacks.created',
      },
    });
  });

  it('reads the Orders API webhook as the sandbox sends it (topic order, the order id in data.id)', () => {
    const body = JSON.stringify({
      id: 9,
      live_mode: false,
      type: 'order',
      date_created: '2026-01-15T12:00:00.000Z',
      user_id: 1001,
      api_version: 'v1',
      action: 'order.processed',
      data: { id: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3' },
    });
    expect(parse('data.id=ORD01JQ4S4KY8HWQ6NA5PXB65B3D3&type=order', body, { 'x-request-id': 'r-2' })).toMatchObject({
      kind: 'notification',
      notification: { channel: 'webhook', topic: 'order', id: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3', action: 'order.processed', eventId: 9 },
    });
  });

  it('names what is missing or wrong', () => {
    expect(parse('')).toEqual({ kind: 'bad_request', reason: 'topic and id are required' });
    expect(parse('id=5')).toEqual({ kind: 'bad_request', reason: 'topic is required' });
    expect(parse('topic=payment')).toEqual({ kind: 'bad_request', reason: 'id is required' });
    expect(parse('topic=refunds&id=5')).toMatchObject({ kind: 'bad_request', reason: expect.stringContaining('topic') });
    expect(parse('type=payment')).toEqual({ kind: 'bad_request', reason: 'data.id is required' });
  });

  it('acknowledges a 6.1 topic that has no read endpoint without reading it', () => {
    expect(parse('topic=delivery_cancellation&id=5')).toMatchObject({ kind: 'ignored' });
  });
});
