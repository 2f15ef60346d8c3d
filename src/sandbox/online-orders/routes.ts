import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { amountCents, type RefundOrderRequest } from '../../shared/platform/orders';
import { parseRequestShape } from '../actions/validate';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { escapeHtml, htmlDocument } from '../html-page';
import type { StoredResponse } from '../idempotency';
import type { NotificationService } from '../notifications/service';
import type { PaymentSide } from '../payment-side';
import { paymentsLedger } from './ledger';
import { AddTransactionsRequest, CreateOnlineOrderRequest, UpdateTransactionRequest, type StoredOnlineOrder } from './schemas';
import { OnlineOrderService, type OnlineOwner } from './service';
import { onlineOrderView, transactionView } from './view';

const ORDERS_PATH = '/v1/orders';

/** What the Orders API routes share with online orders: the caller, its key, and the API's one idempotency store. */
export interface OnlineRouteHelpers {
  authenticate(withKey: boolean): (request: FastifyRequest) => Promise<void>;
  callerOf(request: FastifyRequest): { principal: Principal; key: string | undefined };
  idempotent(request: FastifyRequest, reply: FastifyReply, path: string, body: unknown, work: () => StoredResponse): FastifyReply;
  ownerFor(principal: Principal): OnlineOwner;
}

/** `POST /v1/orders` serves both types: a body with `type: "online"` is an online order. */
export function isOnlineOrderRequest(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { type?: unknown }).type === 'online';
}

/** The online orders area: its service on the `/v1/payments` ledger, its webhooks (topic `order`) and its saved state. */
export function createOnlineOrders(context: SandboxContext, payments: PaymentSide, notifications: NotificationService): OnlineOrderService {
  const service = new OnlineOrderService(context.clock, paymentsLedger(payments.payments, payments.changes, payments.wallet));
  service.subscribe(({ order, event }) =>
    notifications.notify({
      topic: 'order',
      resourceId: order.id,
      action: event === 'refund_partial' ? 'order.partially_refunded' : `order.${order.status}`,
      userId: order.userId,
      clientId: order.clientId,
      liveMode: order.liveMode,
      notificationUrl: null,
    }),
  );
  context.registerSlice('online_orders', service.slice());
  return service;
}

/** The create, read, cancel and refund of an online order, called by the Orders API routes the two types share. */
export function onlineOrderCalls(context: SandboxContext, service: OnlineOrderService) {
  return {
    find: (principal: Principal, id: string): StoredOnlineOrder | undefined => service.findForUser(principal.userId, id),
    view: onlineOrderView,
    list: (userId: number): StoredOnlineOrder[] => service.list().filter((order) => order.userId === userId),
    create: (request: FastifyRequest, owner: OnlineOwner, body: unknown): { body: CreateOnlineOrderRequest; work: () => StoredResponse } => {
      const parsed = parseRequestShape(CreateOnlineOrderRequest, body);
      return { body: parsed, work: () => ({ status: 201, body: onlineOrderView(service.create(owner, parsed, context.baseUrlFor(request))) }) };
    },
    cancel: (order: StoredOnlineOrder): StoredResponse => ({ status: 200, body: onlineOrderView(service.cancel(order)) }),
    refund: (order: StoredOnlineOrder, body: RefundOrderRequest): StoredResponse => {
      const part = body.transactions?.[0];
      return {
        status: 200,
        body: onlineOrderView(service.refund(order, part === undefined ? undefined : { transactionId: part.id, cents: amountCents(part.amount) })),
      };
    },
  };
}

const TransactionParams = z.object({ id: z.string(), transactionId: z.string() });
const documentOnly = (): ((data: unknown) => { value: unknown }) => (data) => ({ value: data });
const describe = (summary: string): Record<string, unknown> => ({ tags: ['online orders'], summary, security: [{ bearer: [] }] });

