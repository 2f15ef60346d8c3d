import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PaymentCreateRequest } from '../../shared/platform/payments';
import type { SandboxContext } from '../context';
import type { CheckoutOperations } from '../checkout/operations';
import { notFound, parseInput } from '../checkout/validation';
import { readIdempotencyKey, runIdempotent } from './idempotency';
import { registerSearchRoutes } from './search';

const NumericId = z.object({ id: z.string().regex(/^\d{1,15}$/) });
const TextId = z.object({ id: z.string().min(1) });

/** Spec 4.6: payment creation and the four read endpoints a notification receiver calls. Owner only; others' records are 404. */
export function registerPaymentRoutes(app: FastifyInstance, context: SandboxContext, operations: CheckoutOperations): void {
  const { state } = operations;
  registerSearchRoutes(app, context, operations);
  const numericId = (params: unknown, what: string): number => {
    const parsed = NumericId.safeParse(params);
    if (!parsed.success) throw notFound(what);
    return Number(parsed.data.id);
  };

  app.post('/v1/payments', { schema: { tags: ['payments'], summary: 'Create a payment (spec 2.6, 4.6)' } }, (request, reply) => {
    const principal = context.authenticate(request);
    const input = parseInput(PaymentCreateRequest, request.body, 'invalid payment');
    const key = readIdempotencyKey(request.headers['x-idempotency-key']);
    const answer = runIdempotent(state.idempotency, principal.userId, key, { method: 'POST', path: '/v1/payments', body: request.body }, () => ({
      statusCode: 201,
      body: operations.createPayment(principal, input),
    }));
    // The header the print actions send on a replay too, so a client handles both alike.
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    return reply.code(answer.statusCode).send(answer.body);
  });

  app.get('/v1/payments/:id', { schema: { tags: ['payments'], summary: 'Get a payment (topic payment)' } }, (request) => {
    const principal = context.authenticate(request);
    const record = state.payments.get(numericId(request.params, 'payment'));
    if (record === undefined || record.payment.collector_id !== principal.userId) throw notFound('payment');
    return record.payment;
  });

  app.get('/merchant_orders/:id', { schema: { tags: ['payments'], summary: 'Get a merchant order (topic merchant_order)' } }, (request) => {
    const principal = context.authenticate(request);
    const record = state.merchantOrders.get(numericId(request.params, 'merchant order'));
    if (record === undefined || record.order.collector.id !== principal.userId) throw notFound('merchant order');
    return record.order;
  });

  app.get('/v1/chargebacks/:id', { schema: { tags: ['payments'], summary: 'Get a chargeback (topic chargebacks)' } }, (request) => {
    const principal = context.authenticate(request);
    const { id } = parseInput(TextId, request.params, 'invalid path', 'path');
    const record = state.chargebacks.get(id);
    if (record === undefined || record.user_id !== principal.userId) throw notFound('chargeback');
    return record.chargeback;
  });

  app.get(
    '/point/integration-api/payment-intents/:id',
    { schema: { tags: ['payments'], summary: 'Get a terminal payment intent (topic point_integration_ipn)' } },
    (request) => {
      const principal = context.authenticate(request);
      const { id } = parseInput(TextId, request.params, 'invalid path', 'path');
      const record = state.intents.get(id);
      if (record === undefined || record.user_id !== principal.userId) throw notFound('payment intent');
      return record.intent;
    },
  );
}
