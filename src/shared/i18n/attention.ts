import { textOf, type Language, type TextTable } from './text';

/**
 * Why a print needs attention: its creates kept failing, so Counter stopped
 * resending it and let the prints behind it go. The failure's own text says "Counter will retry",
 * which is no longer true, so a set-aside print is explained by these instead, by kind of failure.
 */
export type AttentionReason = 'platform_error' | 'no_answer' | 'rate_limited' | 'other';

export const ATTENTION_REASONS: TextTable<AttentionReason> = {
  platform_error: {
    en: 'The platform kept answering this print with an error ({code}). Try again, or give up on it.',
    es: 'La plataforma siguió respondiendo a esta impresión con un error ({code}). Inténtelo de nuevo o abandónela.',
  },
  no_answer: {
    en: 'The platform kept not answering for this print ({code}). Try again, or give up on it.',
    es: 'La plataforma siguió sin responder por esta impresión ({code}). Inténtelo de nuevo o abandónela.',
  },
  rate_limited: {
    en: 'The platform kept refusing requests for this print as too many ({code}). Try again, or give up on it.',
    es: 'La plataforma siguió rechazando solicitudes de esta impresión por exceso ({code}). Inténtelo de nuevo o abandónela.',
  },
  other: {
    en: 'Counter could not send this print ({code}) and stopped trying so the next prints can go. Try again, or give up on it.',
    es: 'Counter no pudo enviar esta impresión ({code}) y dejó de intentarlo para que pasen las siguientes. Inténtelo de nuevo o abandónela.',
  },
};

/** The kind of a transient failure by its HTTP status (null: no answer at all). */
export function attentionReasonOf(status: number | null): AttentionReason {
  if (status === null) return 'no_answer';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'platform_error';
  return 'other';
}

export function attentionText(code: string, status: number | null, language: Language): string {
  return textOf(ATTENTION_REASONS, attentionReasonOf(status), language, { code });
}
