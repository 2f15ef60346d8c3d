import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CheckoutOutcome } from '../../shared/platform/payments';
import { StringField } from '../../shared/platform/preferences';
import { SandboxError } from '../errors';
import { addFormBodyParser } from '../form-body';
import { parseInput } from '../input';
import { PreferenceParams } from '../preferences/routes';
import { defaultPayerEmail, type CheckoutFlow } from './pay';
import { PAGE_SECURITY_POLICY, renderCheckoutPage, renderMessagePage, renderResultPage } from './page';

/** Where tests, src/main/testing and the benchmarks find the payment side's live objects. */
export { checkoutServices, type CheckoutServices } from './services';

const NumericParams = z.object({ id: z.string().regex(/^\d{1,15}$/, { message: 'must be a numeric id' }) });

const PayControlBody = z.strictObject({
  status: CheckoutOutcome,
  payer_email: StringField.optional(),
  /** As if paid through sandbox_init_point: the payment is not live_mode. */
  sandbox: z.boolean().optional(),
});

const CheckoutForm = z.object({
  status: CheckoutOutcome,
  email: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)
    .optional(),
  sandbox: z.enum(['true', 'false']).optional(),
});

/** Spec 4.2: the hosted checkout page a preference's init_point opens, its result page, and paying as a buyer from the control API. */
export function registerCheckout(app: FastifyInstance, flow: CheckoutFlow): void {
  // Encapsulated: the form parser applies to the checkout page only, not to the API routes of other modules.
  void app.register(async (scope) => {
    addFormBodyParser(scope, 64 * 1024);
    registerCheckoutPages(scope, flow);
  });

  app.post(
    '/__sandbox/preferences/:id/pay',
    {
      schema: { tags: ['sandbox checkout'], summary: 'Pay a preference as a buyer would, with the chosen outcome' },
      config: { documented: { params: PreferenceParams, body: PayControlBody } },
    },
    (request, reply) => {
      const { id } = parseInput(PreferenceParams, request.params, 'invalid path', 'path');
      const body = parseInput(PayControlBody, request.body, 'invalid payment outcome');
      const result = flow.pay(id, body.status, { payerEmail: body.payer_email, sandbox: body.sandbox === true });
      return reply
        .code(201)
        .send({ payment: result.payment, merchant_order: result.merchantOrder, return_url: result.returnUrl, auto_return: result.autoReturn });
    },
  );
}

const html = (reply: FastifyReply, status: number, page: string): FastifyReply =>
  reply.code(status).header('content-security-policy', PAGE_SECURITY_POLICY).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

function registerCheckoutPages(scope: FastifyInstance, flow: CheckoutFlow): void {
  scope.get(
    '/checkout/pay/:id',
    {
      schema: { tags: ['checkout pages'], summary: 'The hosted checkout page of a preference (init_point, HTML)' },
      config: { documented: { params: PreferenceParams } },
    },
    (request, reply) => {
      const record = flow.preferences.store.get((request.params as { id: string }).id);
      if (record === undefined)
        return html(reply, 404, renderMessagePage('Payment link not found', 'This payment link does not exist. Ask the store for a new one.'));
      const { preference } = record;
      const query = request.query as Record<string, unknown>;
      return html(
        reply,
        200,
        renderCheckoutPage({
          preference,
          merchantName: flow.merchantName(preference.collector_id),
          sandbox: query['sandbox'] === 'true',
          expired: flow.preferences.isExpired(preference),
          payerEmail: defaultPayerEmail(preference),
        }),
      );
    },
  );

  scope.post(
    '/checkout/pay/:id',
    {
      schema: { tags: ['checkout pages'], summary: 'Pay from the checkout page (form post; 303 to the result or back_url)' },
      config: { documented: { params: PreferenceParams, body: CheckoutForm } },
    },
    (request, reply) => {
      const id = (request.params as { id: string }).id;
      const form = CheckoutForm.safeParse(request.body ?? {});
      if (!form.success) return html(reply, 400, renderMessagePage('Payment not sent', 'The form was incomplete: choose an outcome and give a valid e-mail.'));
      if (flow.preferences.store.get(id) === undefined)
        return html(reply, 404, renderMessagePage('Payment link not found', 'This payment link does not exist.'));
      let result;
      try {
        result = flow.pay(id, form.data.status, { payerEmail: form.data.email, sandbox: form.data.sandbox === 'true' });
      } catch (error) {
        if (error instanceof SandboxError && error.code === 'preference_expired')
          return html(reply, 410, renderMessagePage('Payment link expired', error.message));
        throw error;
      }
      // 303 after the post either way, so reloading the next page never pays twice.
      const location = result.autoReturn && result.returnUrl !== null ? result.returnUrl : `/checkout/result/${result.payment.id}`;
      return reply.code(303).header('location', location).send();
    },
  );

  scope.get(
    '/checkout/result/:id',
    { schema: { tags: ['checkout pages'], summary: 'The result page after a checkout payment (HTML)' }, config: { documented: { params: NumericParams } } },
    (request, reply) => {
      const parsed = NumericParams.safeParse(request.params);
      const result = parsed.success ? flow.result(Number(parsed.data.id)) : undefined;
      if (result === undefined) return html(reply, 404, renderMessagePage('Payment not found', 'There is no checkout payment with this id.'));
      return html(
        reply,
        200,
        renderResultPage({ payment: result.payment, merchantName: flow.merchantName(result.preference.collector_id), returnUrl: result.returnUrl }),
      );
    },
  );
}
