import type { FeatureMessages } from '../../i18n/common';

/** The Counter screen's line of other counters' prints on the same terminal (the store database). */
const en = {
  'others.label': 'Other counters on this terminal',
  'others.waits': 'Your print waits until these have left the terminal’s line.',
} as const;

export type OtherCountersKey = keyof typeof en;

const es: Record<OtherCountersKey, string> = {
  'others.label': 'Otros mostradores en esta terminal',
  'others.waits': 'Su impresión espera hasta que estas salgan de la fila de la terminal.',
};

export const otherCountersMessages: FeatureMessages<OtherCountersKey> = { en, es };
