import type { FeatureMessages } from '../../i18n/common';

/** The print timeline's words; its steps are the catalogue's print statuses (printStatus.x, term.sent). */
const en = {
  label: 'Progress of {reference}',
  done: 'done',
  skipped: 'skipped',
  'state.queued': 'Waiting in Counter’s queue for its turn.',
  'state.sending': 'Sending to the platform…',
  'state.retrying': 'Not accepted yet (attempt {attempts}); Counter keeps trying.',
  'state.needs_attention': 'Needs attention — {reason}',
  tryAgain: 'Try again',
  giveUp: 'Give up',
  giveUpConfirm: 'Give up on this print? If the platform has it, Counter cancels it there first; it will not print.',
  giveUpYes: 'Yes, give up',
  giveUpNo: 'Keep it',
  'state.created': 'Sent; waiting for the terminal to pick it up.',
  'state.on_terminal': 'The terminal has it and is printing.',
  'state.processed': 'Printed.',
  'state.failed': 'Did not print.',
  'state.canceled': 'Canceled; it will not print.',
  cancelOnTerminal: 'It is already on the terminal: to stop it, cancel it on the terminal itself.',
  code: 'code {code}',
  details: 'Details',
} as const;

export type TimelineMessageKey = keyof typeof en;

const es: Record<TimelineMessageKey, string> = {
  label: 'Avance de {reference}',
  done: 'hecho',
  skipped: 'omitido',
  'state.queued': 'Esperando su turno en la cola de Counter.',
  'state.sending': 'Enviando a la plataforma…',
  'state.retrying': 'Aún no aceptada (intento {attempts}); Counter sigue intentando.',
  'state.needs_attention': 'Requiere atención — {reason}',
  tryAgain: 'Intentar de nuevo',
  giveUp: 'Abandonar',
  giveUpConfirm: '¿Abandonar esta impresión? Si la plataforma la tiene, Counter primero la cancela allí; no se imprimirá.',
  giveUpYes: 'Sí, abandonar',
  giveUpNo: 'Conservarla',
  'state.created': 'Enviada; esperando que la terminal la recoja.',
  'state.on_terminal': 'La terminal la tiene y está imprimiendo.',
  'state.processed': 'Impresa.',
  'state.failed': 'No se imprimió.',
  'state.canceled': 'Cancelada; no se imprimirá.',
  cancelOnTerminal: 'Ya está en la terminal: para detenerla, cancélela en la propia terminal.',
  code: 'código {code}',
  details: 'Detalles',
};

export const timelineMessages: FeatureMessages<TimelineMessageKey> = { en, es };
