import type { FeatureMessages } from '../../i18n/common';

/** The Queue screen's words, English and Spanish; statuses and subtypes are the shared catalogue's (see ../../i18n). */
const en = {
  loading: 'Reading the queue…',
  error: 'The queue could not be read: {reason}',
  empty: 'Nothing printed yet. Prints from the Counter screen show here as they go out.',
  counts: '{active} on the way · {finished} finished',
  'section.active': 'On the way',
  'section.finished': 'Recently finished',
  'none.active': 'Nothing on the way to this terminal.',
  behind: 'Waits behind {reference}',
  queuedAt: 'Queued {time}',
  finishedAt: 'Finished {time}',
  recent: 'The last {count} finished prints are shown; the Manager screen has the whole history.',
} as const;

export type QueueMessageKey = keyof typeof en;

const es: Record<QueueMessageKey, string> = {
  loading: 'Leyendo la cola…',
  error: 'No se pudo leer la cola: {reason}',
  empty: 'Aún no hay impresiones. Las impresiones de la pantalla Caja aparecen aquí al salir.',
  counts: '{active} en camino · {finished} terminadas',
  'section.active': 'En camino',
  'section.finished': 'Terminadas recientemente',
  'none.active': 'Nada en camino a esta terminal.',
  behind: 'Espera detrás de {reference}',
  queuedAt: 'En cola {time}',
  finishedAt: 'Terminada {time}',
  recent: 'Se muestran las últimas {count} impresiones terminadas; la pantalla Gerencia tiene todo el historial.',
};

export const queueMessages: FeatureMessages<QueueMessageKey> = { en, es };
