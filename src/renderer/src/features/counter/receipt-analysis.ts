import { useMemo } from 'react';
import type { Language } from '../../../../shared/ipc/channels/app';
import { hasBlockingProblems, parse, type ReceiptDocument, type ReceiptProblemCode, type ReceiptProblemSeverity } from '../../../../shared/receipt';
import type { MarkedRange } from './highlight';
import { fillPlaceholdersMapped, type PlaceholderValues } from './placeholders';
import { receiptProblemText } from '../../lib/problem-text';

export interface DisplayProblem extends MarkedRange {
  readonly code: ReceiptProblemCode;
  readonly severity: ReceiptProblemSeverity;
  readonly message: string;
  /** 1-based line and column in the editor, for the list. */
  readonly line: number;
  readonly column: number;
}

export interface ReceiptAnalysis {
  /** What would be sent now: placeholders filled. */
  readonly filled: string;
  readonly document: ReceiptDocument;
  /** Problems with their ranges in the typed text, in order. */
  readonly problems: readonly DisplayProblem[];
  /** Ranges worth underlining: whole-content problems (too short, no tag) are listed, not drawn. */
  readonly marks: readonly MarkedRange[];
  readonly blocking: boolean;
}

const WHOLE_CONTENT: ReadonlySet<ReceiptProblemCode> = new Set(['too_short', 'no_tag']);

function lineAndColumn(content: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = content.indexOf('\n'); index !== -1 && index < offset; index = content.indexOf('\n', index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Parses what would print (placeholders filled) and maps every problem back onto what was typed. */
export function analyseReceipt(content: string, values: PlaceholderValues, language: Language): ReceiptAnalysis {
  const filled = fillPlaceholdersMapped(content, values);
  const parsed = parse(filled.text);
  const problems = parsed.problems.map((problem): DisplayProblem => {
    const start = filled.toSourceOffset(problem.start, 'start');
    return {
      code: problem.code,
      severity: problem.severity,
      message: receiptProblemText(problem, language),
      start,
      end: filled.toSourceOffset(problem.end, 'end'),
      ...lineAndColumn(content, start),
    };
  });
  return {
    filled: filled.text,
    document: parsed.document,
    problems,
    marks: problems.filter((problem) => !WHOLE_CONTENT.has(problem.code)),
    blocking: hasBlockingProblems(parsed.problems),
  };
}

export function useReceiptAnalysis(content: string, values: PlaceholderValues, language: Language): ReceiptAnalysis {
  return useMemo(() => analyseReceipt(content, values, language), [content, values, language]);
}
