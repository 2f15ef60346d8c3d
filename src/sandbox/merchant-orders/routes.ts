import type { FastifyInstance } from 'fastify';
import { MerchantOrderSearchQuery, page, type MerchantOrderSearchResponse } from '../../shared/platform/search';
import type { SandboxContext } from '../context';
import { notFound, numericId, parseInput } from '../input';
import type { MerchantOrderStore } from './store';

/** Reading a merchant order (topic merchant_order) and searching them (docs/decisions.md, "Sandbox search"). Owner only; others' are 404. */
export function registerMerchantOrders(app: FastifyInstance, context: SandboxContext, store: MerchantOrderStore): void {
  app.get(
    '/merchant_orders/search',
    {
      schema: {
        tags: ['payments'],
        summary: 'Search merchant orders (status, preference_id, external_reference, date_created_from, date_created_to, offset, limit)',
      },
      config: { documented: { querystring: MerchantOrderSearchQuery } },
    },
    (request): MerchantOrderSearchResponse => {
      const principal = context.authenticate(request);
      const query = parseInput(MerchantOrderSearchQuery, request.query, 'invalid search', 'query');
      const found = store
        .all()
        .filter((order) => order.collector.id === principal.userId)
        .filter((order) => query.status === undefined || order.status === query.status)
        .filter((order) => query.preference_id === undefined || order.preference_id === query.preference_id)
        .filter((order) => query.external_reference === undefined || order.external_reference === query.external_reference)
        .filter((order) => query.date_created_from === undefined || Date.parse(order.date_created) >= Date.parse(query.date_created_from))
        .filter((order) => query.date_created_to === undefined || Date.parse(order.date_created) <= Date.parse(query.date_created_to))
        .sort((a, b) => b.id - a.id);
      const { items, offset, total } = page(found, query);
      return { elements: items, next_offset: offset + items.length, total };
    },
  );

  app.get('/merchant_orders/:id', { schema: { tags: ['payments'], summary: 'Get a merchant order (topic merchant_order)' } }, (request) => {
    const principal = context.authenticate(request);
    const record = store.get(numericId(request.params, 'merchant order'));
    if (record === undefined || record.order.collector.id !== principal.userId) throw notFound('merchant order');
    return record.order;
  });
}
