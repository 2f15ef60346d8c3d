import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PlatformErrorBody } from '../../shared/platform/errors';
import {
  amountCents,
  CreatePointOrderRequest,
  ORDER_ID_PATTERN,
  OrderSearchQuery,
  OrderSearchResponse,
  PointOrder,
  RefundOrderRequest,
} from '../../shared/platform/orders';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../shared/platform/terminal-actions';
import type { ActionService } from '../actions/service';
import { idempotencyKeyOf } from '../actions/requests';
import { parseRequestShape } from '../actions/validate';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';
import type { NotificationService } from '../notifications/service';
import type { PaymentSide } from '../payment-side';
import { typedJsonSerializer } from '../serialization';
import { idempotencyConflict, requestFingerprint, type StoredResponse } from '../idempotency';
import { registerTerminalSetup } from '../terminals/setup';
import { checkCallersPdvTerminal } from '../terminals/terminal-check';
import type { TerminalFleet } from '../terminals/virtual-terminal';
import { OnlineOrderResponse } from '../online-orders/schemas';
import { createOnlineOrders, isOnlineOrderRequest, onlineOrderCalls, registerOnlineOrderRoutes } from '../online-orders/routes';
import { orderView, OrderService, type OrderChange, type StoredOrder } from './service';

const ORDERS_PATH = '/v1/orders';
const SITE_COUNTRIES: Readonly<Record<string, [currency: string, country: string]>> = {
  MLA: ['ARS', 'ARG'],
  MLB: ['BRL', 'BRA'],
  MLM: ['MXN', 'MEX'],
  MLC: ['CLP', 'CHL'],
};
const IdParams = z.object({ id: z.string() });
/** The Orders API answers point and online orders on the same paths. */
const AnyOrder = z.union([PointOrder, OnlineOrderResponse]);
/** Platform news "Cancel Point orders in at_terminal via API": with this header an at_terminal order may be cancelled (202). */
const ALLOW_CANCELABLE_HEADER = 'x-allow-cancelable-status';
const openApi = (summary: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  tags: ['point orders'],
  summary,
  security: [{ bearer: [] }],
  params: IdParams,
  response: { 200: AnyOrder, 202: PointOrder, 400: PlatformErrorBody, 401: PlatformErrorBody, 404: PlatformErrorBody, 409: PlatformErrorBody },
  ...extra,
});
/** The route schemas document the API in OpenAPI; the handlers parse, so every error carries the platform's code. */
const documentOnly = (): ((data: unknown) => { value: unknown }) => (data) => ({ value: data });

export interface OrdersDependencies {
  actions: ActionService;
  fleet: TerminalFleet;
  /** The card payment of each charge, and its refunds. */
  payments: PaymentSide;
  notifications: NotificationService;
}

/**
 * The Orders API for point orders (docs "Integrate payment processing", Point) with the same auth, idempotency
 * and terminal checks as print actions (spec 4.3–4.5, 7.2–7.4, 8). Check order of create:
 *   401 › 400 empty_required_header › 400 body shape › idempotency (replay, or 409) › 403 terminal owner ›
 *   400 terminal not in PDV › 409 already_queued_order_for_terminal.
 */
