import type { z } from 'zod';
import { Chargeback, MerchantOrder, Payment, PaymentCreateRequest, PaymentIntent } from '../../../shared/platform/payments';
import { Preference, PreferenceRequest } from '../../../shared/platform/preferences';
import { MerchantOrderSearchResponse, PaymentSearchResponse } from '../../../shared/platform/search';
import type { PlatformClient } from './client';
import type { CallOptions, PlatformTransport } from './transport';

const segment = (value: string): string => encodeURIComponent(value);

/** The payment search's filters Counter uses: a time range of one date field, sorted, paged. */
export interface PaymentSearchParams {
  offset: number;
  limit: number;
  range?: 'date_created' | 'date_approved' | 'date_last_updated';
  begin_date?: string;
  end_date?: string;
  sort?: 'date_created' | 'date_approved' | 'date_last_updated' | 'id';
  criteria?: 'asc' | 'desc';
  external_reference?: string;
}

/** The merchant order search's filters Counter uses: a creation window, paged. */
export interface MerchantOrderSearchParams {
  offset: number;
  limit: number;
  date_created_from: string;
  date_created_to: string;
}

/** Checkout preferences (spec 4.2), payments, and the read endpoints of spec 4.6 an IPN receiver calls back. */
export function createPaymentsClients(
  transport: PlatformTransport,
): Pick<PlatformClient, 'checkout' | 'payments' | 'merchantOrders' | 'chargebacks' | 'paymentIntents'> {
  const read = <T>(path: string, schema: z.ZodType<T>, options?: CallOptions) =>
    transport.request({ method: 'GET', path, authenticated: true, idempotent: false, response: { kind: 'json', schema }, options });
  return {
    checkout: {
      createPreference: (preference, options) =>
        transport.request({
          method: 'POST',
          path: '/checkout/preferences',
          body: PreferenceRequest.parse(preference),
          authenticated: true,
          idempotent: true,
          response: { kind: 'json', schema: Preference },
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
          response: { kind: 'json', schema: Payment },
          options,
        }),
      get: (id, options) => read(`/v1/payments/${segment(id)}`, Payment, options),
      search: (query, options) =>
        transport.request({
          method: 'GET',
          path: '/v1/payments/search',
          query: { ...query },
          authenticated: true,
          idempotent: false,
          response: { kind: 'json', schema: PaymentSearchResponse },
          options,
        }),
    },
    merchantOrders: {
      get: (id, options) => read(`/merchant_orders/${segment(id)}`, MerchantOrder, options),
      search: (query, options) =>
        transport.request({
          method: 'GET',
          path: '/merchant_orders/search',
          query: { ...query },
          authenticated: true,
          idempotent: false,
          response: { kind: 'json', schema: MerchantOrderSearchResponse },
          options,
        }),
    },
    chargebacks: { get: (id, options) => read(`/v1/chargebacks/${segment(id)}`, Chargeback, options) },
    paymentIntents: { get: (id, options) => read(`/point/integration-api/payment-intents/${segment(id)}`, PaymentIntent, options) },
  };
}
