/**
 * The catalogue of cashier text, shared by main and the renderer: every table in both languages.
 * Screens keep their own sentences beside their code (src/renderer/src/features/x/messages.ts) and
 * take the common terms, failures and problem texts from here.
 */
import { ATTENTION_REASONS } from './attention';
import { DIFFERENCE_TEXTS, REPORT_TEXTS, TENDER_NAMES } from './day';
import { DTE_PROBLEMS } from './dte-problems';
import { CONTRACT_FAILURES, FAILURES } from './failures';
import { PRODUCTION_SETUP } from './production-setup';
import { RECEIPT_PROBLEMS } from './receipt-problems';
import { STARTUP_NOTICE_TEXTS } from './startup-notices';
import { DECLINE_REASONS, SALE_FAILURES, SALE_STATUSES } from './sales';
import { COMMON_TERMS, PRINT_STATUSES, PRINT_SUBTYPES, SCREEN_NAMES } from './terms';
import type { TextTable } from './text';

export { ATTENTION_REASONS, attentionReasonOf, attentionText, type AttentionReason } from './attention';
export { lastErrorText, printErrorText, type PrintErrorFacts } from './print-errors';
export { DTE_PROBLEMS, type DteProblemText } from './dte-problems';
export { CONTRACT_FAILURES, FAILURES, failureText, isFailureCode, type FailureCode } from './failures';
export { PRODUCTION_SETUP, type ProductionSetupKey } from './production-setup';
export { RECEIPT_PROBLEMS, type ReceiptProblemText } from './receipt-problems';
export { STARTUP_NOTICE_TEXTS, startupNoticeText, type StartupNoticeKey } from './startup-notices';
export { DECLINE_REASONS, SALE_FAILURES, SALE_STATUSES } from './sales';
export {
  COMMON_TERMS,
  isSameInEveryLanguage,
  PRINT_STATUSES,
  PRINT_SUBTYPES,
  SAME_IN_EVERY_LANGUAGE,
  SCREEN_NAMES,
  type CommonTerm,
  type ScreenName,
} from './terms';
export { fillMessage, LANGUAGES, textOf, type Language, type Text, type TextParams, type TextRef, type TextTable } from './text';

/** Every table of the catalogue by name, for the checks that each text exists in each language. */
export const CATALOGUE: Readonly<Record<string, TextTable>> = {
  screens: SCREEN_NAMES,
  printStatuses: PRINT_STATUSES,
  printSubtypes: PRINT_SUBTYPES,
  terms: COMMON_TERMS,
  failures: FAILURES,
  contractFailures: CONTRACT_FAILURES,
  receiptProblems: RECEIPT_PROBLEMS,
  dteProblems: DTE_PROBLEMS,
  productionSetup: PRODUCTION_SETUP,
  declineReasons: DECLINE_REASONS,
  saleStatuses: SALE_STATUSES,
  attentionReasons: ATTENTION_REASONS,
  saleFailures: SALE_FAILURES,
  startupNotices: STARTUP_NOTICE_TEXTS,
  tenders: TENDER_NAMES,
  differences: DIFFERENCE_TEXTS,
  reportWords: REPORT_TEXTS,
};
