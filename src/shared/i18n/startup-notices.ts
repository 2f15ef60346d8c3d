import type { StartupNotice } from '../ipc/channels/app';
import { failureText } from './failures';
import { textOf, type Language, type TextParams, type TextTable } from './text';

/** The kinds of record a salvaged history reports on, in the order its notice names them. */
export const SALVAGED_KINDS = ['prints', 'terminalSales', 'paymentOrders', 'checkoutSales', 'storeOutbox', 'shifts'] as const;
export type SalvagedKind = (typeof SALVAGED_KINDS)[number];

export type StartupNoticeKey =
  'title' | 'keptAs' | 'dismiss' | `salvage.${SalvagedKind}` | 'salvage.whole' | 'salvage.counted' | 'salvage.unknown' | 'salvage.partial';

/** The frame around a startup notice, and the parts of a salvaged history's summary; the notice's own sentence is its code's in FAILURES. */
export const STARTUP_NOTICE_TEXTS: TextTable<StartupNoticeKey> = {
  title: { en: 'Counter found something at start', es: 'Counter encontró algo al iniciar' },
  keptAs: { en: 'Kept as: {path}', es: 'Conservado en: {path}' },
  dismiss: { en: 'Dismiss', es: 'Cerrar aviso' },
  'salvage.prints': { en: 'prints', es: 'impresiones' },
  'salvage.terminalSales': { en: 'terminal sales', es: 'ventas en terminal' },
  'salvage.paymentOrders': { en: 'payment orders', es: 'órdenes de pago' },
  'salvage.checkoutSales': { en: 'checkout sales', es: 'ventas de checkout' },
  'salvage.storeOutbox': { en: 'changes waiting for the store database', es: 'cambios pendientes para la base de datos de la tienda' },
  'salvage.shifts': { en: 'shifts', es: 'turnos' },
  'salvage.whole': { en: '{kind}: {kept} kept', es: '{kind}: se conservaron {kept}' },
  'salvage.counted': { en: '{kind}: {kept} kept, {lost} could not be read', es: '{kind}: se conservaron {kept}, no se pudieron leer {lost}' },
  'salvage.unknown': {
    en: '{kind}: {kept} kept, an unknown number could not be read',
    es: '{kind}: se conservaron {kept}, no se pudo leer una cantidad desconocida',
  },
  'salvage.partial': { en: ' (some kept without all their details)', es: ' (algunos conservados sin todos sus detalles)' },
};

/** A salvaged history's count of one kind, as the notice's values carry it: lost is a number, or `unknown` when it cannot be counted. */
export interface SalvagedCount {
  kept: number;
  lost: number | 'unknown';
  /** Rows belonging to records of this kind (a print's steps or content) were lost. */
  partial: boolean;
}

/** The notice's values for one kind (`printsKept`, `printsLost`, `printsPartial`…), written by main. */
export function salvagedValues(kind: SalvagedKind, count: SalvagedCount): Record<string, string | number> {
  return { [`${kind}Kept`]: count.kept, [`${kind}Lost`]: count.lost, [`${kind}Partial`]: count.partial ? 1 : 0 };
}

/**
 * What a salvaged history kept and lost, kind by kind, in the reader's language: prints always, another
 * kind when it had something to keep or lose. Never "0 could not be read" for a loss that could not be
 * counted: that says an unknown number.
 */
function salvageSummary(values: TextParams, language: Language): string {
  const parts: string[] = [];
  for (const kind of SALVAGED_KINDS) {
    const kept = Number(values[`${kind}Kept`] ?? 0);
    const lost = values[`${kind}Lost`] ?? 0;
    const partial = values[`${kind}Partial`] === 1;
    if (kind !== 'prints' && kept === 0 && lost === 0 && !partial) continue;
    const name = textOf(STARTUP_NOTICE_TEXTS, `salvage.${kind}`, language);
    const shape = lost === 'unknown' ? 'salvage.unknown' : Number(lost) > 0 ? 'salvage.counted' : 'salvage.whole';
    const text = textOf(STARTUP_NOTICE_TEXTS, shape, language, { kind: name, kept, lost });
    parts.push(partial ? text + textOf(STARTUP_NOTICE_TEXTS, 'salvage.partial', language) : text);
  }
  return parts.join('; ');
}

/**
 * A startup notice in the reader's language, written afresh from its code and values: main found it
 * before anyone chose a language, and the cashier may switch it since (otherwise the notices
 * stayed in English).
 */
export function startupNoticeText(notice: StartupNotice, language: Language): { message: string; keptAs: string | undefined } {
  const values = notice.values ?? {};
  const params = notice.code === 'history_salvaged' ? { ...values, summary: salvageSummary(values, language) } : values;
  return {
    message: failureText(notice.code, language, params),
    keptAs: notice.backupPath === null ? undefined : textOf(STARTUP_NOTICE_TEXTS, 'keptAs', language, { path: notice.backupPath }),
  };
}
