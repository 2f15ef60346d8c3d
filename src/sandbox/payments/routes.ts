import type { FastifyInstance } from 'fastify';
import { PaymentCreateRequest } from '../../shared/platform/payments';
import type { SandboxContext } from '../context';
import { escapeHtml, htmlDocument } from '../html-page';
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
      body: payments.create(principal, input, context.baseUrlFor(request)),
    }));
    // The header the print actions send on a replay too, so a client handles both alike.
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    return reply.code(answer.statusCode).send(answer.body);
  });

  // The page a ticket_url opens: public, as the platform's is (the buyer has no token).
  app.get('/payments/:id/ticket', { schema: { tags: ['payments'], summary: 'The page a pending pix or ticket payment is paid from' } }, (request, reply) => {
    const record = store.get(numericId(request.params, 'payment'));
    const data = record?.payment.point_of_interaction?.transaction_data;
    if (record === undefined || data === undefined) throw notFound('payment');
    const { payment } = record;
    const code =
      data.qr_code === null ? '' : `<p><img alt="QR" src="data:image/png;base64,${data.qr_code_base64 ?? ''}"></p><pre>${escapeHtml(data.qr_code)}</pre>`;
    const body = `<h1>${escapeHtml(payment.currency_id)} ${payment.transaction_amount.toFixed(2)}</h1><p>${escapeHtml(payment.payment_method_id)} · ${escapeHtml(payment.status)}</p>${code}`;
    return reply
      .type('text/html; charset=utf-8')
      .send(htmlDocument(`Payment ${payment.id}`, 'body{font-family:sans-serif;margin:2rem}pre{white-space:pre-wrap;word-break:break-all}', body));
  });

  app.get('/v1/payments/:id', { schema: { tags: ['payments'], summary: 'Get a payment (topic payment)' } }, (request) => {
    const principal = context.authenticate(request);
    const record = store.get(numericId(request.params, 'payment'));
    if (record === undefined || record.payment.collector_id !== principal.userId) throw notFound('payment');
    return record.payment;
  });
}
