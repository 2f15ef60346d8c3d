import { z } from 'zod';
import { amountOfCents, parseCashierAmount } from '../../money/amounts';
import { TERMINAL_SALE_STATES } from '../../lifecycle/terminal-sale';
import { PrintOnTerminal } from '../../platform/orders';
import { TerminalId } from '../../platform/terminal-actions';
import { channel, NoInput } from '../define';
import { MadeBy } from '../../staff/made-by';

/**
 * A sale charged on a payment terminal: Counter's side of a point order (docs/decisions.md "Charge on the
 * terminal"). Its status is the platform order's (shared/platform/orders.ts); `orderId` stays null until the
 * platform has answered the create.
 */
/** The platform's order statuses and Counter's own two (`not_sent`, `unconfirmed`): shared/lifecycle/terminal-sale.ts. */
export const TerminalSaleStatus = z.enum(TERMINAL_SALE_STATES);
export type TerminalSaleStatus = z.infer<typeof TerminalSaleStatus>;

/**
 * An amount as the cashier types it: "24", "24.5", "24,50" (the locale's decimal comma), normalised to the
 * platform's decimal string with two decimals ("24.50").
 */
export const CashierAmount = z.string().transform((value, context) => {
  const parsed = parseCashierAmount(value);
  if (parsed.ok) return amountOfCents(parsed.cents);
  context.addIssue({ code: 'custom', message: AMOUNT_PROBLEMS[parsed.problem] });
  return z.NEVER;
});

const AMOUNT_PROBLEMS = {
  format: 'enter an amount with at most two decimals, e.g. 24,50',
  zero: 'enter an amount greater than 0',
  too_large: 'the amount is larger than one payment may be (999999999.99)',
} as const;

/** Text that reaches paper on one line: no line breaks or other control characters (they would add lines to a receipt). */
export const OneLineText = z.string().refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'must be one line of text, without control characters' });
// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const TerminalSaleItem = z.strictObject({
  name: OneLineText.pipe(z.string().trim().min(1).max(60)),
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
  /**
   * The order's currency (ISO 4217, the account's site's) once the platform answered the create; null before,
   * and absent in records written before Counter kept it.
   */
  currency: z.string().nullable().optional(),
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
  /** Who charged it (and who approved), as main recorded them; absent in sales made before Counter kept it. */
  madeBy: MadeBy.nullable().optional(),
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

/**
 * A person's decision on an `unconfirmed` sale (its create never answered, too old to resend, not found):
 * look the order up again, or close the sale as not charged — only after checking the terminal and the
 * platform's payments, so `not_charged` must be confirmed.
 */
export const ResolveSaleRequest = z
  .strictObject({ id: z.string().min(1), decision: z.enum(['look_again', 'not_charged']), confirm: z.literal(true).optional() })
  .refine((request) => request.decision !== 'not_charged' || request.confirm === true, {
    error: 'confirm that the customer was not charged',
    path: ['confirm'],
  });

export const TerminalSaleList = z.object({ sales: z.array(TerminalSale) });

export const terminalSalesChannels = {
  'terminalSales.charge': channel(ChargeRequest, TerminalSale),
  'terminalSales.get': channel(SaleIdRequest, TerminalSale),
  'terminalSales.list': channel(NoInput, TerminalSaleList),
  'terminalSales.cancel': channel(SaleIdRequest, TerminalSale),
  'terminalSales.refund': channel(RefundRequest, TerminalSale),
  'terminalSales.resolve': channel(ResolveSaleRequest, TerminalSale),
};

export const terminalSalesEvents = {
  'terminalSale.changed': TerminalSale,
};
