import type { TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';
import type { TerminalSummary } from '../../../../shared/ipc/channels/terminals';
import { CLOSED_SALE_STATUSES, type TerminalSaleState } from '../../../../shared/lifecycle/terminal-sale';
import { centsOfAmount, MAX_AMOUNT_CENTS, parseCashierAmount } from '../../../../shared/money/amounts';

/**
 * The Sell screen's rules, as data and pure functions, so each is tested without a screen: when Sell may
 * charge, when a charge may be a repeat, what a refund may be, and how the amount pad types.
 */

/** Why Sell cannot charge now; null when it can. */
export type SellBlock = 'checking' | 'credentials' | 'platform' | 'no_terminal';

export type TerminalsState = { kind: 'loading' } | { kind: 'error' } | { kind: 'loaded'; terminals: readonly TerminalSummary[] };

/**
 * Sell charges only when it knows the platform will take the sale: the environment has usable credentials,
 * the account's terminals were listed for this account, and one of them takes orders (PDV).
 */
export function sellBlock(usable: boolean | undefined, terminals: TerminalsState): SellBlock | null {
  if (usable === false) return 'credentials';
  if (usable === undefined || terminals.kind === 'loading') return 'checking';
  if (terminals.kind === 'error') return 'platform';
  return terminals.terminals.some((terminal) => terminal.canPrint) ? null : 'no_terminal';
}

/** How long after a sale the same amount on the same terminal is asked about before it is charged again. */
export const REPEAT_WINDOW_MS = 2 * 60_000;

/**
 * Sales that took or may have taken the customer's money: a repeat of one of them is asked about. A declined,
 * expired, cancelled or never-sent sale is not, since charging again is then the normal next step.
 */
const CHARGED_OR_MAY_BE: ReadonlySet<TerminalSaleState> = new Set(['created', 'at_terminal', 'action_required', 'processed', 'unconfirmed', 'refunded']);

/** The recent sale a new charge of `cents` on `terminalId` would repeat, if any (newest first). */
export function earlierCharge(sales: readonly TerminalSale[], terminalId: string, cents: number, now: number): TerminalSale | undefined {
  return sales.find(
    (sale) =>
      sale.terminalId === terminalId &&
      CHARGED_OR_MAY_BE.has(sale.status) &&
      now - Date.parse(sale.createdAt) <= REPEAT_WINDOW_MS &&
      now >= Date.parse(sale.createdAt) - 1000 &&
      centsOfAmount(sale.amount) === cents,
  );
}

/** A sale still under way (the terminal, or a person, has yet to settle it): the one the main card shows after a restart. */
export const isOpenSale = (sale: Pick<TerminalSale, 'status'>): boolean => !CLOSED_SALE_STATUSES.includes(sale.status);

export type RefundCheck =
  { ok: true; cents: number; leftCents: number } | { ok: false; problem: 'format' | 'zero' | 'too_much' | 'nothing_left'; leftCents: number };

/** What is left to refund of a sale, in cents. */
export const refundableCents = (sale: Pick<TerminalSale, 'amount' | 'refundedAmount'>): number =>
  Math.max(0, centsOfAmount(sale.amount) - centsOfAmount(sale.refundedAmount));

/** A refund as typed, against what remains refundable; empty text refunds all that is left. */
export function checkRefund(text: string, sale: Pick<TerminalSale, 'amount' | 'refundedAmount'>): RefundCheck {
  const leftCents = refundableCents(sale);
  if (leftCents === 0) return { ok: false, problem: 'nothing_left', leftCents };
  if (text.trim() === '') return { ok: true, cents: leftCents, leftCents };
  const parsed = parseCashierAmount(text);
  if (!parsed.ok) return { ok: false, problem: parsed.problem === 'too_large' ? 'too_much' : parsed.problem, leftCents };
  if (parsed.cents > leftCents) return { ok: false, problem: 'too_much', leftCents };
  return { ok: true, cents: parsed.cents, leftCents };
}

export type PadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '00' | 'separator' | 'back' | 'clear';

/**
 * The amount after a key of the on-screen pad: digits, one decimal separator (the language's), at most two
 * decimals and nine whole digits, so the pad can only type what the charge accepts.
 */
export function padInput(current: string, key: PadKey, separator: ',' | '.'): string {
  if (key === 'clear') return '';
  if (key === 'back') return current.slice(0, -1);
  const normal = current.replace(',', '.');
  const [whole = '', decimals] = normal.split('.');
  if (key === 'separator') return decimals !== undefined ? current : `${current === '' ? '0' : current}${separator}`;
  const next = decimals === undefined ? `${whole}${key}`.replace(/^0+(?=\d)/, '') : `${whole}.${decimals}${key}`;
  const [nextWhole = '', nextDecimals = ''] = next.split('.');
  if (nextDecimals.length > 2 || nextWhole.length > 9) return current;
  const cents = parseCashierAmount(next);
  if (!cents.ok && cents.problem === 'too_large') return current;
  if (cents.ok && cents.cents > MAX_AMOUNT_CENTS) return current;
  return next.includes('.') ? next.replace('.', separator) : next;
}

export type ReceiptWord =
  'receipt' | 'receipt.slip' | 'receipt.preparing' | 'receipt.sent' | 'receipt.printing' | 'receipt.failed' | 'receipt.waiting' | 'receipt.canceled';

/** The receipt's state in words: "printed" only once the terminal says the print is processed. */
const RECEIPT_WORDS: Readonly<Record<string, ReceiptWord>> = {
  queued: 'receipt.sent',
  sending: 'receipt.sent',
  created: 'receipt.sent',
  on_terminal: 'receipt.printing',
  processed: 'receipt',
  failed: 'receipt.failed',
  needs_attention: 'receipt.waiting',
  canceled: 'receipt.canceled',
};

/** Whether the sale has (or will have) a Counter receipt at all. */
export function expectsReceipt(sale: Pick<TerminalSale, 'status' | 'printOnTerminal' | 'receiptPrintId'>): boolean {
  return sale.printOnTerminal === 'no_ticket' && (sale.receiptPrintId !== null || sale.status === 'processed' || sale.status === 'refunded');
}

/** The receipt's word for a print status (none: no print yet). */
export function receiptWord(status: string | undefined): ReceiptWord {
  return status === undefined ? 'receipt.preparing' : (RECEIPT_WORDS[status] ?? 'receipt.sent');
}
