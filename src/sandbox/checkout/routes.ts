import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findIndustry, INDUSTRIES, type Industry } from '../../shared/platform/industries';
import { CheckoutOutcome, PaymentIntentControlRequest } from '../../shared/platform/payments';
import { FloatField, industryReport, PreferenceRequest, StringField, type Preference } from '../../shared/platform/preferences';
import type { SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { addFormBodyParser } from '../form-body';
import { registerNotificationRoutes } from '../notifications/routes';
import { createNotificationService, type NotificationService } from '../notifications/service';
import { registerPaymentRoutes } from '../payments/routes';
import { PreferenceSearchQuery } from '../../shared/platform/search';
import { createCheckoutOperations, type CheckoutOperations } from './operations';
import { searchPreferences, updatePreference } from './preference-changes';
import { PAGE_SECURITY_POLICY, renderCheckoutPage, renderMessagePage, renderResultPage } from './page';
import { notFound, parseInput } from './validation';

/** The checkout module's live objects, for in-process tests and benchmarks (the HTTP API is the public face). */
export interface CheckoutServices {
  readonly operations: CheckoutOperations;
  readonly notifications: NotificationService;
}

const servicesByApp = new WeakMap<object, CheckoutServices>();

export function checkoutServices(app: FastifyInstance): CheckoutServices {
  const services = servicesByApp.get(app);
  if (services === undefined) throw new Error('registerCheckout was not called on this app');
  return services;
}

const PreferenceParams = z.object({ id: z.string().min(1) });
const NumericParams = z.object({ id: z.string().regex(/^\d{1,15}$/, { message: 'must be a numeric id' }) });

const PayControlBody = z.strictObject({
  status: CheckoutOutcome,
  payer_email: StringField.optional(),
  /** As if paid through sandbox_init_point: the payment is not live_mode. */
  sandbox: z.boolean().optional(),
});

const ChargebackControlBody = z.strictObject({
  amount: FloatField.optional(),
  reason: StringField.optional(),
});

const CheckoutForm = z.object({
  status: CheckoutOutcome,
  email: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)
    .optional(),
  sandbox: z.enum(['true', 'false']).optional(),
});

const industryNames = INDUSTRIES.map((industry) => industry.id).join(', ');

/** `X-Sandbox-Industry` or `?industry=`: ask for an industry_report with the answer. */
function requestedIndustry(request: FastifyRequest): Industry | undefined {
  const header = request.headers['x-sandbox-industry'];
  const query = (request.query as Record<string, unknown> | undefined)?.['industry'];
  const text = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
  if (text === undefined || text.trim() === '') return undefined;
  const industry = findIndustry(text);
  if (industry === undefined) {
    throw new SandboxError(400, 'bad_request', 'unknown industry', [
      { code: 'property_value', description: `X-Sandbox-Industry must be one of: ${industryNames} (or their names, e.g. "Home & deco")` },
    ]);
  }
  return industry;
}

function withReport(preference: Preference, industry: Industry | undefined): Preference {
  if (industry === undefined) return preference;
  return { ...preference, industry_report: industryReport(industry, preference) };
}

