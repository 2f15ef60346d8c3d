import type { PrintStatus } from '../ipc/channels/prints';
import type { PrintSubtype } from '../platform/terminal-actions';
import type { Text, TextTable } from './text';

/**
 * Words every screen and main share, written once: a print's statuses (spec 3, with Counter's own
 * `queued` and `sending` before the platform has it), its subtypes (spec 2.3), the screens' names (so
 * main's messages send the cashier to "Ajustes" exactly as the tab reads), and a few common actions.
 */

export type ScreenName = 'counter' | 'sell' | 'queue' | 'manager' | 'checkout' | 'settings' | 'day';

export const SCREEN_NAMES: TextTable<ScreenName> = {
  counter: { en: 'Counter', es: 'Caja' },
  sell: { en: 'Sell', es: 'Vender' },
  queue: { en: 'Queue', es: 'Cola' },
  manager: { en: 'Manager', es: 'Gerencia' },
  checkout: { en: 'Checkout', es: 'Cobro' },
  settings: { en: 'Settings', es: 'Ajustes' },
  day: { en: 'Day', es: 'Día' },
};

/** The status of a print as one label: the manager's pills, the queue's rows, the timeline's steps. */
/** `unknown`: a status a newer Counter wrote in the store database, which this one cannot name. */
export const PRINT_STATUSES: TextTable<PrintStatus | 'unknown'> = {
  queued: { en: 'Queued', es: 'En cola' },
  sending: { en: 'Sending', es: 'Enviando' },
  needs_attention: { en: 'Needs attention', es: 'Requiere atención' },
  created: { en: 'Waiting for the terminal', es: 'Esperando a la terminal' },
  on_terminal: { en: 'On the terminal', es: 'En la terminal' },
  processed: { en: 'Printed', es: 'Impresa' },
  failed: { en: 'Failed', es: 'Falló' },
  canceled: { en: 'Canceled', es: 'Cancelada' },
  unknown: { en: 'Unknown (newer Counter)', es: 'Desconocido (Counter más nuevo)' },
};

export const PRINT_SUBTYPES: TextTable<PrintSubtype | 'unknown'> = {
  custom: { en: 'Receipt', es: 'Ticket' },
  image: { en: 'Image', es: 'Imagen' },
  invoice: { en: 'Invoice', es: 'Factura' },
  unknown: { en: 'Unknown (newer Counter)', es: 'Desconocido (Counter más nuevo)' },
};

export type CommonTerm =
  | 'terminal'
  | 'reference'
  | 'cancelPrint'
  | 'canceling'
  | 'close'
  | 'sent'
  | 'printStatus'
  | 'statusUnconfirmed'
  | 'somethingWentWrong'
  | 'tryAgain'
  | 'errorCode';

export const COMMON_TERMS: TextTable<CommonTerm> = {
  terminal: { en: 'Terminal', es: 'Terminal' },
  reference: { en: 'Reference', es: 'Referencia' },
  cancelPrint: { en: 'Cancel print', es: 'Cancelar impresión' },
  canceling: { en: 'Canceling…', es: 'Cancelando…' },
  close: { en: 'Close', es: 'Cerrar' },
  /** The timeline's step between queued and on the terminal: the platform has it. */
  sent: { en: 'Sent', es: 'Enviada' },
  /** A print's reference and its status, as the queue announces a change and the counter reports one. */
  printStatus: { en: '{reference}: {status}', es: '{reference}: {status}' },
  /** An error boundary's message: a screen or a preview that failed to draw, the rest of the window still works. */
  somethingWentWrong: {
    en: 'This part of Counter could not be shown. The rest still works.',
    es: 'Esta parte de Counter no se pudo mostrar. El resto sigue funcionando.',
  },
  tryAgain: { en: 'Try again', es: 'Reintentar' },
  errorCode: { en: 'code {code}', es: 'código {code}' },
  /** Status reads fail: the print may have moved on unseen, so the status shown is only the last one confirmed. */
  statusUnconfirmed: {
    en: 'Can’t confirm the status — last confirmed {seconds} s ago.',
    es: 'No se puede confirmar el estado — confirmado por última vez hace {seconds} s.',
  },
};

/** Texts that read the same in both languages on purpose (names, codes, units); the catalogue test allows exactly these. */
export const SAME_IN_EVERY_LANGUAGE: readonly string[] = [
  'Terminal',
  'Total',
  'Sandbox',
  'PNG',
  'Error',
  'No',
  '—',
  'Floyd–Steinberg',
  'Atkinson',
  'Gmail',
  'Facebook',
  '{reference}: {status}',
  '+{count}',
];

export function isSameInEveryLanguage(text: Text): boolean {
  return SAME_IN_EVERY_LANGUAGE.includes(text.en);
}
