import type { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import type { Difference, DifferenceKind, Explanation, Tender } from '../../../shared/ipc/channels/day';
import { centsOfAmount } from '../../../shared/money/amounts';
import type { Payment } from '../../../shared/platform/payments';

/** What matching needs of a payment: the payment search's record, or one a merchant order lists. */
export type PlatformPayment = Pick<Payment, 'id' | 'status' | 'external_reference' | 'transaction_amount' | 'transaction_amount_refunded' | 'date_created'>;
import type { TerminalSaleFacts } from '../history/day-sources';

/** A sale as Counter knows it, in the terms the platform's payments can be compared with. */
export interface KnownSale {
  saleId: string;
  externalReference: string;
  tender: Extract<Tender, 'card' | 'link'>;
  /** Counter recorded it as paid (approved, maybe refunded since). */
  paid: boolean;
  amountCents: number;
  refundCents: number;
  at: string;
}

const PAID_TERMINAL = new Set(['processed', 'refunded']);
const PAID_PAYMENT = new Set(['approved', 'refunded']);
const cents = (amount: number): number => Math.round(amount * 100);

export function knownSales(terminalSales: readonly TerminalSaleFacts[], checkoutSales: readonly CheckoutSale[]): KnownSale[] {
  const known: KnownSale[] = terminalSales.map((sale) => {
    const amountCents = centsOfAmount(sale.amount);
    const refunded = centsOfAmount(sale.refundedAmount);
    return {
      saleId: sale.id,
      externalReference: sale.externalReference,
      tender: 'card',
      paid: PAID_TERMINAL.has(sale.status),
      amountCents,
      refundCents: sale.status === 'refunded' && refunded === 0 ? amountCents : refunded,
      at: sale.createdAt,
    };
  });
  for (const sale of checkoutSales) {
    const paid = sale.payments.filter((payment) => PAID_PAYMENT.has(payment.status));
    known.push({
      saleId: sale.preferenceId,
      externalReference: sale.externalReference,
      tender: 'link',
      paid: paid.length > 0,
      amountCents: paid.reduce((sum, payment) => sum + cents(payment.amount), 0),
      refundCents: paid.filter((payment) => payment.status === 'refunded').reduce((sum, payment) => sum + cents(payment.amount), 0),
      at: sale.createdAt,
    });
  }
  return known;
}

/** What the platform was paid under one external reference. */
interface PaidOnPlatform {
  payments: PlatformPayment[];
  amountCents: number;
  refundCents: number;
}

function paidOnPlatform(payments: readonly PlatformPayment[]): { byReference: Map<string, PaidOnPlatform>; unreferenced: PlatformPayment[] } {
  const byReference = new Map<string, PaidOnPlatform>();
  const unreferenced: PlatformPayment[] = [];
  for (const payment of payments) {
    if (!PAID_PAYMENT.has(payment.status)) continue;
    const reference = payment.external_reference;
    if (reference === null || reference === '') {
      unreferenced.push(payment);
      continue;
    }
    const paid = byReference.get(reference) ?? { payments: [], amountCents: 0, refundCents: 0 };
    const amount = cents(payment.transaction_amount);
    const refunded = cents(payment.transaction_amount_refunded);
    paid.payments.push(payment);
    paid.amountCents += amount;
    paid.refundCents += payment.status === 'refunded' && refunded === 0 ? amount : refunded;
    byReference.set(reference, paid);
  }
  return { byReference, unreferenced };
}

export interface ReconcileResult {
  matched: number;
  differences: Difference[];
}

type NewDifference = Omit<Difference, 'key' | 'explanation' | 'explanations'>;

/**
 * Counter's sales of a shift against the platform's payments of its window, matched by external reference
 * and amount. A payment dated after `until` whose reference is not one of the shift's sales belongs to the
 * next shift and is left out. Explanations are attached by key, the latest first in `explanation`.
 */
export function reconcile(
  known: readonly KnownSale[],
  payments: readonly PlatformPayment[],
  options: { until: string; notes?: ReadonlyMap<string, readonly Explanation[]> },
): ReconcileResult {
  const { byReference, unreferenced } = paidOnPlatform(payments);
  const found: NewDifference[] = [];
  let matched = 0;
  for (const sale of known) {
    const paid = byReference.get(sale.externalReference);
    byReference.delete(sale.externalReference);
    const facts = { externalReference: sale.externalReference, saleId: sale.saleId, tender: sale.tender, at: sale.at };
    const paymentId = paid?.payments[0] === undefined ? null : String(paid.payments[0].id);
    const platform = { paymentId, platformCents: paid?.amountCents ?? null };
    if (paid === undefined && !sale.paid) continue;
    if (paid === undefined) found.push({ kind: 'not_paid', ...facts, paymentId: null, counterCents: sale.amountCents, platformCents: null });
    else if (!sale.paid) found.push({ kind: 'paid_unknown', ...facts, ...platform, counterCents: null });
    else if (paid.amountCents !== sale.amountCents) found.push({ kind: 'amount_differs', ...facts, ...platform, counterCents: sale.amountCents });
    else if (paid.refundCents !== sale.refundCents)
      found.push({ kind: 'refund_differs', ...facts, paymentId, counterCents: sale.refundCents, platformCents: paid.refundCents });
    else matched++;
  }
  const elsewhere = [...[...byReference.values()].flatMap((paid) => paid.payments), ...unreferenced].filter(
    (payment) => Date.parse(payment.date_created) <= Date.parse(options.until),
  );
  for (const payment of elsewhere) {
    found.push({
      kind: 'paid_unknown',
      externalReference: payment.external_reference,
      paymentId: String(payment.id),
      saleId: null,
      tender: null,
      counterCents: null,
      platformCents: cents(payment.transaction_amount),
      at: payment.date_created,
    });
  }
  return { matched, differences: found.map((difference) => withNotes(difference, options.notes)) };
}

export function differenceKey(kind: DifferenceKind, difference: Pick<Difference, 'externalReference' | 'paymentId' | 'saleId'>): string {
  return `${kind}:${difference.saleId ?? difference.externalReference ?? ''}:${difference.saleId === null ? (difference.paymentId ?? '') : ''}`;
}

function withNotes(difference: NewDifference, notes: ReadonlyMap<string, readonly Explanation[]> | undefined): Difference {
  const key = differenceKey(difference.kind, difference);
  const explanations = [...(notes?.get(key) ?? [])];
  return { ...difference, key, explanation: explanations.at(-1) ?? null, explanations };
}
