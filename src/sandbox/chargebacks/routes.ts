import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FloatField, StringField } from '../../shared/platform/preferences';
import { ChargebackSearchQuery, page, type ChargebackSearchResponse } from '../../shared/platform/search';
import type { SandboxContext } from '../context';
import { notFound, numericId, NumericIdParams, parseInput, TextIdParams } from '../input';
import type { ChargebackService } from './service';

const ChargebackControlBody = z.strictObject({
  amount: FloatField.optional(),
  reason: StringField.optional(),
});

/**
 * Reading a chargeback (topic chargebacks) and searching them (docs/decisions.md, "Sandbox search"),
 * owner only; and opening one on a payment from the control API.
 */
export function registerChargebacks(app: FastifyInstance, context: SandboxContext, chargebacks: ChargebackService): void {
  const { store } = chargebacks;

  app.get(
    '/v1/chargebacks/search',
    {
      schema: { tags: ['payments'], summary: 'Search chargebacks (payment_id, status, offset, limit)' },
      config: { documented: { querystring: ChargebackSearchQuery } },
    },
    (request): ChargebackSearchResponse => {
      const principal = context.authenticate(request);
      const query = parseInput(ChargebackSearchQuery, request.query, 'invalid search', 'query');
      const found = store
        .all()
        .filter((record) => record.user_id === principal.userId)
        .map((record) => record.chargeback)
        .filter((chargeback) => query.payment_id === undefined || chargeback.payment_id === Number(query.payment_id))
        .filter((chargeback) => query.status === undefined || chargeback.status === query.status)
        .sort((a, b) => (a.id < b.id ? 1 : -1));
      const { items, offset, limit, total } = page(found, query);
      return { paging: { total, limit, offset }, results: items };
    },
  );

  app.get('/v1/chargebacks/:id', { schema: { tags: ['payments'], summary: 'Get a chargeback (topic chargebacks)' } }, (request) => {
    const principal = context.authenticate(request);
    const { id } = parseInput(TextIdParams, request.params, 'invalid path', 'path');
    const record = store.get(id);
    if (record === undefined || record.user_id !== principal.userId) throw notFound('chargeback');
    return record.chargeback;
  });

  app.post(
    '/__sandbox/payments/:id/chargeback',
    {
      schema: { tags: ['sandbox checkout'], summary: 'Open a chargeback on an approved payment' },
      config: { documented: { params: NumericIdParams, body: ChargebackControlBody } },
    },
    (request, reply) => {
      const paymentId = numericId(request.params, 'payment');
      const body = parseInput(ChargebackControlBody, request.body ?? {}, 'invalid chargeback');
      return reply.code(201).send(chargebacks.open(paymentId, body));
    },
  );
}
