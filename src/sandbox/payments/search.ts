import type { FastifyInstance } from 'fastify';
import type { Payment } from '../../shared/platform/payments';
import {
  ChargebackSearchQuery,
  MerchantOrderSearchQuery,
  page,
  PaymentSearchQuery,
  type ChargebackSearchResponse,
  type MerchantOrderSearchResponse,
  type PaymentSearchResponse,
} from '../../shared/platform/search';
import type { SandboxContext } from '../context';
import type { CheckoutOperations } from '../checkout/operations';
import { parseInput } from '../checkout/validation';

/**
 * The searches the official SDKs make over what the sandbox holds: payments, merchant orders and
 * chargebacks of the caller's account only (docs/decisions.md, "Sandbox search").
 */

type SortField = NonNullable<PaymentSearchQuery['sort']>;

/** Absent dates sort last whatever the direction, so a search by date_approved lists approved payments first. */
function comparePayments(field: SortField, direction: 1 | -1): (a: Payment, b: Payment) => number {
  return (a, b) => {
    const [left, right] = field === 'id' ? [a.id, b.id] : [a[field], b[field]];
    if (left === right) return direction * (a.id - b.id);
    if (left === null) return 1;
    if (right === null) return -1;
    return direction * (left < right ? -1 : 1);
  };
}

function inRange(payment: Payment, query: PaymentSearchQuery): boolean {
  if (query.begin_date === undefined && query.end_date === undefined) return true;
  const value = payment[query.range ?? 'date_created'];
  if (value === null) return false;
  const at = Date.parse(value);
  return (query.begin_date === undefined || at >= Date.parse(query.begin_date)) && (query.end_date === undefined || at <= Date.parse(query.end_date));
}

export function registerSearchRoutes(app: FastifyInstance, context: SandboxContext, operations: CheckoutOperations): void {
  const { state } = operations;

  app.get(
    '/v1/payments/search',
    {
      schema: { tags: ['payments'], summary: 'Search payments (external_reference, status, range, sort, criteria, offset, limit)' },
      config: { documented: { querystring: PaymentSearchQuery } },
    },
    (request): PaymentSearchResponse => {
      const principal = context.authenticate(request);
      const query = parseInput(PaymentSearchQuery, request.query, 'invalid search', 'query');
      const found = [...state.payments.values()]
        .map((record) => record.payment)
        .filter((payment) => payment.collector_id === principal.userId)
        .filter((payment) => query.external_reference === undefined || payment.external_reference === query.external_reference)
        .filter((payment) => query.status === undefined || payment.status === query.status)
        .filter((payment) => inRange(payment, query))
        .sort(comparePayments(query.sort ?? 'date_created', query.criteria === 'asc' ? 1 : -1));
      const { items, offset, limit, total } = page(found, query);
      return { paging: { total, limit, offset }, results: items };
    },
  );

  app.get(
    '/merchant_orders/search',
    {
      schema: { tags: ['payments'], summary: 'Search merchant orders (status, preference_id, external_reference, offset, limit)' },
      config: { documented: { querystring: MerchantOrderSearchQuery } },
    },
    (request): MerchantOrderSearchResponse => {
      const principal = context.authenticate(request);
      const query = parseInput(MerchantOrderSearchQuery, request.query, 'invalid search', 'query');
      const found = [...state.merchantOrders.values()]
        .map((record) => record.order)
        .filter((order) => order.collector.id === principal.userId)
        .filter((order) => query.status === undefined || order.status === query.status)
        .filter((order) => query.preference_id === undefined || order.preference_id === query.preference_id)
        .filter((order) => query.external_reference === undefined || order.external_reference === query.external_reference)
        .sort((a, b) => b.id - a.id);
      const { items, offset, total } = page(found, query);
      return { elements: items, next_offset: offset + items.length, total };
    },
  );

  app.get(
    '/v1/chargebacks/search',
    {
      schema: { tags: ['payments'], summary: 'Search chargebacks (payment_id, status, offset, limit)' },
      config: { documented: { querystring: ChargebackSearchQuery } },
    },
    (request): ChargebackSearchResponse => {
      const principal = context.authenticate(request);
      const query = parseInput(ChargebackSearchQuery, request.query, 'invalid search', 'query');
      const found = [...state.chargebacks.values()]
        .filter((record) => record.user_id === principal.userId)
        .map((record) => record.chargeback)
        .filter((chargeback) => query.payment_id === undefined || chargeback.payment_id === Number(query.payment_id))
        .filter((chargeback) => query.status === undefined || chargeback.status === query.status)
        .sort((a, b) => (a.id < b.id ? 1 : -1));
      const { items, offset, limit, total } = page(found, query);
      return { paging: { total, limit, offset }, results: items };
    },
  );
}
