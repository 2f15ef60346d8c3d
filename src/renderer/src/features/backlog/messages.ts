import type { FeatureMessages } from '../../i18n/common';

/** The backlog question after an outage, English and Spanish. */
const en = {
  title: 'Prints waited while the platform was away',
  lead: 'These prints have waited more than {wait}. A receipt that comes out this late is often no longer wanted: choose for each terminal.',
  terminal: '{terminal}: {count} waiting since {time}',
  printAll: 'Print all {count}',
  lastN: 'Only the last',
  lastNGo: 'Print only these',
  setAside: 'Set them aside',
  setAsideHint: 'Set aside prints are cancelled here and stay in the history, where Print again brings any of them back.',
  done: 'Answered for {terminal}: {released} will print, {aside} set aside.',
  minutes: '{count} minutes',
  seconds: '{count} seconds',
} as const;

const es: Record<keyof typeof en, string> = {
  title: 'Hubo impresiones esperando mientras la plataforma no respondía',
  lead: 'Estas impresiones esperaron más de {wait}. Un comprobante que sale tan tarde muchas veces ya no sirve: elija para cada terminal.',
  terminal: '{terminal}: {count} esperando desde {time}',
  printAll: 'Imprimir las {count}',
  lastN: 'Solo las últimas',
  lastNGo: 'Imprimir solo esas',
  setAside: 'Dejarlas de lado',
  setAsideHint: 'Las impresiones dejadas de lado se cancelan aquí y quedan en el historial, donde «Imprimir de nuevo» recupera cualquiera.',
  done: 'Respondido para {terminal}: se imprimirán {released}, {aside} dejadas de lado.',
  minutes: '{count} minutos',
  seconds: '{count} segundos',
};

export const backlogMessages: FeatureMessages<keyof typeof en> = { en, es };