/** The calls only online orders have: process, capture, and the transactions of a manual order. */
export function registerOnlineOrderRoutes(app: FastifyInstance, context: SandboxContext, service: OnlineOrderService, helpers: OnlineRouteHelpers): void {
  const { authenticate, callerOf, idempotent } = helpers;
  const own = (request: FastifyRequest, id: string): StoredOnlineOrder => {
    const order = service.findForUser(callerOf(request).principal.userId, id);
    if (order === undefined)
      throw new SandboxError(404, 'order_not_found', `Order ${id} not found.`, [
        { code: 'order_not_found', description: 'no online order with this id for this user' },
      ]);
    return order;
  };

  registerChallenge(app, context, service);
  // No body: the SDK sends `Content-Type: application/json` and nothing, which these calls ignore.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    scope.post<{ Params: { id: string } }>(
      `${ORDERS_PATH}/:id/process`,
      { onRequest: authenticate(true), schema: describe('Process an online order created in processing_mode manual') },
      (request, reply) => {
        const order = own(request, request.params.id);
        return idempotent(request, reply, `${ORDERS_PATH}/${order.id}/process`, null, () => ({
          status: 200,
          body: onlineOrderView(service.process(order, context.baseUrlFor(request))),
        }));
      },
    );
    scope.post<{ Params: { id: string } }>(
      `${ORDERS_PATH}/:id/capture`,
      { onRequest: authenticate(true), schema: describe('Capture an authorized online order (action_required, waiting_capture)') },
      (request, reply) => {
        const order = own(request, request.params.id);
        return idempotent(request, reply, `${ORDERS_PATH}/${order.id}/capture`, null, () => ({ status: 200, body: onlineOrderView(service.capture(order)) }));
      },
    );
    scope.delete<{ Params: z.infer<typeof TransactionParams> }>(
      `${ORDERS_PATH}/:id/transactions/:transactionId`,
      { onRequest: authenticate(false), schema: { ...describe('Remove the payment of an online order still in status created'), params: TransactionParams } },
      (request, reply) => {
        service.deleteTransaction(own(request, request.params.id), request.params.transactionId);
        return reply.code(204).send();
      },
    );
  });

  app.post<{ Params: { id: string } }>(
    `${ORDERS_PATH}/:id/transactions`,
    {
      onRequest: authenticate(true),
      validatorCompiler: documentOnly,
      schema: { ...describe('Add the payment of a manual online order'), body: AddTransactionsRequest },
    },
    (request, reply) => {
      const body = parseRequestShape(AddTransactionsRequest, request.body);
      const order = own(request, request.params.id);
      return idempotent(request, reply, `${ORDERS_PATH}/${order.id}/transactions`, body, () => ({
        status: 201,
        body: { payments: service.addTransactions(order, body).map((transaction) => transactionView(order, transaction)) },
      }));
    },
  );

  app.put<{ Params: z.infer<typeof TransactionParams> }>(
    `${ORDERS_PATH}/:id/transactions/:transactionId`,
    {
      onRequest: authenticate(true),
      validatorCompiler: documentOnly,
      schema: { ...describe('Change the installments of a payment of an online order still in status created'), body: UpdateTransactionRequest },
    },
    (request, reply) => {
      const body = parseRequestShape(UpdateTransactionRequest, request.body);
      const order = own(request, request.params.id);
      const { transactionId } = request.params;
      return idempotent(request, reply, `${ORDERS_PATH}/${order.id}/transactions/${transactionId}`, body, () => ({
        status: 200,
        body: transactionView(order, service.updateTransaction(order, transactionId, body)),
      }));
    },
  );
}

const ChallengeQuery = z.object({ result: z.enum(['approved', 'rejected']) });

/**
 * The issuer's 3-D Secure page a challenged transaction's `transaction_security.url` opens: public, as the
 * buyer's bank page is (the buyer has no token). Its buttons, or `POST …?result=approved|rejected`, answer it.
 */
function registerChallenge(app: FastifyInstance, context: SandboxContext, service: OnlineOrderService): void {
  const pending = (id: string): StoredOnlineOrder => {
    const order = service.list().find((candidate) => candidate.id === id);
    if (order === undefined)
      throw new SandboxError(404, 'order_not_found', `Order ${id} not found.`, [{ code: 'order_not_found', description: 'no online order with this id' }]);
    return order;
  };
  app.get<{ Params: { id: string } }>(
    '/__sandbox/orders/:id/challenge',
    { schema: { tags: ['online orders'], summary: "The issuer's 3-D Secure challenge page of an online order's card payment" } },
    (request, reply) => {
      const order = pending(request.params.id);
      const path = `/__sandbox/orders/${encodeURIComponent(order.id)}/challenge`;
      const buttons =
        order.status_detail === 'pending_challenge'
          ? `<form method="post" action="${path}?result=approved"><button>Authenticate</button></form><form method="post" action="${path}?result=rejected"><button>Fail</button></form>`
          : `<p>${escapeHtml(order.status)} · ${escapeHtml(order.status_detail)}</p>`;
      const body = `<h1>3-D Secure</h1><p>${escapeHtml(order.currency)} ${escapeHtml(onlineOrderView(order).total_amount)}</p>${buttons}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(htmlDocument(`3-D Secure ${order.id}`, 'body{font-family:sans-serif;margin:2rem}form{display:inline}', body));
    },
  );
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    scope.post<{ Params: { id: string } }>(
      '/__sandbox/orders/:id/challenge',
      { schema: { tags: ['online orders'], summary: 'Answer the 3-D Secure challenge: ?result=approved (the card is charged) or rejected (the order fails)' } },
      (request) => {
        const query = parseRequestShape(ChallengeQuery, request.query);
        return onlineOrderView(service.resolveChallenge(pending(request.params.id), query.result === 'approved', context.baseUrlFor(request)));
      },
    );
  });
}
