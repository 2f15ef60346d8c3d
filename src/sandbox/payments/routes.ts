import type { FastifyInstance } from 'fastify';
import { issuesToCauses } from '../../shared/platform/preferences';
import { SandboxError } from '../errors';
import {
  paymentMethodMissing,
  PaymentCreateRequest,
  PaymentUpdateRequest,
  RefundCreateRequest,
  type PaymentCreateRequest as CreateInput,
} from '../../shared/platform/payments';
import type { Principal } from '../context';
import { outcomeOfCardholder } from '../wallet/test-cards';
import type { WalletService } from '../wallet/service';
import { type PaymentChanges, refundsOf } from './changes';
import type { ChargedCard } from './service';
import type { SandboxContext } from '../context';
import { escapeHtml, htmlDocument } from '../html-page';
import { notFound, numericId, parseInput } from '../input';
import { readIdempotencyKey, runIdempotent, sendJson } from './idempotency';
import { registerPaymentSearch } from './search';
import type { PaymentService } from './service';
import { paymentAnswer } from './view';

/** Spec 4.6: creating a payment, reading one (topic payment) and searching them. Owner only; others' payments are 404. */
export function registerPayments(
  app: FastifyInstance,
  context: SandboxContext,
  payments: PaymentService,
  { wallet, changes }: { wallet: WalletService; changes: PaymentChanges },
): void {
  const { store } = payments;
  registerPaymentSearch(app, context, store);
  registerPaymentChanges(app, context, changes, store);

  /** A card token is spent once the request is known to be valid; other tokens are sandbox outcome names. */
  const chargedCard = (principal: Principal, input: CreateInput): ChargedCard | undefined => {
    if (input.token === undefined || !wallet.isToken(input.token)) return undefined;
    const spent = wallet.spendToken(principal, input.token);
    return {
      paymentMethodId: spent.payment_method_id,
      issuerId: spent.issuer_id,
      outcome: outcomeOfCardholder(spent.token.cardholder.name),
      card: { first_six_digits: spent.token.first_six_digits, last_four_digits: spent.token.last_four_digits },
      cardholder: { name: spent.token.cardholder.name, identification: { ...spent.token.cardholder.identification } },
    };
  };

  app.post('/v1/payments', { schema: { tags: ['payments'], summary: 'Create a payment (spec 2.6, 4.6)' } }, (request, reply) => {
    const principal = context.authenticate(request);
    const input = parsePaymentBody(request.body);
    const key = readIdempotencyKey(request.headers['x-idempotency-key']);
    const answer = runIdempotent(store.idempotency, principal.userId, key, { method: 'POST', path: '/v1/payments', body: request.body }, () => ({
      statusCode: 201,
      json: JSON.stringify(paymentAnswer(payments.create(principal, input, context.baseUrlFor(request), chargedCard(principal, input)), context.clock.now())),
    }));
    // The header the print actions send on a replay too, so a client handles both alike.
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    return sendJson(reply, answer);
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
    return paymentAnswer(record.payment, context.clock.now());
  });
}

/** Cancel and capture (`PUT /v1/payments/{id}`) and refunds, each under the request's X-Idempotency-Key. */
function registerPaymentChanges(app: FastifyInstance, context: SandboxContext, changes: PaymentChanges, store: PaymentService['store']): void {
  const keyed = (request: { headers: Record<string, string | string[] | undefined> }) => readIdempotencyKey(request.headers['x-idempotency-key']);

  app.put(
    '/v1/payments/:id',
    { schema: { tags: ['payments'], summary: 'Cancel (status: cancelled) or capture (capture: true) a payment' } },
    (request, reply) => {
      const principal = context.authenticate(request);
      const record = changes.own(principal.userId, numericId(request.params, 'payment'));
      const input = parseInput(PaymentUpdateRequest, request.body ?? {}, 'invalid payment update');
      const path = `/v1/payments/${record.payment.id}`;
      const answer = runIdempotent(store.idempotency, principal.userId, keyed(request), { method: 'PUT', path, body: request.body ?? null }, () => {
        const now = context.clock.now();
        if (input.status === 'cancelled') return { statusCode: 200, json: JSON.stringify(paymentAnswer(changes.cancel(record), now)) };
        if (input.capture === true) return { statusCode: 200, json: JSON.stringify(paymentAnswer(changes.capture(record, input.transaction_amount), now)) };
        return { statusCode: 200, json: JSON.stringify(paymentAnswer(record.payment, now)) };
      });
      return sendJson(reply, answer);
    },
  );

  app.post('/v1/payments/:id/refunds', { schema: { tags: ['payments'], summary: 'Refund a payment: all that is left, or `amount`' } }, (request, reply) => {
    const principal = context.authenticate(request);
    const record = changes.own(principal.userId, numericId(request.params, 'payment'));
    const input = parseInput(RefundCreateRequest, request.body ?? {}, 'invalid refund');
    const path = `/v1/payments/${record.payment.id}/refunds`;
    const answer = runIdempotent(store.idempotency, principal.userId, keyed(request), { method: 'POST', path, body: request.body ?? null }, () => ({
      statusCode: 201,
      json: JSON.stringify(changes.refund(record, input.amount)),
    }));
    return sendJson(reply, answer);
  });

  app.get('/v1/payments/:id/refunds', { schema: { tags: ['payments'], summary: "A payment's refunds" } }, (request) => {
    const principal = context.authenticate(request);
    return refundsOf(changes.own(principal.userId, numericId(request.params, 'payment')).payment);
  });

  app.get('/v1/payments/:id/refunds/:refundId', { schema: { tags: ['payments'], summary: 'Get a refund of a payment' } }, (request) => {
    const principal = context.authenticate(request);
    const payment = changes.own(principal.userId, numericId(request.params, 'payment')).payment;
    const refundId = (request.params as { refundId?: string }).refundId ?? '';
    const refund = refundsOf(payment).find((candidate) => String(candidate.id) === refundId);
    if (refund === undefined) throw notFound('refund');
    return refund;
  });
}

/** The create body, its schema's causes and the method-or-token rule answered together. */
function parsePaymentBody(body: unknown): CreateInput {
  const missing = paymentMethodMissing(body)
    ? [{ code: 'required_properties', description: 'payment_method_id is required', data: { property: 'payment_method_id' } }]
    : [];
  // Without options first, as parseInput does: zod reads an options object at every schema node; the
  // offending values are only needed for a refused body, which is parsed again with reportInput.
  const result = PaymentCreateRequest.safeParse(body);
  if (result.success && missing.length === 0) return result.data;
  const reported = result.success ? result : PaymentCreateRequest.safeParse(body, { reportInput: true });
  const causes = reported.success ? [] : issuesToCauses(reported.error.issues, 'body');
  throw new SandboxError(400, 'bad_request', 'invalid payment', [...causes, ...missing]);
}
