import type { FastifyInstance } from 'fastify';
import { MerchantOrderSearchQuery, page, type MerchantOrderSearchResponse } from '../../shared/platform/search';
import type { SandboxContext } from '../context';
import { notFound, numericId, parseInput } from '../input';
import { z } from 'zod';
import { StringField, UrlField } from '../../shared/platform/preferences';
import type { PreferenceService } from '../preferences/service';
import type { MerchantOrderService } from './service';

/** `POST /merchant_orders`: the order of a preference of the caller's (its items and collector come from it). */
const MerchantOrderCreateRequest = z.looseObject({
  preference_id: StringField,
  external_reference: StringField.optional(),
  notification_url: UrlField.optional(),
  payer: z.looseObject({ email: StringField.optional() }).optional(),
});
/** `PUT /merchant_orders/{id}`: the members a seller may change. */
const MerchantOrderUpdateRequest = z.looseObject({
  external_reference: StringField.optional(),
  notification_url: UrlField.optional(),
  additional_info: StringField.optional(),
});

/** Reading, creating and updating merchant orders (topic merchant_order) and searching them (docs/decisions.md, "Sandbox search"). Owner only; others' are 404. */
export function registerMerchantOrders(
  app: FastifyInstance,
  context: SandboxContext,
  merchantOrders: MerchantOrderService,
  preferences: PreferenceService,
): void {
  const { store } = merchantOrders;
  app.post('/merchant_orders', { schema: { tags: ['payments'], summary: 'Create the merchant order of a preference' } }, (request, reply) => {
    const principal = context.authenticate(request);
    const input = parseInput(MerchantOrderCreateRequest, request.body, 'invalid merchant order');
    const { preference } = preferences.ownRecord(principal, input.preference_id);
    const record = merchantOrders.openForPreference(preference, principal.liveMode, input.payer?.email ?? '');
    if (input.external_reference !== undefined) record.order.external_reference = input.external_reference;
    if (input.notification_url !== undefined) record.order.notification_url = input.notification_url;
    return reply.code(201).send(record.order);
  });

  app.put(
    '/merchant_orders/:id',
    { schema: { tags: ['payments'], summary: 'Update a merchant order (external_reference, notification_url, additional_info)' } },
    (request) => {
      const principal = context.authenticate(request);
      const record = store.get(numericId(request.params, 'merchant order'));
      if (record === undefined || record.order.collector.id !== principal.userId) throw notFound('merchant order');
      const input = parseInput(MerchantOrderUpdateRequest, request.body ?? {}, 'invalid merchant order');
      if (input.external_reference !== undefined) record.order.external_reference = input.external_reference;
      if (input.notification_url !== undefined) record.order.notification_url = input.notification_url;
      if (input.additional_info !== undefined) record.order['additional_info'] = input.additional_info;
      record.order.last_updated = new Date(context.clock.now()).toISOString();
      merchantOrders.notify(record, 'updated');
      return record.order;
    },
  );

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
