import type { Language } from '../ipc/channels/app';
import type { DeclineReason } from '../platform/orders';
import type { TextTable } from './text';

/** Why the terminal declined a card, in the cashier's words (the order's status_detail, shared DeclineReason). */
export const DECLINE_REASONS = {
  rejected_by_issuer: { en: 'The card’s bank declined it. Ask for another card.', es: 'El banco de la tarjeta la rechazó. Pida otra tarjeta.' },
  insufficient_amount: { en: 'Not enough funds on the card. Ask for another card.', es: 'La tarjeta no tiene fondos suficientes. Pida otra tarjeta.' },
  high_risk: { en: 'Declined for security. Ask for another card or payment method.', es: 'Rechazada por seguridad. Pida otra tarjeta u otro medio de pago.' },
  bad_filled_card_data: {
    en: 'The card data was not read correctly. Try the card again.',
    es: 'Los datos de la tarjeta no se leyeron bien. Intente de nuevo con la tarjeta.',
  },
  required_call_for_authorize: {
    en: 'The customer must call the card’s bank to authorise this payment.',
    es: 'El cliente debe llamar al banco de la tarjeta para autorizar el pago.',
  },
  processing_error: { en: 'The payment could not be processed. Try again.', es: 'No se pudo procesar el pago. Intente de nuevo.' },
} as const satisfies TextTable & Record<DeclineReason, unknown>;

/** A sale's status as the Sell screen and the manager show it. */
export const SALE_STATUSES = {
  created: { en: 'Sent to the terminal', es: 'Enviada a la terminal' },
  at_terminal: { en: 'On the terminal: waiting for the card', es: 'En la terminal: esperando la tarjeta' },
  processed: { en: 'Approved', es: 'Aprobada' },
  failed: { en: 'Declined', es: 'Rechazada' },
  action_required: { en: 'Needs attention on the terminal', es: 'Requiere atención en la terminal' },
  expired: { en: 'Expired: nobody paid in time', es: 'Vencida: nadie pagó a tiempo' },
  canceled: { en: 'Cancelled', es: 'Cancelada' },
  refunded: { en: 'Refunded', es: 'Devuelta' },
} as const satisfies TextTable;

/** The words of Counter's own receipt of a sale (src/shared/receipt/sale-receipt.ts). */
export const SALE_RECEIPT_WORDS = {
  en: { total: 'TOTAL', paid: 'Paid with', card: 'Card', order: 'Order', authorization: 'Authorization' },
  es: { total: 'TOTAL', paid: 'Pagado con', card: 'Tarjeta', order: 'Orden', authorization: 'Autorización' },
} as const satisfies Record<Language, Record<string, string>>;
