/**
 * The terminal's `custom` print language: parse → document → layout → text or SVG.
 * Shared by the app's live preview and the sandbox's virtual terminal, so what the cashier
 * previews is what prints.
 */
export {
  CUSTOM_CONTENT_MAX_LENGTH,
  CUSTOM_CONTENT_MIN_LENGTH,
  LINE_SPACING_DOTS,
  NORMAL_CELL_HEIGHT_DOTS,
  NORMAL_COLUMNS,
  PAPER_WIDTH_MM,
  PRINTABLE_WIDTH_DOTS,
  PRINTABLE_WIDTH_MM,
  PRINTER_DOTS_PER_MM,
  QR_MAX_BYTES,
  SMALL_CELL_HEIGHT_DOTS,
  SMALL_COLUMNS,
  WIDE_CHARACTER_COLUMNS,
} from './constants';
export { hasBlockingProblems, parse, validateCustomContent } from './parse';
export { layout } from './layout';
export { renderText } from './render-text';
export { escapeXml, renderSvg, type ReceiptSvgOptions } from './render-svg';
export { clearSymbolCache, encodeSymbol, type EncodedSymbol, type SymbolEncoding } from './symbols';
export type {
  ReceiptAlignment,
  ReceiptBreakNode,
  ReceiptCodeBlock,
  ReceiptCodeNode,
  ReceiptDocument,
  ReceiptLayout,
  ReceiptLayoutOptions,
  ReceiptLine,
  ReceiptNode,
  ReceiptParseResult,
  ReceiptProblem,
  ReceiptProblemCode,
  ReceiptProblemSeverity,
  ReceiptRun,
  ReceiptSourceSpan,
  ReceiptSymbology,
  ReceiptTagName,
  ReceiptTextLine,
  ReceiptTextNode,
  ReceiptTextStyle,
} from './types';