export function registerOrders(app: FastifyInstance, context: SandboxContext, dependencies: OrdersDependencies): OrderService {
  const { payments, notifications } = dependencies;
  const service = new OrderService(context.clock, {
    charge: (order, outcome) =>
      payments.terminalPayments.charge({
        userId: order.userId,
        clientId: order.clientId,
        liveMode: order.liveMode,
        amount: order.cents / 100,
        approved: outcome.approved,
        statusDetail: outcome.statusDetail,
        description: order.description ?? null,
        externalReference: order.external_reference,
        installments: order.payment_method?.default_installments ?? 1,
        metadata: { order_id: order.id, terminal_id: order.terminal_id },
      }).payment.id,
    refund: (paymentId, cents) => void payments.refunds.refund(paymentId, cents / 100),
  });
  // Spec 7.2's one waiting order per terminal holds across print actions and payment orders (docs/decisions.md).
  service.addQueueGuard((terminalId) => dependencies.actions.waitingFor(terminalId)?.id);
  dependencies.actions.addQueueGuard((terminalId) => service.waitingFor(terminalId)?.id);
  dependencies.fleet.attachOrders(service);
  service.subscribe((change) => notifyChange(change));
  context.registerSlice(
    'orders',
    service.slice(() => dependencies.fleet.resync()),
  );
  app.addHook('onClose', async () => service.stop());
  registerTerminalSetup(app, context);

  /** Orders API webhooks (topic `order`): one per status change, with the status in the action. */
  function notifyChange(change: OrderChange): void {
    if (change.event === 'create') return;
    const { order } = change;
    notifications.notify({
      topic: 'order',
      resourceId: order.id,
      action: change.event === 'refund_partial' ? 'order.partially_refunded' : `order.${order.status}`,
      userId: order.userId,
      clientId: order.clientId,
      liveMode: order.liveMode,
      notificationUrl: null,
    });
  }
  const helpers = requestHelpers(context, service);
  // Online orders share the Orders API's paths and its idempotency keys; their own area owns them.
  const onlineService = createOnlineOrders(context, payments, notifications);
  app.addHook('onClose', async () => onlineService.stop());
  const online = onlineOrderCalls(context, onlineService);
  registerCreateReadSearch(app, context, service, helpers, online);
  registerCancelRefund(app, service, helpers, online);
  registerOnlineOrderRoutes(app, context, onlineService, helpers);
  return service;
}

type RequestHelpers = ReturnType<typeof requestHelpers>;
type OnlineCalls = ReturnType<typeof onlineOrderCalls>;

/** Per-request caller and key (set in onRequest, so a bad token or key is reported before the body is read), lookups and idempotency. */
function requestHelpers(context: SandboxContext, service: OrderService) {
  const principals = new WeakMap<FastifyRequest, { principal: Principal; key: string | undefined }>();
  const authenticate = (withKey: boolean) => async (request: FastifyRequest) => {
    const principal = context.authenticate(request);
    principals.set(request, { principal, key: withKey ? idempotencyKeyOf(request) : undefined });
  };
  const callerOf = (request: FastifyRequest): { principal: Principal; key: string | undefined } => {
    const caller = principals.get(request);
    if (caller === undefined) throw new Error('route ran without its authentication hook');
    return caller;
  };
  const ownOrder = (request: FastifyRequest, rawId: string): StoredOrder => {
    const order = ORDER_ID_PATTERN.test(rawId) ? service.findForUser(callerOf(request).principal.userId, rawId) : undefined;
    if (order === undefined)
      throw new SandboxError(404, 'order_not_found', `Order ${rawId} not found.`, [
        { code: 'order_not_found', description: 'no order with this id for this user' },
      ]);
    return order;
  };

  /** Runs `work` under the request's key with the print actions' rules and store class (24 h, replay header, 409). */
  const idempotent = (request: FastifyRequest, reply: FastifyReply, path: string, body: unknown, work: () => StoredResponse): FastifyReply => {
    const { principal, key } = callerOf(request);
    if (key === undefined) throw new Error('idempotent route without its key');
    const decision = service.idempotency.begin(principal.userId, key, requestFingerprint(request.method, path, body));
    if (decision.kind === 'replay') return reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').code(decision.response.status).send(decision.response.body);
    if (decision.kind === 'conflict') throw idempotencyConflict(decision.reason);
    let response: StoredResponse | undefined;
    try {
      response = work();
    } finally {
      decision.finish(response);
    }
    return reply.code(response.status).send(response.body);
  };

  const ownerFor = (principal: Principal) => {
    const site = context.seed.users.find((user) => user.user_id === principal.userId)?.site_id ?? 'MLA';
    const [currency, countryCode] = SITE_COUNTRIES[site] ?? ['ARS', 'ARG'];
    return { userId: principal.userId, clientId: principal.clientId, liveMode: principal.liveMode, currency, countryCode };
  };
  return { authenticate, callerOf, ownOrder, idempotent, ownerFor };
}

