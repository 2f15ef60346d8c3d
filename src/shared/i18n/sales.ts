import type { Language } from '../ipc/channels/app';
import type { TerminalSaleState } from '../lifecycle/terminal-sale';
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
  unconfirmed: {
    en: 'Not confirmed: check the terminal and the payments before charging again',
    es: 'Sin confirmar: revise la terminal y los pagos antes de volver a cobrar',
  },
  not_sent: { en: 'Not sent: no card was read, nothing was charged', es: 'No enviada: no se leyó ninguna tarjeta, no se cobró nada' },
  at_terminal: { en: 'On the terminal: waiting for the card', es: 'En la terminal: esperando la tarjeta' },
  processed: { en: 'Approved', es: 'Aprobada' },
  failed: { en: 'Declined', es: 'Rechazada' },
  action_required: { en: 'Needs attention on the terminal', es: 'Requiere atención en la terminal' },
  expired: { en: 'Expired: nobody paid in time', es: 'Vencida: nadie pagó a tiempo' },
  canceled: { en: 'Canceled', es: 'Cancelada' },
  refunded: { en: 'Refunded', es: 'Devuelta' },
} as const satisfies TextTable & Record<TerminalSaleState, unknown>;

/** The words of Counter's own receipt of a sale (src/shared/receipt/sale-receipt.ts). */
export const SALE_RECEIPT_WORDS = {
  en: { total: 'TOTAL', paid: 'Paid with', card: 'Card', order: 'Order', authorization: 'Authorization' },
  es: { total: 'TOTAL', paid: 'Pagado con', card: 'Tarjeta', order: 'Orden', authorization: 'Autorización' },
} as const satisfies Record<Language, Record<string, string>>;

/**
 * The platform's refusals as a cashier reads them about a sale: the shared failure texts speak of prints
 * (the same codes answer print actions), so the Orders API's codes that can reach a sale have their own words.
 */
export const SALE_FAILURES = {
  required_properties: {
    en: 'The platform refused the sale: something it needs is missing.',
    es: 'La plataforma rechazó la venta: falta un dato que necesita.',
  },
  unsupported_properties: {
    en: 'The platform refused the sale: it carries a field the platform does not take.',
    es: 'La plataforma rechazó la venta: lleva un campo que la plataforma no acepta.',
  },
  property_type: {
    en: 'The platform refused the sale: a value has the wrong form.',
    es: 'La plataforma rechazó la venta: un valor tiene una forma incorrecta.',
  },
  property_value: {
    en: 'The platform refused the sale: check the amount, and that the terminal is in PDV mode.',
    es: 'La plataforma rechazó la venta: revise el monto y que la terminal esté en modo PDV.',
  },
  idempotency_key_already_used: {
    en: 'The platform saw this sale before with different data. Charge it again as a new sale.',
    es: 'La plataforma ya recibió esta venta con otros datos. Cóbrela de nuevo como una venta nueva.',
  },
  already_queued_order_for_terminal: {
    en: 'The terminal is busy with another order. Counter will send this sale when it is free.',
    es: 'La terminal está ocupada con otra orden. Counter enviará esta venta cuando se libere.',
  },
  invalid_path_param: { en: 'The platform does not know this sale.', es: 'La plataforma no conoce esta venta.' },
  order_not_found: { en: 'The platform does not know this sale.', es: 'La plataforma no conoce esta venta.' },
  cannot_cancel_order: {
    en: 'The terminal already took this sale, so it cannot be cancelled from Counter. Cancel it on the terminal.',
    es: 'La terminal ya tomó esta venta, así que no se puede cancelar desde Counter. Cancélela en la terminal.',
  },
} as const satisfies TextTable;

export function isSaleFailureCode(code: string): code is keyof typeof SALE_FAILURES {
  return Object.hasOwn(SALE_FAILURES, code);
}
