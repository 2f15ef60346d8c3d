/** The terminal page's words in English and Spanish (`?lang=es`); Counter's paper link passes its language. */
export type PageLanguage = 'en' | 'es';

const en = {
  title: 'virtual terminal',
  device: 'terminal',
  slot: 'paper slot',
  amountDue: 'Amount due',
  held: 'On the terminal',
  waiting: 'Waiting',
  last: 'Last',
  lastPayment: 'Last payment',
  none: 'none',
  refresh: 'Refresh',
  cancel: 'Cancel',
  paperOut: 'Paper out',
  loadPaper: 'Load paper',
  goOffline: 'Go offline',
  goOnline: 'Go online',
  printed: 'Printed ✓',
  failed: 'Failed ✗',
  approve: 'Approved card',
  decline: 'Declined card',
  declineReason: 'Decline reason',
  timeout: 'Time out',
  noAnswer: 'No answer',
  pickup: 'Pickup',
  pickupAuto: 'automatic',
  pickupManual: 'on refresh only',
  result: 'Result',
  resultAuto: 'reported automatically',
  resultManual: 'by the buttons above',
  roll: 'Paper roll',
  rollEmpty: 'Nothing printed yet.',
  printedCount: '({count} printed)',
  unreachable: 'Sandbox unreachable: ',
  slipAlt: 'Payment slip ',
  printAlt: 'Print ',
} as const;

export type PageTextKey = keyof typeof en;

const es: Record<PageTextKey, string> = {
  title: 'terminal virtual',
  device: 'terminal',
  slot: 'ranura del papel',
  amountDue: 'Monto a cobrar',
  held: 'En la terminal',
  waiting: 'En espera',
  last: 'Última',
  lastPayment: 'Último pago',
  none: 'ninguna',
  refresh: 'Actualizar',
  cancel: 'Cancelar',
  paperOut: 'Sin papel',
  loadPaper: 'Cargar papel',
  goOffline: 'Desconectar',
  goOnline: 'Conectar',
  printed: 'Impresa ✓',
  failed: 'Falló ✗',
  approve: 'Tarjeta aprobada',
  decline: 'Tarjeta rechazada',
  declineReason: 'Motivo del rechazo',
  timeout: 'Vencer el tiempo',
  noAnswer: 'Sin respuesta',
  pickup: 'Recepción',
  pickupAuto: 'automática',
  pickupManual: 'solo al actualizar',
  result: 'Resultado',
  resultAuto: 'informado automáticamente',
  resultManual: 'con los botones de arriba',
  roll: 'Rollo de papel',
  rollEmpty: 'Todavía no se imprimió nada.',
  printedCount: '({count} impresas)',
  unreachable: 'No se puede contactar al sandbox: ',
  slipAlt: 'Comprobante de pago ',
  printAlt: 'Impresión ',
};

export const PAGE_TEXT: Readonly<Record<PageLanguage, Readonly<Record<PageTextKey, string>>>> = { en, es };

export function pageLanguage(requested: unknown): PageLanguage {
  return requested === 'es' ? 'es' : 'en';
}
