import type { FastifyInstance } from 'fastify';
import { PaymentCreateRequest } from '../../shared/platform/payments';
import type { SandboxContext } from '../context';
import { notFound, numericId, parseInput } from '../input';
import { readIdempotencyKey, runIdempotent } from './idempotency';
import { registerPaymentSearch } from './search';
import type { PaymentService } from './service';

/** Spec 4.6: creating a payment, reading one (topic payment) and searching them. Owner only; others' payments are 404. */
export function registerPayments(app: FastifyInstance, context: SandboxContext, payments: PaymentService): void {
  const { store } = payments;
  registerPaymentSearch(app, context, store);

  app.post('/v1/payments', { schema: { tags: ['payments'], summary: 'Create a payment (spec 2.6, 4.6)' } }, (request, reply) => {
    const principal = context.authenticate(request);
    const input = parseInput(PaymentCreateRequest, request.body, 'invalid payment');
    const key = readIdempotencyKey(request.headers['x-idempotency-key']);
    const answer = runIdempotent(store.idempotency, principal.userId, key, { method: 'POST', path: '/v1/payments', body: request.body }, () => ({
      statusCode: 201,
      body: payments.create(principal, input),
    }));
    // The header the print actions send on a replay too, so a client handles both alike.
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    return reply.code(answer.statusCode).send(answer.body);
  });

  app.get('/v1/payments/:id', { schema: { tags: ['payments'], summary: 'Get a payment (topic payment)' } }, (request) => {
    const principal = context.authenticate(request);
    const record = store.get(numericId(request.params, 'payment'));
    if (record === undefined || record.payment.collector_id !== principal.userId) throw notFound('payment');
    return record.payment;
  });
}
