import type { Language } from '../../../shared/ipc/channels/app';
import type { Payment } from '../../../shared/platform/payments';
import { saleReceiptMarkup, type SaleReceiptTemplate } from '../../../shared/receipt/sale-receipt';
import type { PrintQueue } from '../print-queue/print-queue';
import type { SaleRecord } from '../history/records/terminal-sale';
import type { PaymentCard } from './sale-steps';

/**
 * Counter's receipt of an approved sale: the store's template (receipt-template.ts) filled with the sale —
 * header, items, total, how it was paid, the card's last four digits and the authorization code (read from
 * the payment, `GET /v1/payments/{id}`), a QR of the order (docs/decisions.md "Charge on the terminal").
 */
export function saleReceipt(
  sale: SaleRecord,
  template: SaleReceiptTemplate,
  language: Language,
  /** Who sold and in which currency, when known (see SALE_RECEIPT_PLACEHOLDERS). */
  context: { cashier?: string; currency?: string } = {},
): string {
  return saleReceiptMarkup(
    template,
    {
      items: sale.items,
      amount: sale.amount,
      paymentMethod: sale.paymentMethod,
      cardLastFour: sale.cardLastFour,
      authorizationCode: sale.authorizationCode,
      orderId: sale.orderId ?? sale.id,
      at: sale.createdAt,
      saleNumber: sale.externalReference,
      cashier: context.cashier ?? '',
      currency: context.currency ?? '',
    },
    language,
  );
}

/** The receipt print's external reference: derived from the sale, so a print for it can be found again. */
export function receiptReference(sale: SaleRecord): string {
  return `rcpt-${sale.id.replace(/^sale-/, '')}`.slice(0, 64);
}

export interface ReceiptPrinterOptions {
  /** The current environment's print queue: the same switch `createPrintHandlers` uses. */
  queue(): Promise<PrintQueue>;
  template(): SaleReceiptTemplate;
  language(): Language;
  /** The `{{cashier}}` of a sale nobody signed in made: the counter's name. */
  cashier?: () => string;
}

/**
 * Enqueues the receipt of a sale on its terminal once: a print of the sale's receipt reference already in
 * the queue (a restart after the enqueue but before the sale recorded it) is returned instead of a second one.
 */
export function createReceiptPrinter(options: ReceiptPrinterOptions): (sale: SaleRecord) => Promise<string> {
  return async (sale) => {
    const queue = await options.queue();
    const externalReference = receiptReference(sale);
    const found = queue.idByReference(sale.terminalId, externalReference);
    if (found !== undefined) return found;
    // The receipt is the seller's: printed in the sale's loop, long after (or a restart after) the charge's call.
    const cashier = sale.madeBy?.personName ?? options.cashier?.() ?? '';
    const print = await queue.enqueue(
      { terminalId: sale.terminalId, subtype: 'custom', content: saleReceipt(sale, options.template(), options.language(), { cashier }), externalReference },
      { madeBy: sale.madeBy ?? null },
    );
    return print.id;
  };
}

/** The card details the receipt prints, from the approved payment (`GET /v1/payments/{id}`). */
export function cardOfPayment(payment: Payment): PaymentCard {
  return { lastFour: payment.card?.last_four_digits ?? null, authorizationCode: payment.authorization_code ?? null };
}
