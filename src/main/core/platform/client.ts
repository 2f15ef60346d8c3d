import type { z } from 'zod';
import { TokenRequest, TokenResponse } from '../../../shared/platform/oauth';
import { Chargeback, MerchantOrder, Payment, PaymentCreateRequest, PaymentIntent } from '../../../shared/platform/payments';
import { Preference, PreferenceRequest, type PreferenceRequestInput } from '../../../shared/platform/preferences';
import { CreateActionRequest, CreatedTerminalAction, TerminalAction } from '../../../shared/platform/terminal-actions';
import { TerminalsListResponse, type TerminalSummary } from '../../../shared/platform/terminals';
import { NO_HTTP_STATUS, PlatformError } from './errors';
import { createOrdersClient, type OrdersClient } from './orders-client';
import { SandboxAccounts, TERMINALS_PAGE_LIMIT } from './schemas';
import type { CallOptions, PlatformTransport } from './transport';

/** Whether anything answered the probe; `detail` says why not, for the connection indicator. */
export type ProbeResult = { reachable: true } | { reachable: false; code: string; detail: string };

/** The connection indicator's question is quick: one attempt, answered within seconds or not at all. */
const PROBE_OPTIONS: Readonly<CallOptions> = { maxAttempts: 1, timeoutMs: 5_000 };

/** Create and cancel must carry the caller's own key: the print queue journals it before the first request. */
export type IdempotentCallOptions = CallOptions & { idempotencyKey: string };

/**
 * Typed functions for every endpoint the app uses (spec 4.1–4.6 plus the terminals list of
 * docs/decisions.md). Requests are checked with the shared schemas before they leave, answers parsed on
 * the way in.
 */
export interface PlatformClient {
  oauth: {
    token(request: TokenRequest, options?: CallOptions): Promise<TokenResponse>;
  };
  actions: {
    create(request: CreateActionRequest, options: IdempotentCallOptions): Promise<CreatedTerminalAction>;
    get(actionId: string, options?: CallOptions): Promise<TerminalAction>;
    cancel(actionId: string, options: IdempotentCallOptions): Promise<void>;
  };
  /** Point orders: a charge on a payment terminal. */
  orders: OrdersClient;
  terminals: {
    list(page: { limit?: number; offset?: number }, options?: CallOptions): Promise<TerminalsListResponse>;
    /** Every page, in order. */
    listAll(options?: CallOptions): Promise<TerminalSummary[]>;
  };
  checkout: {
    /** Spec 4.2 with the industry data of 2.5, checked with the shared schema before it leaves. */
    createPreference(preference: PreferenceRequestInput, options?: CallOptions): Promise<Preference>;
  };
  payments: {
    create(payment: z.input<typeof PaymentCreateRequest>, options?: CallOptions): Promise<Payment>;
    get(id: string, options?: CallOptions): Promise<Payment>;
  };
  /** The read endpoints of spec 4.6, which an IPN receiver calls back. */
  merchantOrders: { get(id: string, options?: CallOptions): Promise<MerchantOrder> };
  chargebacks: { get(id: string, options?: CallOptions): Promise<Chargeback> };
  paymentIntents: { get(id: string, options?: CallOptions): Promise<PaymentIntent> };
  sandbox: {
    /** The embedded sandbox's seeded accounts; not a platform endpoint, so only ever used against the sandbox. */
    accounts(options?: CallOptions): Promise<SandboxAccounts>;
  };
  /**
   * Whether the platform answers at all, without a token. The spec names no health endpoint, so the
   * platform's root is asked, and the embedded sandbox's own health route (docs/decisions.md, App).
   */
  probe(target: 'platform' | 'sandbox', options?: CallOptions): Promise<ProbeResult>;
}

const segment = (value: string): string => encodeURIComponent(value);
const json = <T>(schema: z.ZodType<T>) => ({ kind: 'json' as const, schema });

