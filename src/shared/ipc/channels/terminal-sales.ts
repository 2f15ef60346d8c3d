import { z } from 'zod';
import { AMOUNT_PATTERN, OrderStatus, PrintOnTerminal } from '../../platform/orders';
import { TerminalId } from '../../platform/terminal-actions';
import { channel, NoInput } from '../define';

/**
 * A sale charged on a payment terminal: Counter's side of a point order (docs/decisions.md "Charge on the
 * terminal"). Its status is the platform order's (shared/platform/orders.ts); `orderId` stays null until the
 * platform has answered the create.
 */
export const TerminalSaleStatus = OrderStatus;
export type TerminalSaleStatus = z.infer<typeof TerminalSaleStatus>;

/**
 * An amount as the cashier types it: "24", "24.5", "24,50" (the locale's decimal comma), normalised to the
 * platform's decimal string with two decimals ("24.50").
 */
export const CashierAmount = z
  .string()
  .trim()
  .transform((value) => value.replace(',', '.'))
  .refine((value) => AMOUNT_PATTERN.test(value) && Number(value) > 0, { error: 'enter an amount greater than 0 with at most two decimals' })
  .transform((value) => Number(value).toFixed(2));

export const TerminalSaleItem = z.strictObject({
  name: z.string().trim().min(1).max(60),
  quantity: z.number().int().min(1).max(999),
  /** Per unit, as typed (decimal comma accepted). */
  unitPrice: CashierAmount,
});
export type TerminalSaleItem = z.infer<typeof TerminalSaleItem>;

export const SaleTransition = z.object({ status: TerminalSaleStatus, detail: z.string().nullable(), at: z.iso.datetime() });

export const SaleRefund = z.object({ id: z.string(), amount: z.string() });

export const SaleError = z.object({ code: z.string(), message: z.string(), at: z.iso.datetime() });

export const TerminalSale = z.object({
  id: z.string(),
  terminalId: z.string(),
  externalReference: z.string(),
  /** The total charged, "24.00". */
  amount: z.string(),
  items: z.array(TerminalSaleItem),
  /** The terminal prints its own slip; Counter prints no receipt of its own. */
  printOnTerminal: PrintOnTerminal,
  /** The platform's order id once it answered the create. */
  orderId: z.string().nullable(),
  status: TerminalSaleStatus,
  /** The platform's status_detail: for a declined card, the reason (shared DeclineReason). */
  statusDetail: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  /** From the payment (GET /v1/payments/{id}) once approved: printed on the receipt, shown in the manager. */
  cardLastFour: z.string().nullable(),
  authorizationCode: z.string().nullable(),
  refundedAmount: z.string(),
  refunds: z.array(SaleRefund),
  /** A cancel or a refund asked and not yet answered (it is repeated with the same idempotency key). */
  pending: z.enum(['cancel', 'refund']).nullable(),
  /** The print of Counter's receipt for this sale, once enqueued. */
  receiptPrintId: z.string().nullable(),
  lastError: SaleError.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  history: z.array(SaleTransition),
});
export type TerminalSale = z.infer<typeof TerminalSale>;

export const ChargeRequest = z
  .strictObject({
    terminalId: TerminalId,
    /** A plain amount; or leave it out and give the items. */
    amount: CashierAmount.optional(),
    items: z.array(TerminalSaleItem).max(100).default([]),
    printOnTerminal: z.boolean().default(false),
  })
  .refine((request) => request.amount !== undefined || request.items.length > 0, { error: 'enter an amount or at least one item', path: ['amount'] });
export type ChargeRequest = z.input<typeof ChargeRequest>;

export const SaleIdRequest = z.strictObject({ id: z.string().min(1) });

export const RefundRequest = z.strictObject({
  id: z.string().min(1),
  /** Leave out to refund what remains of the payment. */
  amount: CashierAmount.optional(),
  /** The cashier confirmed the refund on screen; without it nothing is refunded. */
  confirm: z.literal(true, { error: 'confirm the refund first' }),
});

export const TerminalSaleList = z.object({ sales: z.array(TerminalSale) });

export const terminalSalesChannels = {
  'terminalSales.charge': channel(ChargeRequest, TerminalSale),
  'terminalSales.get': channel(SaleIdRequest, TerminalSale),
  'terminalSales.list': channel(NoInput, TerminalSaleList),
  'terminalSales.cancel': channel(SaleIdRequest, TerminalSale),
  'terminalSales.refund': channel(RefundRequest, TerminalSale),
};

export const terminalSalesEvents = {
  'terminalSale.changed': TerminalSale,
};
