import { attentionText } from './attention';
import { failureText, isFailureCode } from './failures';
import type { Language } from './text';

/** What the renderer holds of a print's last error (shared/ipc/channels/prints PrintError). */
export interface PrintErrorFacts {
  readonly code: string;
  /** Main's text, written in the language of the moment it was made. */
  readonly message: string;
  readonly status: number | null;
}

/**
 * A print's error in the reader's language, from its code, so it follows a language change at once
 * (the stored text stayed in the language it was written in after the cashier switched): main's stored
 * message stays in the language of the moment it was written.
 * A print set aside is explained by the attention reason (its failure's own text promises a retry that
 * no longer happens, as in main's summary.ts). Only a code the catalogue does not know (a platform's
 * own message) keeps the stored text, which is better than a generic refusal.
 */
export function printErrorText(error: PrintErrorFacts, language: Language, setAside = false): string {
  if (setAside) return attentionText(error.code, error.status, language);
  return isFailureCode(error.code) ? failureText(error.code, language) : error.message;
}

/** A print's last error as its screens and the CSV show it; empty without one. */
export function lastErrorText(print: { readonly status: string; readonly lastError: PrintErrorFacts | null }, language: Language): string {
  return print.lastError === null ? '' : printErrorText(print.lastError, language, print.status === 'needs_attention');
}
