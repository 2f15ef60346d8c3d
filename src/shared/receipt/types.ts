import type { ReceiptProblemText } from '../i18n/receipt-problems';
import type { TextRef } from '../i18n/text';
/** Tags the terminal understands in `custom` content. */
export type ReceiptTagName = 'b' | 'w' | 's' | 'br' | 'left' | 'center' | 'qr' | 'pdf417';

export type ReceiptAlignment = 'left' | 'center';

/** `{qr}` and `{pdf417}` content. */
export type ReceiptSymbology = 'qr' | 'pdf417';

export interface ReceiptTextStyle {
  readonly bold: boolean;
  /** Double width: each character takes two columns. */
  readonly wide: boolean;
  /** Small font: 46 columns per line instead of 32. */
  readonly small: boolean;
}

/** Offsets are UTF-16 indexes into the parsed content: `content.slice(start, end)` is the source. */
export interface ReceiptSourceSpan {
  readonly start: number;
  readonly end: number;
}

/** Literal text with the style and alignment in effect where it appears. */
export interface ReceiptTextNode extends ReceiptSourceSpan {
  readonly kind: 'text';
  readonly text: string;
  readonly style: ReceiptTextStyle;
  readonly align: ReceiptAlignment;
}

/** `{br}` or a newline in the content. */
export interface ReceiptBreakNode extends ReceiptSourceSpan {
  readonly kind: 'break';
}

/** `{qr}…{/qr}` or `{pdf417}…{/pdf417}`; the span covers both tags. */
export interface ReceiptCodeNode extends ReceiptSourceSpan {
  readonly kind: 'code';
  readonly symbology: ReceiptSymbology;
  readonly data: string;
}

export type ReceiptNode = ReceiptTextNode | ReceiptBreakNode | ReceiptCodeNode;

/**
 * The content as a flat sequence of styled text, breaks and codes. Tags are resolved into
 * each node's style, so consumers never re-implement the tag stack.
 */
export interface ReceiptDocument {
  readonly nodes: readonly ReceiptNode[];
}

export type ReceiptProblemCode =
  | 'unknown_tag'
  | 'unclosed_tag'
  | 'unexpected_closing_tag'
  | 'crossed_tags'
  | 'empty_code'
  | 'nested_code'
  | 'code_too_long'
  | 'too_short'
  | 'too_long'
  | 'no_tag';

/** `error` problems stop a print from being sent; `warning` ones only deserve a look. */
export type ReceiptProblemSeverity = 'error' | 'warning';

export interface ReceiptProblem extends ReceiptSourceSpan {
  readonly code: ReceiptProblemCode;
  readonly severity: ReceiptProblemSeverity;
  /** The text in English, for the sandbox's 400 descriptions and logs; a screen shows `text` in its own language. */
  readonly message: string;
  /** The catalogue's text (src/shared/i18n/receipt-problems.ts) and its values. */
  readonly text: TextRef<ReceiptProblemText>;
}

export interface ReceiptParseResult {
  readonly document: ReceiptDocument;
  readonly problems: readonly ReceiptProblem[];
}

/**
 * Horizontal positions in a layout are in "units": a line is `columns × smallColumns` units,
 * a normal character `smallColumns` units and a small one `columns` units, so the 32- and
 * 46-column grids both land on whole numbers and lines mixing both sizes wrap exactly.
 */
export interface ReceiptRun {
  readonly text: string;
  readonly style: ReceiptTextStyle;
  /** Characters (code points after NFC, combining marks riding on their base). */
  readonly characters: number;
  /** Start within the line, in units, relative to the line's own `x`. */
  readonly x: number;
  readonly width: number;
}

export interface ReceiptTextLine {
  readonly kind: 'text';
  readonly align: ReceiptAlignment;
  readonly runs: readonly ReceiptRun[];
  /** Left edge of the first run, in units (non-zero when centred). */
  readonly x: number;
  readonly width: number;
  /** `small` when every character of the line is small, so the line is shorter. */
  readonly size: 'normal' | 'small';
}

/** A QR or PDF417 symbol on its own, centred on the paper. */
export interface ReceiptCodeBlock {
  readonly kind: 'code';
  readonly symbology: ReceiptSymbology;
  readonly data: string;
  readonly align: 'center';
}

export type ReceiptLine = ReceiptTextLine | ReceiptCodeBlock;

export interface ReceiptLayout {
  /** Columns at normal size. */
  readonly columns: number;
  /** Columns inside `{s}`. */
  readonly smallColumns: number;
  /** Width of a line in units (`columns × smallColumns`). */
  readonly lineUnits: number;
  readonly lines: readonly ReceiptLine[];
}

export interface ReceiptLayoutOptions {
  /** Normal-size columns per line; 32 on the terminal's 58 mm roll. */
  readonly columns?: number;
  /** Small-size columns per line; defaults to 46 at 32 columns, proportional otherwise. */
  readonly smallColumns?: number;
}
