import { z } from 'zod';
import { Amount } from '../../shared/platform/orders';

/**
 * Orders API, type `online` (the platform's "Checkout API via Orders" documentation and the official Node SDK's
 * `Order` client types): what an integrator sends. Choices beyond the documentation are in docs/decisions.md,
 * "Online orders".
 */

export const OnlineOrderStatus = z.enum(['created', 'processing', 'action_required', 'processed', 'failed', 'canceled', 'refunded']);
export type OnlineOrderStatus = z.infer<typeof OnlineOrderStatus>;

export const ProcessingMode = z.enum(['automatic', 'manual']);
export const CaptureMode = z.enum(['automatic', 'automatic_async', 'manual']);
export type CaptureMode = z.infer<typeof CaptureMode>;

const TransactionSecurity = z.looseObject({
  validation: z.enum(['always', 'on_fraud_risk', 'never']).optional(),
  liability_shift: z.enum(['required', 'preferred']).optional(),
});

export const PaymentMethodInput = z.looseObject({
  id: z.string().min(1),
  type: z.enum(['credit_card', 'debit_card', 'prepaid_card', 'bank_transfer', 'ticket', 'account_money']),
  token: z.string().min(1).optional(),
  installments: z.number().int().min(1).max(72).optional(),
  statement_descriptor: z.string().max(22).optional(),
});
export type PaymentMethodInput = z.infer<typeof PaymentMethodInput>;

export const PaymentInput = z.looseObject({ amount: Amount, payment_method: PaymentMethodInput });
export type PaymentInput = z.infer<typeof PaymentInput>;

const Identification = z.looseObject({ type: z.string().min(1), number: z.string().min(1) });

export const CreateOnlineOrderRequest = z.looseObject({
  type: z.literal('online'),
  total_amount: Amount,
  external_reference: z.string().min(1).max(64),
  processing_mode: ProcessingMode.optional(),
  capture_mode: CaptureMode.optional(),
  description: z.string().max(150).optional(),
  payer: z.looseObject({
    email: z.email(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    identification: Identification.optional(),
  }),
  // One payment per order here: the sandbox does not split an order across payment methods.
  transactions: z.looseObject({ payments: z.array(PaymentInput).min(1).max(1) }).optional(),
  config: z.looseObject({ online: z.looseObject({ transaction_security: TransactionSecurity.optional() }).optional() }).optional(),
});
export type CreateOnlineOrderRequest = z.infer<typeof CreateOnlineOrderRequest>;

/** Body of `POST /v1/orders/{id}/transactions`: the payment of a manual order that was created without one. */
export const AddTransactionsRequest = z.looseObject({ payments: z.array(PaymentInput).min(1).max(1) });
export type AddTransactionsRequest = z.infer<typeof AddTransactionsRequest>;

/** Body of `PUT /v1/orders/{id}/transactions/{transaction_id}`: what may change before the order is processed. */
export const UpdateTransactionRequest = z.strictObject({
  payment_method: z
    .strictObject({
      installments: z.number().int().min(1).max(72).optional(),
      statement_descriptor: z.string().max(22).optional(),
    })
    .optional(),
});
export type UpdateTransactionRequest = z.infer<typeof UpdateTransactionRequest>;

export const TransactionStatus = z.enum(['created', 'processing', 'action_required', 'processed', 'failed', 'canceled', 'refunded']);

export const StoredTransaction = z.object({
  id: z.string(),
  cents: z.number().int(),
  method: PaymentMethodInput,
  status: TransactionStatus,
  status_detail: z.string(),
  /** The `/v1/payments` record once the transaction was charged. */
  paymentId: z.number().int().optional(),
  /** A pix or ticket payment's page and code. */
  ticketUrl: z.string().optional(),
  qrCode: z.string().optional(),
});
export type StoredTransaction = z.infer<typeof StoredTransaction>;

export const StoredOnlineRefund = z.object({ id: z.string(), transaction_id: z.string(), payment_id: z.number().int(), cents: z.number().int() });

export const StoredOnlineOrder = z.object({
  id: z.string(),
  userId: z.number().int(),
  clientId: z.string(),
  liveMode: z.boolean(),
  currency: z.string(),
  countryCode: z.string(),
  external_reference: z.string(),
  description: z.string().optional(),
  processing_mode: ProcessingMode,
  capture_mode: CaptureMode,
  cents: z.number().int(),
  payer: CreateOnlineOrderRequest.shape.payer,
  config: CreateOnlineOrderRequest.shape.config,
  status: OnlineOrderStatus,
  status_detail: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** When an automatic_async authorization is captured without a call. */
  captureAt: z.number().optional(),
  payments: z.array(StoredTransaction),
  refunds: z.array(StoredOnlineRefund),
});
export type StoredOnlineOrder = z.infer<typeof StoredOnlineOrder>;

/** A payment transaction as answered (the SDK's `PaymentResponse`); members beyond these pass through. */
export const TransactionResponse = z.looseObject({
  id: z.string(),
  amount: z.string(),
  status: TransactionStatus,
  status_detail: z.string(),
  reference_id: z.string().optional(),
  payment_method: z.looseObject({ id: z.string(), type: z.string() }),
});
export type TransactionResponse = z.infer<typeof TransactionResponse>;

/** An online order as answered (the SDK's `OrderResponse`). */
export const OnlineOrderResponse = z.looseObject({
  id: z.string(),
  type: z.literal('online'),
  processing_mode: ProcessingMode,
  capture_mode: CaptureMode,
  external_reference: z.string(),
  status: OnlineOrderStatus,
  status_detail: z.string(),
  total_amount: z.string(),
  transactions: z.looseObject({
    payments: z.array(TransactionResponse),
    refunds: z.array(z.looseObject({ id: z.string(), transaction_id: z.string(), amount: z.string(), status: z.string() })).optional(),
  }),
});
export type OnlineOrderResponse = z.infer<typeof OnlineOrderResponse>;
