import type { FeatureMessages } from '../../i18n/common';

/** The Sell screen's words, English and Spanish; statuses and decline reasons come from the shared catalogue (src/shared/i18n/sales.ts). */
const en = {
  title: 'Sell',
  lead: 'Charge on the terminal: the customer taps or inserts the card, and the receipt comes out.',
  amount: 'Amount',
  'amount.hint': 'Type the amount and press Enter to charge. Esc cancels while the terminal has not taken it.',
  'terminal.none': 'No terminal in PDV mode',
  slip: 'Let the terminal print its own slip (no Counter receipt)',
  charge: 'Charge on terminal',
  charging: 'Sending…',
  cancel: 'Cancel',
  refund: 'Refund',
  'refund.amount': 'Refund amount (empty: all that is left)',
  'refund.confirm': 'Refund {amount} to the sale’s card?',
  'refund.yes': 'Yes, refund',
  'refund.no': 'No',
  refunded: 'Refunded {amount}',
  receipt: 'Receipt printed',
  idle: 'Ready to charge.',
  newSale: 'New sale',
  'problem.amount': 'Enter an amount greater than 0 with at most two decimals.',
  recent: 'Recent sales',
};

type SellMessageKey = keyof typeof en;

const es: Record<SellMessageKey, string> = {
  title: 'Vender',
  lead: 'Cobre en la terminal: el cliente acerca o inserta la tarjeta y sale el comprobante.',
  amount: 'Monto',
  'amount.hint': 'Escriba el monto y pulse Enter para cobrar. Esc cancela mientras la terminal no lo tomó.',
  'terminal.none': 'No hay terminales en modo PDV',
  slip: 'Que la terminal imprima su propio comprobante (sin el de Counter)',
  charge: 'Cobrar en terminal',
  charging: 'Enviando…',
  cancel: 'Cancelar',
  refund: 'Devolver',
  'refund.amount': 'Monto a devolver (vacío: todo lo que queda)',
  'refund.confirm': '¿Devolver {amount} a la tarjeta de la venta?',
  'refund.yes': 'Sí, devolver',
  'refund.no': 'No',
  refunded: 'Devuelto {amount}',
  receipt: 'Comprobante impreso',
  idle: 'Listo para cobrar.',
  newSale: 'Nueva venta',
  'problem.amount': 'Ingrese un monto mayor que 0 con hasta dos decimales.',
  recent: 'Ventas recientes',
};

export const sellMessages: FeatureMessages<SellMessageKey> = { en, es };
