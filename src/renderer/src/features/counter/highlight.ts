import type { ReceiptProblemSeverity } from '../../../../shared/receipt';

/** A problem as the editor marks it: a range of the typed content. */
export interface MarkedRange {
  readonly start: number;
  readonly end: number;
  readonly severity: ReceiptProblemSeverity;
}

export type SegmentKind = 'text' | 'tag' | 'placeholder';

/** A run of the typed content drawn one way in the editor's backdrop. */
export interface Segment {
  readonly start: number;
  readonly end: number;
  readonly kind: SegmentKind;
  /** The tag's name for `tag` segments, to colour families of tags alike. */
  readonly tag?: string;
  readonly problem?: ReceiptProblemSeverity;
}

const TOKEN = /\{\/?(b|w|s|br|left|center|qr|pdf417)\}|\{\{\s*[A-Za-z_]+\s*\}\}/g;

interface Boundary {
  readonly offset: number;
  /** +1 / -1 to the count of errors or warnings covering what follows. */
  readonly errors: number;
  readonly warnings: number;
}

/**
 * Splits the content into runs of one look: tags, placeholders and text, each underlined where a
 * problem covers it (an error wins over a warning). One sweep over sorted boundaries, so a receipt full
 * of problems costs no more than a clean one.
 */
export function highlightSegments(content: string, marks: readonly MarkedRange[]): Segment[] {
  const tokens: Array<{ start: number; end: number; kind: SegmentKind; tag?: string }> = [];
  for (const match of content.matchAll(TOKEN)) {
    tokens.push({ start: match.index, end: match.index + match[0].length, kind: match[1] === undefined ? 'placeholder' : 'tag', tag: match[1] });
  }
  const boundaries: Boundary[] = [];
  for (const mark of marks) {
    const start = Math.max(0, Math.min(content.length, mark.start));
    const end = Math.max(start, Math.min(content.length, mark.end));
    if (end === start) continue;
    const error = mark.severity === 'error' ? 1 : 0;
    boundaries.push({ offset: start, errors: error, warnings: 1 - error }, { offset: end, errors: -error, warnings: error - 1 });
  }
  boundaries.sort((left, right) => left.offset - right.offset);

  const cuts = new Set<number>([0, content.length]);
  for (const token of tokens) cuts.add(token.start).add(token.end);
  for (const boundary of boundaries) cuts.add(boundary.offset);
  const offsets = [...cuts].sort((left, right) => left - right);

  const segments: Segment[] = [];
  let tokenIndex = 0;
  let boundaryIndex = 0;
  let errors = 0;
  let warnings = 0;
  for (let index = 0; index + 1 < offsets.length; index++) {
    const start = offsets[index] ?? 0;
    const end = offsets[index + 1] ?? start;
    for (let boundary = boundaries[boundaryIndex]; boundary !== undefined && boundary.offset <= start; boundary = boundaries[++boundaryIndex]) {
      errors += boundary.errors;
      warnings += boundary.warnings;
    }
    while ((tokens[tokenIndex]?.end ?? Infinity) <= start) tokenIndex++;
    const token = tokens[tokenIndex];
    const inToken = token !== undefined && token.start <= start;
    const problem: ReceiptProblemSeverity | undefined = errors > 0 ? 'error' : warnings > 0 ? 'warning' : undefined;
    const kind: SegmentKind = inToken ? token.kind : 'text';
    const previous = segments.at(-1);
    // Neighbouring plain runs merge, so the backdrop has as few elements as the content allows.
    if (kind === 'text' && previous !== undefined && previous.kind === 'text' && previous.problem === problem) {
      segments[segments.length - 1] = { ...previous, end };
      continue;
    }
    segments.push({ start, end, kind, ...(inToken && token.tag !== undefined ? { tag: token.tag } : {}), ...(problem === undefined ? {} : { problem }) });
  }
  return segments;
}