/** Spec 4.2, 4.6, 6: preferences with industry data, the hosted checkout page, payments and notifications. */
export function registerCheckout(app: FastifyInstance, context: SandboxContext): void {
  const notifications = createNotificationService({ clock: context.clock, seed: () => context.seed, allowRemoteTargets: context.allowRemoteNotifications });
  const operations = createCheckoutOperations(context, notifications);
  servicesByApp.set(app, { operations, notifications });

  context.registerSlice('checkout', { save: () => operations.save(), load: (data) => operations.load(data), reset: () => operations.reset() });
  context.registerSlice('notifications', { save: () => notifications.save(), load: (data) => notifications.load(data), reset: () => notifications.reset() });
  app.addHook('onClose', async () => {
    operations.stop();
    notifications.stop();
  });

  app.post('/checkout/preferences', { schema: { tags: ['checkout'], summary: 'Create a checkout preference (spec 2.4, 2.5, 4.2)' } }, (request, reply) => {
    const principal = context.authenticate(request);
    const industry = requestedIndustry(request);
    const body = parseInput(PreferenceRequest, request.body, 'invalid preference');
    const preference = operations.createPreference(principal, body, context.baseUrlFor(request));
    return reply.code(201).send(withReport(preference, industry));
  });

  app.get(
    '/checkout/preferences/search',
    {
      schema: { tags: ['checkout'], summary: "Search the caller's preferences (external_reference, site_id, offset, limit)" },
      config: { documented: { querystring: PreferenceSearchQuery } },
    },
    (request) => {
      const principal = context.authenticate(request);
      const query = parseInput(PreferenceSearchQuery, request.query, 'invalid search', 'query');
      return searchPreferences(operations.state, principal, query);
    },
  );

  app.put(
    '/checkout/preferences/:id',
    {
      schema: { tags: ['checkout'], summary: 'Update a checkout preference: the members sent replace the stored ones' },
      config: { documented: { params: PreferenceParams } },
    },
    (request) => {
      const principal = context.authenticate(request);
      const industry = requestedIndustry(request);
      const { id } = parseInput(PreferenceParams, request.params, 'invalid path', 'path');
      return withReport(updatePreference(operations.state, principal, id, request.body, new Date(context.clock.now()).toISOString()), industry);
    },
  );

  app.get('/checkout/preferences/:id', { schema: { tags: ['checkout'], summary: 'Get a checkout preference' } }, (request) => {
    const principal = context.authenticate(request);
    const industry = requestedIndustry(request);
    const { id } = parseInput(PreferenceParams, request.params, 'invalid path', 'path');
    return withReport(operations.preferenceFor(principal, id), industry);
  });

  // Encapsulated: the form parser applies to the checkout page only, not to the API routes of other modules.
  void app.register(async (scope) => {
    addFormBodyParser(scope, 64 * 1024);

    const html = (reply: FastifyReply, status: number, page: string): FastifyReply =>
      reply
        .code(status)
        .header('content-security-policy', PAGE_SECURITY_POLICY)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page);

    scope.get(
      '/checkout/pay/:id',
      {
        schema: { tags: ['checkout pages'], summary: 'The hosted checkout page of a preference (init_point, HTML)' },
        config: { documented: { params: PreferenceParams } },
      },
      (request, reply) => {
        const record = operations.state.preferences.get((request.params as { id: string }).id);
        if (record === undefined)
          return html(reply, 404, renderMessagePage('Payment link not found', 'This payment link does not exist. Ask the store for a new one.'));
        const { preference } = record;
        const query = request.query as Record<string, unknown>;
        const payerEmail = typeof preference.payer?.['email'] === 'string' ? preference.payer['email'] : `test_user_${preference.collector_id}@testuser.com`;
        return html(
          reply,
          200,
          renderCheckoutPage({
            preference,
            merchantName: operations.merchantName(preference.collector_id),
            sandbox: query['sandbox'] === 'true',
            expired: operations.isExpired(preference),
            payerEmail,
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
        if (!form.success)
          return html(reply, 400, renderMessagePage('Payment not sent', 'The form was incomplete: choose an outcome and give a valid e-mail.'));
        if (!operations.state.preferences.has(id)) return html(reply, 404, renderMessagePage('Payment link not found', 'This payment link does not exist.'));
        let result;
        try {
          result = operations.payPreference(id, form.data.status, { payerEmail: form.data.email, sandbox: form.data.sandbox === 'true' });
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
        const result = parsed.success ? operations.checkoutResult(Number(parsed.data.id)) : undefined;
        if (result === undefined) return html(reply, 404, renderMessagePage('Payment not found', 'There is no checkout payment with this id.'));
        return html(
          reply,
          200,
          renderResultPage({ payment: result.payment, merchantName: operations.merchantName(result.preference.collector_id), returnUrl: result.returnUrl }),
        );
      },
    );
  });

  const tags = ['sandbox checkout'];

  app.post(
    '/__sandbox/preferences/:id/pay',
    {
      schema: { tags, summary: 'Pay a preference as a buyer would, with the chosen outcome' },
      config: { documented: { params: PreferenceParams, body: PayControlBody } },
    },
    (request, reply) => {
      const { id } = parseInput(PreferenceParams, request.params, 'invalid path', 'path');
      const body = parseInput(PayControlBody, request.body, 'invalid payment outcome');
      const result = operations.payPreference(id, body.status, { payerEmail: body.payer_email, sandbox: body.sandbox === true });
      return reply
        .code(201)
        .send({ payment: result.payment, merchant_order: result.merchantOrder, return_url: result.returnUrl, auto_return: result.autoReturn });
    },
  );

  app.post(
    '/__sandbox/payments/:id/chargeback',
    { schema: { tags, summary: 'Open a chargeback on an approved payment' }, config: { documented: { params: NumericParams, body: ChargebackControlBody } } },
    (request, reply) => {
      const parsed = NumericParams.safeParse(request.params);
      if (!parsed.success) throw notFound('payment');
      const body = parseInput(ChargebackControlBody, request.body ?? {}, 'invalid chargeback');
      return reply.code(201).send(operations.chargeback(Number(parsed.data.id), body));
    },
  );

  app.post(
    '/__sandbox/payment-intents',
    {
      schema: { tags, summary: 'Start a terminal payment intent that walks its states on the clock' },
      config: { documented: { body: PaymentIntentControlRequest } },
    },
    (request, reply) => {
      const body = parseInput(PaymentIntentControlRequest, request.body, 'invalid payment intent');
      return reply.code(201).send(operations.createPaymentIntent(body));
    },
  );

  registerPaymentRoutes(app, context, operations);
  registerNotificationRoutes(app, context, notifications);
}
