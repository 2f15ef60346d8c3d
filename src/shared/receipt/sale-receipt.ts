import { z } from 'zod';
import type { Language } from '../ipc/channels/app';
import { SALE_RECEIPT_WORDS } from '../i18n/sales';
import { amountCents, formatCents } from '../platform/orders';
import { NORMAL_COLUMNS } from './constants';

/**
 * The store's receipt of an approved sale as the manager shapes it: header and footer lines (receipt markup
 * allowed, e.g. `{b}`), and which parts print. Main fills it at print time (core/sales/receipt.ts); the
 * Settings screen previews it with the same function and the shared renderer, so the preview is the print.
 */
export const SaleReceiptTemplate = z.strictObject({
  header: z.string().max(600),
  footer: z.string().max(600),
  showItems: z.boolean(),
  showPayment: z.boolean(),
  showCardLastFour: z.boolean(),
  showAuthorization: z.boolean(),
  showQr: z.boolean(),
});
export type SaleReceiptTemplate = z.infer<typeof SaleReceiptTemplate>;

export const DEFAULT_SALE_RECEIPT_TEMPLATE: Readonly<SaleReceiptTemplate> = Object.freeze({
  header: 'Counter',
  footer: '',
  showItems: true,
  showPayment: true,
  showCardLastFour: true,
  showAuthorization: true,
  showQr: true,
});

/** What a receipt shows of one sale. */
export interface SaleReceiptData {
  items: ReadonlyArray<{ name: string; quantity: number; unitPrice: string }>;
  amount: string;
  paymentMethod: string | null;
  cardLastFour: string | null;
  authorizationCode: string | null;
  /** The platform's order id (the QR), or the sale's own id before the platform answered. */
  orderId: string;
}

/** A made-up sale for the live preview. */
export const SAMPLE_SALE_RECEIPT: Readonly<SaleReceiptData> = Object.freeze({
  items: [
    { name: 'Coffee', quantity: 2, unitPrice: '3.50' },
    { name: 'Croissant', quantity: 1, unitPrice: '2.75' },
  ],
  amount: '9.75',
  paymentMethod: 'visa',
  cardLastFour: '3704',
  authorizationCode: '123456',
  orderId: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3',
});

const WIDTH = NORMAL_COLUMNS;
const rule = '-'.repeat(WIDTH);
/**
 * The sale's own texts (an item's name) print as one plain line: braces the tag grammar would read as a
 * tag are dropped, and a line break or other control character becomes a space (it would add a line,
 * such as a fake TOTAL, to the receipt).
 */
// eslint-disable-next-line no-control-regex -- the point is to find them
const plain = (text: string): string => text.replace(/[{}]/g, '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
const line = (left: string, right: string): string => {
  const room = Math.max(1, WIDTH - right.length - 1);
  const shown = left.length > room ? left.slice(0, room) : left;
  return `${shown}${' '.repeat(Math.max(1, WIDTH - shown.length - right.length))}${right}`;
};

/** The receipt markup of one sale under the template, in the cashier's language. */
export function saleReceiptMarkup(template: SaleReceiptTemplate, sale: SaleReceiptData, language: Language): string {
  const words = SALE_RECEIPT_WORDS[language];
  const out: string[] = [];
  const header = template.header.split('\n').filter((text) => text.trim() !== '');
  header.forEach((text, index) => out.push(index === 0 ? `{center}{b}${text}{/b}{/center}` : `{center}${text}{/center}`));
  out.push(rule);
  if (template.showItems && sale.items.length > 0) {
    for (const item of sale.items) out.push(line(`${item.quantity} x ${plain(item.name)}`, formatCents(amountCents(item.unitPrice) * item.quantity)));
    out.push(rule);
  }
  out.push(`{b}${line(words.total, sale.amount)}{/b}`);
  if (template.showPayment) out.push(`${words.paid} ${plain(sale.paymentMethod ?? words.card)}`);
  if (template.showCardLastFour && sale.cardLastFour !== null) out.push(`${words.card} **** ${plain(sale.cardLastFour)}`);
  if (template.showAuthorization && sale.authorizationCode !== null) out.push(`${words.authorization} ${plain(sale.authorizationCode)}`);
  out.push(`${words.order} ${plain(sale.orderId)}`);
  if (template.showQr) out.push(`{center}{qr}${plain(sale.orderId)}{/qr}{/center}`);
  const footer = template.footer.split('\n').filter((text) => text.trim() !== '');
  if (footer.length > 0) out.push(rule, ...footer.map((text) => `{center}${text}{/center}`));
  return out.join('\n');
}