function registerCreateReadSearch(app: FastifyInstance, context: SandboxContext, service: OrderService, helpers: RequestHelpers, online: OnlineCalls): void {
  const { authenticate, callerOf, ownOrder, idempotent, ownerFor } = helpers;
  void app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.post(
      ORDERS_PATH,
      {
        onRequest: authenticate(true),
        config: { malformedBodyCode: 'json_syntax_error', unsupportedMediaTypeCode: 'json_syntax_error' },
        validatorCompiler: documentOnly,
        schema: {
          tags: ['point orders'],
          summary: 'Create a point order: charge on a terminal',
          security: [{ bearer: [] }],
          body: CreatePointOrderRequest,
          response: { 201: AnyOrder, 400: PlatformErrorBody, 401: PlatformErrorBody, 403: PlatformErrorBody, 409: PlatformErrorBody },
        },
      },
      (request, reply) => {
        const { principal } = callerOf(request);
        if (isOnlineOrderRequest(request.body)) {
          const call = online.create(request, ownerFor(principal), request.body);
          return idempotent(request, reply, ORDERS_PATH, call.body, call.work);
        }
        const body = parseRequestShape(CreatePointOrderRequest, request.body);
        return idempotent(request, reply, ORDERS_PATH, body, () => {
          checkCallersPdvTerminal(context, principal, body.config.point.terminal_id, 'point orders');
          return { status: 201, body: orderView(service.create(ownerFor(principal), body)) };
        });
      },
    );
  });

  app.get<{ Querystring: OrderSearchQuery }>(
    ORDERS_PATH,
    {
      config: { validationErrorCode: 'invalid_query_param' },
      serializerCompiler: typedJsonSerializer,
      // Authentication before the query checks, as for the terminals list: a caller without a token learns nothing.
      preValidation: authenticate(false),
      schema: {
        tags: ['point orders'],
        summary: "Search the caller's orders by creation date and filters",
        security: [{ bearer: [] }],
        querystring: OrderSearchQuery,
        response: { 200: OrderSearchResponse, 400: PlatformErrorBody, 401: PlatformErrorBody },
      },
    },
    (request) => searchOrders(service.list(), callerOf(request).principal.userId, request.query),
  );

  app.get<{ Params: { id: string } }>(
    ORDERS_PATH + '/:id',
    { onRequest: authenticate(false), validatorCompiler: documentOnly, schema: openApi('Get a point order') },
    (request) => {
      const onlineOrder = online.find(callerOf(request).principal, request.params.id);
      return onlineOrder === undefined ? orderView(ownOrder(request, request.params.id)) : online.view(onlineOrder);
    },
  );
}

