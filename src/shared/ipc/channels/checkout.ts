import { z } from 'zod';
import { MadeBy } from '../../staff/made-by';
import { ChargebackStatus, PaymentStatus } from '../../platform/payments';
import { IndustryReport, PreferenceRequest } from '../../platform/preferences';
import { channel, NoInput } from '../define';
import { Environment, IndustryChoice } from './app';

/**
 * Selling through a checkout preference (spec 2.4, 2.5, 4.2) and following the sale as the platform's
 * notifications arrive (4.6, 4.7, 6). Main keeps the sales; the renderer builds the cart and watches.
 */

/**
 * Where a sale stands, derived from its payments and chargebacks (never from the order notifications
 * arrived in): `created` until a payment exists, then the best payment's state; `chargeback` once a
 * chargeback is open against any of its payments.
 */
export const CheckoutSaleStatus = z.enum(['created', 'pending', 'approved', 'rejected', 'cancelled', 'refunded', 'chargeback']);
export type CheckoutSaleStatus = z.infer<typeof CheckoutSaleStatus>;

export const CheckoutPayment = z.object({
  id: z.string(),
  status: PaymentStatus,
  statusDetail: z.string().nullable(),
  amount: z.number(),
  currencyId: z.string().nullable(),
  /** The platform's own date_last_updated (or last_modified in a merchant order): what orders updates. */
  updatedAt: z.string(),
});
export type CheckoutPayment = z.infer<typeof CheckoutPayment>;

export const CheckoutChargeback = z.object({
  id: z.string(),
  paymentId: z.string(),
  status: ChargebackStatus,
  amount: z.number(),
  reason: z.string(),
  updatedAt: z.string(),
});
export type CheckoutChargeback = z.infer<typeof CheckoutChargeback>;

export const CheckoutSaleItem = z.object({
  title: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
});
export type CheckoutSaleItem = z.infer<typeof CheckoutSaleItem>;

export const CheckoutSale = z.object({
  preferenceId: z.string(),
  externalReference: z.string(),
  environment: Environment,
  industry: IndustryChoice.nullable(),
  createdAt: z.string(),
  /** When Counter last changed this record (local time), for sorting and "updated …" labels. */
  updatedAt: z.string(),
  items: z.array(CheckoutSaleItem),
  total: z.number(),
  currencyId: z.string().nullable(),
  payerEmail: z.string().nullable(),
  initPoint: z.string(),
  sandboxInitPoint: z.string(),
  notificationUrl: z.string().nullable(),
  status: CheckoutSaleStatus,
  merchantOrderId: z.string().nullable(),
  payments: z.array(CheckoutPayment),
  chargebacks: z.array(CheckoutChargeback),
  /** The industry report at creation (spec 2.5 recommended fields); null when no industry was chosen. */
  report: IndustryReport.nullable(),
  /** Who made it (and who approved), as main recorded them; absent in sales made before Counter kept it. */
  madeBy: MadeBy.nullable().optional(),
});
export type CheckoutSale = z.infer<typeof CheckoutSale>;

/**
 * The cart as the 2.4/2.5 preference body, checked with the platform's own schema. Main fills in
 * `notification_url` (its receiver) and, when empty, `external_reference`; the industry is the store's
 * setting.
 */
export const CreatePreferenceRequest = z.object({ preference: PreferenceRequest });
export type CreatePreferenceRequest = z.input<typeof CreatePreferenceRequest>;

export const CheckoutSalesRequest = z.object({ limit: z.number().int().min(1).max(200).optional() }).strict();

export const CheckoutSaleRequest = z.object({ preferenceId: z.string().min(1) }).strict();

export const ReceiverStatus = z.object({
  state: z.enum(['starting', 'listening', 'failed', 'stopped']),
  /** What goes into each preference's notification_url. */
  url: z.string().nullable(),
  detail: z.string().nullable(),
  /** Counters since the receiver started, for the screen's diagnostics and the benchmark. */
  stats: z.object({
    received: z.number().int(),
    accepted: z.number().int(),
    duplicates: z.number().int(),
    rejected: z.number().int(),
    readBacks: z.number().int(),
    readBackFailures: z.number().int(),
    /** Read-backs waiting or running. */
    pending: z.number().int(),
  }),
});
export type ReceiverStatus = z.infer<typeof ReceiverStatus>;

export const CheckoutErrorCode = {
  saleNotFound: 'sale_not_found',
  receiverUnavailable: 'receiver_unavailable',
} as const;

export const checkoutChannels = {
  'checkout.createPreference': channel(CreatePreferenceRequest, CheckoutSale),
  'checkout.sales': channel(CheckoutSalesRequest, z.object({ sales: z.array(CheckoutSale) })),
  'checkout.sale': channel(CheckoutSaleRequest, CheckoutSale),
  'checkout.receiver': channel(NoInput, ReceiverStatus),
};

export const checkoutEvents = {
  'checkoutSale.changed': CheckoutSale,
};
