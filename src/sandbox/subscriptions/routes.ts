import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { escapeHtml, htmlDocument } from '../html-page';
import { notFound, parseInput } from '../input';
import { PlanRequest, PlanUpdateRequest, PreapprovalRequest, PreapprovalUpdateRequest, SubscriptionSearchQuery } from './schemas';
import { SubscriptionService } from './service';

const IdParams = z.object({ id: z.string().min(1) });

/** Subscriptions (`/preapproval`) and plans (`/preapproval_plan`): create, get, search, update. Owner only; others' are 404. */
export function registerSubscriptions(app: FastifyInstance, context: SandboxContext): void {
  const service = new SubscriptionService(context);
  const tags = ['subscriptions'];
  const id = (params: unknown): string => parseInput(IdParams, params, 'invalid path', 'path').id;

  app.post('/preapproval', { schema: { tags, summary: 'Create a subscription' } }, (request, reply) => {
    const principal = context.authenticate(request);
    const input = parseInput(PreapprovalRequest, request.body, 'invalid subscription');
    return reply.code(201).send(service.createPreapproval(principal, input, context.baseUrlFor(request)));
  });
  app.get(
    '/preapproval/search',
    {
      schema: { tags, summary: 'Search subscriptions (payer_id, payer_email, status, external_reference, preapproval_plan_id)' },
      config: { documented: { querystring: SubscriptionSearchQuery } },
    },
    (request) => service.searchPreapprovals(context.authenticate(request), parseInput(SubscriptionSearchQuery, request.query, 'invalid search', 'query')),
  );
  app.get('/preapproval/:id', { schema: { tags, summary: 'Get a subscription' } }, (request) =>
    service.preapproval(context.authenticate(request), id(request.params)),
  );
  app.put('/preapproval/:id', { schema: { tags, summary: 'Update a subscription (its status along the lifecycle table)' } }, (request) => {
    const principal = context.authenticate(request);
    return service.updatePreapproval(principal, id(request.params), parseInput(PreapprovalUpdateRequest, request.body ?? {}, 'invalid subscription'));
  });

  app.post('/preapproval_plan', { schema: { tags, summary: 'Create a subscription plan' } }, (request, reply) => {
    const principal = context.authenticate(request);
    return reply.code(201).send(service.createPlan(principal, parseInput(PlanRequest, request.body, 'invalid plan'), context.baseUrlFor(request)));
  });
  app.get(
    '/preapproval_plan/search',
    { schema: { tags, summary: 'Search subscription plans (status, q)' }, config: { documented: { querystring: SubscriptionSearchQuery } } },
    (request) => service.searchPlans(context.authenticate(request), parseInput(SubscriptionSearchQuery, request.query, 'invalid search', 'query')),
  );
  app.get('/preapproval_plan/:id', { schema: { tags, summary: 'Get a subscription plan' } }, (request) =>
    service.plan(context.authenticate(request), id(request.params)),
  );
  app.put('/preapproval_plan/:id', { schema: { tags, summary: 'Update a subscription plan' } }, (request) => {
    const principal = context.authenticate(request);
    return service.updatePlan(principal, id(request.params), parseInput(PlanUpdateRequest, request.body ?? {}, 'invalid plan'));
  });

  // The init_point a buyer opens (no token): what the subscription or plan charges, and how often.
  app.get('/subscriptions/checkout', { schema: { tags, summary: 'The page a subscription or plan init_point opens' } }, (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const item = service.forPage(String(query['preapproval_id'] ?? ''), String(query['preapproval_plan_id'] ?? ''));
    if (item === undefined) throw notFound('subscription');
    const { auto_recurring: recurring } = item;
    const body = `<h1>${escapeHtml(item.reason)}</h1><p>${escapeHtml(recurring.currency_id)} ${recurring.transaction_amount.toFixed(2)} every ${recurring.frequency} ${escapeHtml(recurring.frequency_type)}</p>`;
    return reply.type('text/html; charset=utf-8').send(htmlDocument(item.reason, 'body{font-family:sans-serif;margin:2rem}', body));
  });

  context.registerSlice('subscriptions', { save: () => service.save(), load: (data) => service.load(data), reset: () => service.reset() });
}