export function createPlatformClient(transport: PlatformTransport): PlatformClient {
  const read = <T>(path: string, schema: z.ZodType<T>, options?: CallOptions) =>
    transport.request({ method: 'GET', path, authenticated: true, idempotent: false, response: json(schema), options });

  const terminals: PlatformClient['terminals'] = {
    list: (page, options) =>
      transport.request({
        method: 'GET',
        path: '/terminals/v1/list',
        query: { limit: page.limit ?? TERMINALS_PAGE_LIMIT, offset: page.offset ?? 0 },
        authenticated: true,
        idempotent: false,
        response: json(TerminalsListResponse),
        options,
      }),
    async listAll(options) {
      const all: TerminalSummary[] = [];
      for (;;) {
        const page = await terminals.list({ limit: TERMINALS_PAGE_LIMIT, offset: all.length }, options);
        all.push(...page.data.terminals);
        // An empty page ends it too, so a platform whose total is wrong cannot loop us forever.
        if (page.data.terminals.length === 0 || all.length >= page.paging.total) return all;
      }
    },
  };

  async function probe(target: 'platform' | 'sandbox', options?: CallOptions): Promise<ProbeResult> {
    const path = target === 'sandbox' ? '/__sandbox/health' : '/';
    try {
      await transport.request({
        method: 'GET',
        path,
        authenticated: false,
        idempotent: false,
        response: { kind: 'empty' },
        options: { ...PROBE_OPTIONS, ...options },
      });
      return { reachable: true };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      // Any HTTP answer means the platform is reachable; whether our token is good is the credentials' business.
      if (error.status !== NO_HTTP_STATUS) return { reachable: true };
      return { reachable: false, code: error.code, detail: error.detail };
    }
  }

  return {
    probe,
    oauth: {
      token: (request, options) =>
        transport.request({
          method: 'POST',
          path: '/oauth/token',
          body: TokenRequest.parse(request),
          authenticated: false,
          idempotent: false,
          response: json(TokenResponse),
          options,
        }),
    },
    actions: {
      create: (request, options) =>
        transport.request({
          method: 'POST',
          path: '/terminals/v1/actions',
          body: CreateActionRequest.parse(request),
          authenticated: true,
          idempotent: true,
          response: json(CreatedTerminalAction),
          options,
        }),
      get: (actionId, options) =>
        transport.request({
          method: 'GET',
          path: `/terminals/v1/actions/${segment(actionId)}`,
          authenticated: true,
          idempotent: false,
          response: json(TerminalAction),
          options,
        }),
      cancel: (actionId, options) =>
        transport.request({
          method: 'POST',
          path: `/terminals/v1/actions/${segment(actionId)}/cancel`,
          authenticated: true,
          idempotent: true,
          response: { kind: 'empty' },
          options,
        }),
    },
    terminals,
    orders: createOrdersClient(transport),
    checkout: {
      createPreference: (preference, options) =>
        transport.request({
          method: 'POST',
          path: '/checkout/preferences',
          body: PreferenceRequest.parse(preference),
          authenticated: true,
          idempotent: true,
          response: json(Preference),
          options,
        }),
    },
    payments: {
      create: (payment, options) =>
        transport.request({
          method: 'POST',
          path: '/v1/payments',
          body: PaymentCreateRequest.parse(payment),
          authenticated: true,
          idempotent: true,
          response: json(Payment),
          options,
        }),
      get: (id, options) => read(`/v1/payments/${segment(id)}`, Payment, options),
    },
    merchantOrders: { get: (id, options) => read(`/merchant_orders/${segment(id)}`, MerchantOrder, options) },
    chargebacks: { get: (id, options) => read(`/v1/chargebacks/${segment(id)}`, Chargeback, options) },
    paymentIntents: { get: (id, options) => read(`/point/integration-api/payment-intents/${segment(id)}`, PaymentIntent, options) },
    sandbox: {
      accounts: (options) =>
        transport.request({ method: 'GET', path: '/__sandbox/accounts', authenticated: false, idempotent: false, response: json(SandboxAccounts), options }),
    },
  };
}
