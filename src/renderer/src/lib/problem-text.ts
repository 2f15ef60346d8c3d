import type { Language } from '../../../shared/ipc/channels/app';
import { DTE_PROBLEMS, RECEIPT_PROBLEMS, textOf } from '../../../shared/i18n';
import type { DteProblem } from '../../../shared/platform/dte';
import type { ReceiptProblem } from '../../../shared/receipt';

/** A receipt checker's problem in the reader's language, with the specific advice and the text at fault. */
export function receiptProblemText(problem: ReceiptProblem, language: Language): string {
  return textOf(RECEIPT_PROBLEMS, problem.text.key, language, problem.text.params);
}

/** A DTE checker's problem in the reader's language, after the element at fault (the SII's own names). */
export function dteProblemText(problem: DteProblem, language: Language): string {
  const where = problem.line === undefined ? problem.element : textOf(DTE_PROBLEMS, 'at_line', language, { element: problem.element, line: problem.line });
  return `${where}: ${textOf(DTE_PROBLEMS, problem.text.key, language, problem.text.params)}`;
}