function registerCancelRefund(app: FastifyInstance, service: OrderService, helpers: RequestHelpers, online: OnlineCalls): void {
  const { authenticate, callerOf, ownOrder, idempotent } = helpers;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    scope.post<{ Params: { id: string } }>(
      ORDERS_PATH + '/:id/cancel',
      { onRequest: authenticate(true), validatorCompiler: documentOnly, schema: openApi('Cancel a point order still in status created') },
      (request, reply) => {
        const onlineOrder = online.find(callerOf(request).principal, request.params.id);
        if (onlineOrder !== undefined) return idempotent(request, reply, `${ORDERS_PATH}/${onlineOrder.id}/cancel`, null, () => online.cancel(onlineOrder));
        const order = ownOrder(request, request.params.id);
        const header = request.headers[ALLOW_CANCELABLE_HEADER];
        const allowAtTerminal = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() === 'at_terminal';
        return idempotent(request, reply, `${ORDERS_PATH}/${order.id}/cancel`, { allow_cancelable_status: allowAtTerminal ? 'at_terminal' : null }, () => {
          if (allowAtTerminal && order.status === 'at_terminal') {
            // Accepted, not done: the terminal cancels shortly and the webhook says so (docs/decisions.md "Point orders").
            service.requestTerminalCancel(order.id);
            return { status: 202, body: orderView(order) };
          }
          const result = service.apply(order.id, 'cancel_api');
          if (!result.ok) {
            throw new SandboxError(409, 'cannot_cancel_order', result.reason, [
              { code: 'cannot_cancel_order', description: `order status is ${order.status}`, data: { status: order.status } },
            ]);
          }
          return { status: 200, body: orderView(order) };
        });
      },
    );
  });

  // Refund: no body (the SDK sends `Content-Type: application/json` and nothing) refunds everything.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      json(request, text, done);
    });
    scope.post<{ Params: { id: string } }>(
      ORDERS_PATH + '/:id/refund',
      {
        onRequest: authenticate(true),
        config: { malformedBodyCode: 'json_syntax_error', unsupportedMediaTypeCode: 'json_syntax_error' },
        validatorCompiler: documentOnly,
        schema: openApi('Refund a processed point order, in full or in part', { body: RefundOrderRequest }),
      },
      (request, reply) => {
        const body = parseRequestShape(RefundOrderRequest, request.body ?? {});
        const onlineOrder = online.find(callerOf(request).principal, request.params.id);
        if (onlineOrder !== undefined)
          return idempotent(request, reply, `${ORDERS_PATH}/${onlineOrder.id}/refund`, body, () => online.refund(onlineOrder, body));
        const order = ownOrder(request, request.params.id);
        return idempotent(request, reply, `${ORDERS_PATH}/${order.id}/refund`, body, () => {
          const part = body.transactions?.[0];
          if (part !== undefined && part.id !== order.transactionId) {
            throw new SandboxError(404, 'transaction_not_found', `Transaction ${part.id} is not a payment of order ${order.id}.`, [
              {
                code: 'transaction_not_found',
                description: 'transactions[0].id must be the id of the order’s payment',
                data: { property: 'transactions[0].id' },
              },
            ]);
          }
          const result = service.refund(order, part === undefined ? undefined : amountCents(part.amount));
          if (!result.ok) {
            throw new SandboxError(409, 'cannot_refund_order', result.reason, [
              { code: 'cannot_refund_order', description: `order status is ${order.status}`, data: { status: order.status } },
            ]);
          }
          return { status: 200, body: orderView(order) };
        });
      },
    );
  });
}

function searchOrders(orders: readonly StoredOrder[], userId: number, query: OrderSearchQuery): OrderSearchResponse {
  const from = Date.parse(query.begin_date);
  const to = Date.parse(query.end_date);
  if (from > to) {
    throw new SandboxError(400, 'invalid_query_param', 'begin_date must not be after end_date.', [
      { code: 'invalid_query_param', description: 'begin_date is after end_date', data: { param: 'begin_date' } },
    ]);
  }
  const matching = orders
    .filter(
      (order) =>
        order.userId === userId &&
        order.createdAt >= from &&
        order.createdAt <= to &&
        (query.external_reference === undefined || order.external_reference === query.external_reference) &&
        (query.status === undefined || order.status === query.status) &&
        (query.status_detail === undefined || order.status_detail === query.status_detail),
    )
    .sort((left, right) => (query.sort_order === 'asc' ? left.createdAt - right.createdAt : right.createdAt - left.createdAt));
  const offset = (query.page - 1) * query.page_size;
  return {
    data: matching.slice(offset, offset + query.page_size).map(orderView),
    paging: {
      total: String(matching.length),
      total_pages: String(Math.ceil(matching.length / query.page_size)),
      offset: String(offset),
      limit: String(query.page_size),
    },
  };
}
