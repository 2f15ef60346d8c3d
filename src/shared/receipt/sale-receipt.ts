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
  /** A line with the sale's date and time under the header; absent in templates saved before it existed. */
  showDateTime: z.boolean().default(true),
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
  showDateTime: true,
});

/**
 * What the header and footer may say about the sale, filled in at print time: `{{date}}`, `{{time}}`,
 * `{{currency}}`, `{{cashier}}` (the person signed in once Counter has staff; until then the counter's
 * name, or nothing) and `{{sale_number}}` (the sale's external reference).
 */
export const SALE_RECEIPT_PLACEHOLDERS = ['date', 'time', 'currency', 'cashier', 'sale_number'] as const;
export type SaleReceiptPlaceholder = (typeof SALE_RECEIPT_PLACEHOLDERS)[number];

/** What a receipt shows of one sale. */
export interface SaleReceiptData {
  items: ReadonlyArray<{ name: string; quantity: number; unitPrice: string }>;
  amount: string;
  paymentMethod: string | null;
  cardLastFour: string | null;
  authorizationCode: string | null;
  /** The platform's order id (the QR), or the sale's own id before the platform answered. */
  orderId: string;
  /** When the sale was made (ISO), in the counter's own time zone on paper. */
  at?: string;
  /** The store's currency (ISO 4217), '' while unknown. */
  currency?: string;
  /** Who sold: see SALE_RECEIPT_PLACEHOLDERS. */
  cashier?: string;
  /** The sale's number as the store finds it again (its external reference). */
  saleNumber?: string;
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
  at: '2026-11-24T17:05:00.000Z',
  currency: 'ARS',
  cashier: 'CAJA01',
  saleNumber: 'CTR-20261124-140500-AB12CD',
});

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** The paper's date and time: day first in both languages (the stores are es-AR, es-CL), 24-hour clock. */
function paperDateTime(iso: string | undefined): { date: string; time: string } {
  if (iso === undefined) return { date: '', time: '' };
  const at = new Date(iso);
  return {
    date: `${twoDigits(at.getDate())}/${twoDigits(at.getMonth() + 1)}/${String(at.getFullYear())}`,
    time: `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`,
  };
}

/** Fills the placeholders of a header or footer line; an unknown `{{name}}` stays as typed, so a typo shows. */
export function fillSalePlaceholders(text: string, sale: SaleReceiptData): string {
  const { date, time } = paperDateTime(sale.at);
  const values: Record<SaleReceiptPlaceholder, string> = {
    date,
    time,
    currency: sale.currency ?? '',
    cashier: sale.cashier ?? '',
    sale_number: sale.saleNumber ?? '',
  };
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (slot, name: string) =>
    (SALE_RECEIPT_PLACEHOLDERS as readonly string[]).includes(name) ? plainValue(values[name as SaleReceiptPlaceholder]) : slot,
  );
}

/** A value from the sale, printed as plain text (no tag, no line break). */
// eslint-disable-next-line no-control-regex -- the point is to find them
const plainValue = (text: string): string => text.replace(/[{}]/g, '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');

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
  const header = template.header
    .split('\n')
    .filter((text) => text.trim() !== '')
    .map((text) => fillSalePlaceholders(text, sale));
  header.forEach((text, index) => out.push(index === 0 ? `{center}{b}${text}{/b}{/center}` : `{center}${text}{/center}`));
  if (template.showDateTime && sale.at !== undefined) {
    const { date, time } = paperDateTime(sale.at);
    out.push(line(date, time));
  }
  out.push(rule);
  if (template.showItems && sale.items.length > 0) {
    for (const item of sale.items) out.push(line(`${item.quantity} x ${plain(item.name)}`, formatCents(amountCents(item.unitPrice) * item.quantity)));
    out.push(rule);
  }
  const currency = sale.currency === undefined || sale.currency === '' ? '' : `${plainValue(sale.currency)} `;
  out.push(`{b}${line(words.total, `${currency}${sale.amount}`)}{/b}`);
  if (template.showPayment) out.push(`${words.paid} ${plain(sale.paymentMethod ?? words.card)}`);
  if (template.showCardLastFour && sale.cardLastFour !== null) out.push(`${words.card} **** ${plain(sale.cardLastFour)}`);
  if (template.showAuthorization && sale.authorizationCode !== null) out.push(`${words.authorization} ${plain(sale.authorizationCode)}`);
  out.push(`${words.order} ${plain(sale.orderId)}`);
  if (template.showQr) out.push(`{center}{qr}${plain(sale.orderId)}{/qr}{/center}`);
  const footer = template.footer
    .split('\n')
    .filter((text) => text.trim() !== '')
    .map((text) => fillSalePlaceholders(text, sale));
  if (footer.length > 0) out.push(rule, ...footer.map((text) => `{center}${text}{/center}`));
  return out.join('\n');
}
