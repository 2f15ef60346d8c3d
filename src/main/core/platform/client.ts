import type { z } from 'zod';
import { TokenRequest, TokenResponse } from '../../../shared/platform/oauth';
import type { MerchantOrderSearchResponse, PaymentSearchResponse } from '../../../shared/platform/search';
import type { MerchantOrderSearchParams, PaymentSearchParams } from './payments-client';
import type { Chargeback, MerchantOrder, Payment, PaymentCreateRequest, PaymentIntent } from '../../../shared/platform/payments';
import type { Preference, PreferenceRequestInput } from '../../../shared/platform/preferences';
import type { CreateActionRequest, CreatedTerminalAction, TerminalAction } from '../../../shared/platform/terminal-actions';
import type { TerminalsListResponse, TerminalSummary } from '../../../shared/platform/terminals';
import { createActionsClient } from './actions-client';
import { createOrdersClient, type OrdersClient } from './orders-client';
import { createPaymentsClients } from './payments-client';
import { createProbe, type ProbeResult } from './probe';
import { SandboxAccounts } from './schemas';
import { createTerminalsClient } from './terminals-client';
import type { CallOptions, PlatformTransport } from './transport';

export type { ProbeResult } from './probe';

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
    /** `GET /v1/payments/search`: one page of the account's payments (docs/decisions.md "The day's close"). */
    search(query: PaymentSearchParams, options?: CallOptions): Promise<PaymentSearchResponse>;
  };
  /** The read endpoints of spec 4.6, which an IPN receiver calls back. */
  merchantOrders: {
    get(id: string, options?: CallOptions): Promise<MerchantOrder>;
    /** `GET /merchant_orders/search`: one page of the account's merchant orders created in a window. */
    search(query: MerchantOrderSearchParams, options?: CallOptions): Promise<MerchantOrderSearchResponse>;
  };
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

export function createPlatformClient(transport: PlatformTransport): PlatformClient {
  return {
    probe: createProbe(transport),
    oauth: {
      token: (request, options) =>
        transport.request({
          method: 'POST',
          path: '/oauth/token',
          body: TokenRequest.parse(request),
          authenticated: false,
          idempotent: false,
          response: { kind: 'json', schema: TokenResponse },
          options,
        }),
    },
    actions: createActionsClient(transport),
    terminals: createTerminalsClient(transport),
    orders: createOrdersClient(transport),
    ...createPaymentsClients(transport),
    sandbox: {
      accounts: (options) =>
        transport.request({
          method: 'GET',
          path: '/__sandbox/accounts',
          authenticated: false,
          idempotent: false,
          response: { kind: 'json', schema: SandboxAccounts },
          options,
        }),
    },
  };
}
