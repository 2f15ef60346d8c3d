import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { amountCents, type RefundOrderRequest } from '../../shared/platform/orders';
import { parseRequestShape } from '../actions/validate';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';
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
