import type { z } from 'zod';
import { CreatePointOrderRequest, OrderSearchResponse, PointOrder, RefundOrderRequest, OrderSearchQuery } from '../../../shared/platform/orders';
import type { IdempotentCallOptions } from './client';
import type { CallOptions, PlatformTransport } from './transport';

/**
 * The Orders API calls of a point order (docs/sandbox/point-orders.md, docs/decisions.md "Point orders"):
 * every mutating call carries the caller's own X-Idempotency-Key (spec 5.7), which the transport repeats
 * unchanged on every retry of a transient failure, so a retried create or refund acts once.
 */
export interface OrdersClient {
  create(request: CreatePointOrderRequest, options: IdempotentCallOptions): Promise<PointOrder>;
  get(orderId: string, options?: CallOptions): Promise<PointOrder>;
  /** Cancels an order the terminal has not picked up yet (status `created`). */
  cancel(orderId: string, options: IdempotentCallOptions): Promise<PointOrder>;
  /** No `refund` body refunds the whole payment; `transactions` refunds part of it. */
  refund(orderId: string, request: RefundOrderRequest, options: IdempotentCallOptions): Promise<PointOrder>;
  /** `GET /v1/orders`: the caller's orders created in [begin_date, end_date] (at most 30 days apart), filtered. */
  search(query: z.input<typeof OrderSearchQuery>, options?: CallOptions): Promise<OrderSearchResponse>;
}

const ORDERS_PATH = '/v1/orders';
const json = { kind: 'json' as const, schema: PointOrder };
const orderPath = (orderId: string): string => `${ORDERS_PATH}/${encodeURIComponent(orderId)}`;

export function createOrdersClient(transport: PlatformTransport): OrdersClient {
  return {
    create: (request, options) =>
      transport.request({
        method: 'POST',
        path: ORDERS_PATH,
        body: CreatePointOrderRequest.parse(request),
        authenticated: true,
        idempotent: true,
        response: json,
        options,
      }),
    get: (orderId, options) => transport.request({ method: 'GET', path: orderPath(orderId), authenticated: true, idempotent: false, response: json, options }),
    cancel: (orderId, options) =>
      transport.request({ method: 'POST', path: `${orderPath(orderId)}/cancel`, authenticated: true, idempotent: true, response: json, options }),
    search: (query, options) =>
      transport.request({
        method: 'GET',
        path: ORDERS_PATH,
        query: OrderSearchQuery.parse(query),
        authenticated: true,
        idempotent: false,
        response: { kind: 'json', schema: OrderSearchResponse },
        options,
      }),
    refund: (orderId, request, options) =>
      transport.request({
        method: 'POST',
        path: `${orderPath(orderId)}/refund`,
        body: RefundOrderRequest.parse(request),
        authenticated: true,
        idempotent: true,
        response: json,
        options,
      }),
  };
}
