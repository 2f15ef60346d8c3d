import type { Language } from '../../../shared/ipc/channels/app';
import { FAILURES, failureText, isFailureCode, type FailureCode } from '../../../shared/i18n/failures';

/**
 * The cashier's text of main's failure codes. The texts live in the shared catalogue
 * (src/shared/i18n/failures.ts), which the renderer reads too; this module keeps the names main's
 * services already call.
 */
export const MESSAGES = FAILURES;

export type MessageCode = FailureCode;

export function isMessageCode(code: string): code is MessageCode {
  return isFailureCode(code);
}

/** The cashier's text for a code; an unknown code (a future platform code) gets the generic refusal. */
export function cashierMessage(code: string, language: Language = 'en'): string {
  return failureText(code, language);
}
