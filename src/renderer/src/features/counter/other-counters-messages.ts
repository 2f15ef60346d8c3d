import type { FeatureMessages } from '../../i18n/common';

/** The Counter screen's line of other counters' prints on the same terminal (the store database). */
const en = {
  'others.label': 'Other counters on this terminal',
  'others.waits': 'Your print waits until these have left the terminal’s line.',
  'others.heldBy': 'Your print waits: {counter}’s print {reference} has been {status} on this terminal since {since}.',
  'others.gone': '{counter} has not been seen since {since}: its prints no longer hold this terminal.',
  'others.goneNever': '{counter} has not been seen for a long time: its prints no longer hold this terminal.',
} as const;

export type OtherCountersKey = keyof typeof en;

const es: Record<OtherCountersKey, string> = {
  'others.label': 'Otros mostradores en esta terminal',
  'others.waits': 'Su impresión espera hasta que estas salgan de la fila de la terminal.',
  'others.heldBy': 'Su impresión espera: la impresión {reference} de {counter} está en «{status}» en esta terminal desde {since}.',
  'others.gone': 'No se ve a {counter} desde {since}: sus impresiones ya no ocupan esta terminal.',
  'others.goneNever': 'Hace mucho que no se ve a {counter}: sus impresiones ya no ocupan esta terminal.',
};

export const otherCountersMessages: FeatureMessages<OtherCountersKey> = { en, es };
