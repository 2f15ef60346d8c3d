import type { FastifyInstance } from 'fastify';
import type { Payment } from '../../shared/platform/payments';
import { page, PaymentSearchQuery, type PaymentSearchResponse } from '../../shared/platform/search';
import { paymentAnswer, type PaymentAnswer } from './view';
import type { SandboxContext } from '../context';
import { parseInput } from '../input';
import type { PaymentStore } from './store';

/**
 * The payment search the official SDKs make, over the caller's account only (docs/decisions.md,
 * "Sandbox search"; merchant orders and chargebacks are searched in their own areas).
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

export function registerPaymentSearch(app: FastifyInstance, context: SandboxContext, store: PaymentStore): void {
  app.get(
    '/v1/payments/search',
    {
      schema: { tags: ['payments'], summary: 'Search payments (external_reference, status, range, sort, criteria, offset, limit)' },
      config: { documented: { querystring: PaymentSearchQuery } },
    },
    (request): Omit<PaymentSearchResponse, 'results'> & { results: PaymentAnswer[] } => {
      const principal = context.authenticate(request);
      const query = parseInput(PaymentSearchQuery, request.query, 'invalid search', 'query');
      const found = store
        .all()
        .filter((payment) => payment.collector_id === principal.userId)
        .filter((payment) => query.external_reference === undefined || payment.external_reference === query.external_reference)
        .filter((payment) => query.status === undefined || payment.status === query.status)
        .filter((payment) => inRange(payment, query))
        .sort(comparePayments(query.sort ?? 'date_created', query.criteria === 'asc' ? 1 : -1));
      const { items, offset, limit, total } = page(found, query);
      const now = context.clock.now();
      return { paging: { total, limit, offset }, results: items.map((payment) => paymentAnswer(payment, now)) };
    },
  );
}
