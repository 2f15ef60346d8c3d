import type { Language } from '../../../shared/ipc/channels/app';
import type { Payment } from '../../../shared/platform/payments';
import type { PaymentCard } from './sale-steps';
import { ListPrintsRequest } from '../../../shared/ipc/channels/prints';
import type { PrintQueue } from '../print-queue/print-queue';
import type { SaleRecord } from './order-store';

const WORDS = {
  en: { total: 'TOTAL', paid: 'Paid with', order: 'Order', authorization: 'Authorization' },
  es: { total: 'TOTAL', paid: 'Pagado con', order: 'Orden', authorization: 'Autorización' },
} as const;

const LINE_WIDTH = 32;
const line = (left: string, right: string): string => `${left}${' '.repeat(Math.max(1, LINE_WIDTH - left.length - right.length))}${right}`;

/**
 * Counter's receipt of an approved sale, in the receipt markup of the Counter screen (src/shared/receipt):
 * the store's header, the items, the total, how it was paid and a QR of the order. The Orders API's order
 * names the card brand but neither the last four digits nor an authorization code, so those are not printed
 * (docs/decisions.md "Charge on the terminal").
 */
export function saleReceipt(sale: SaleRecord, header: string, language: Language): string {
  const words = WORDS[language];
  const items = sale.items.map((item) =>
    line(`${item.quantity} x ${item.name}`.slice(0, LINE_WIDTH - 12), (Number(item.unitPrice) * item.quantity).toFixed(2)),
  );
  return [
    `{center}{b}${header}{/b}{/center}`,
    '-'.repeat(LINE_WIDTH),
    ...items,
    ...(items.length > 0 ? ['-'.repeat(LINE_WIDTH)] : []),
    `{b}${line(words.total, sale.amount)}{/b}`,
    `${words.paid} ${sale.paymentMethod ?? 'card'}`,
    `${words.order} ${sale.orderId ?? ''}`,
    `{center}{qr}${sale.orderId ?? sale.id}{/qr}{/center}`,
  ].join('\n');
}

/** The receipt print's external reference: derived from the sale, so a print for it can be found again. */
export function receiptReference(sale: SaleRecord): string {
  return `rcpt-${sale.id.replace(/^sale-/, '')}`.slice(0, 64);
}

export interface ReceiptPrinterOptions {
  /** The current environment's print queue: the same switch `createPrintHandlers` uses. */
  queue(): Promise<PrintQueue>;
  header(): string;
  language(): Language;
}

/**
 * Enqueues the receipt of a sale on its terminal once: a print of the sale's receipt reference already in
 * the queue (a restart after the enqueue but before the sale recorded it) is returned instead of a second one.
 */
export function createReceiptPrinter(options: ReceiptPrinterOptions): (sale: SaleRecord) => Promise<string> {
  return async (sale) => {
    const queue = await options.queue();
    const externalReference = receiptReference(sale);
    const found = queue
      .list(ListPrintsRequest.parse({ filters: { search: externalReference, terminalId: sale.terminalId } }))
      .items.find((print) => print.externalReference === externalReference);
    if (found !== undefined) return found.id;
    const print = await queue.enqueue({
      terminalId: sale.terminalId,
      subtype: 'custom',
      content: saleReceipt(sale, options.header(), options.language()),
      externalReference,
    });
    return print.id;
  };
}

/** The card details the receipt prints, from the approved payment (`GET /v1/payments/{id}`). */
export function cardOfPayment(payment: Payment): PaymentCard {
  return { lastFour: payment.card?.last_four_digits ?? null, authorizationCode: payment.authorization_code ?? null };
}
