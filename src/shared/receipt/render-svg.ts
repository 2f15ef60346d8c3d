import {
  LINE_SPACING_DOTS,
  NORMAL_CELL_HEIGHT_DOTS,
  NORMAL_COLUMNS,
  PAPER_WIDTH_MM,
  PRINTABLE_WIDTH_DOTS,
  SMALL_CELL_HEIGHT_DOTS,
  WIDE_CHARACTER_COLUMNS,
} from './constants';
import { encodeSymbol } from './symbols';
import type { ReceiptCodeBlock, ReceiptLayout, ReceiptTextLine } from './types';

export interface ReceiptSvgOptions {
  /** CSS pixels per printer dot for the `width`/`height` attributes; the viewBox stays in dots. */
  readonly scale?: number;
  /** Blank paper above the first and below the last line, in dots. */
  readonly marginDots?: number;
  /** Accessible name of the picture. */
  readonly title?: string;
  readonly fontFamily?: string;
}

/** Dots per normal character: 384 / 32. */
const NORMAL_CELL_WIDTH_DOTS = PRINTABLE_WIDTH_DOTS / NORMAL_COLUMNS;
/** Advance of a monospace glyph relative to its font size (Courier, DejaVu Sans Mono, Menlo). */
const MONOSPACE_ADVANCE_PER_EM = 0.6;
/** Baseline position within a character cell, from its top. */
const BASELINE_RATIO = 0.8;
const CODE_MARGIN_DOTS = 12;
const CODE_ERROR_HEIGHT_DOTS = 72;
const DEFAULT_MARGIN_DOTS = 16;
const DEFAULT_FONT_FAMILY = "'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, 'Courier New', monospace";

/** Markup characters, plus controls and lone surrogates (\p{Cs} under the u flag), which XML cannot carry. */
const XML_SPECIAL = /[&<>"\t\n\r]|[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu;
const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/**
 * Escapes text for XML content and double-quoted attribute values. Control characters and
 * lone surrogates become U+FFFD: XML 1.0 cannot carry most of them even escaped, and none
 * of them prints.
 */
export function escapeXml(text: string): string {
  XML_SPECIAL.lastIndex = 0;
  if (!XML_SPECIAL.test(text)) return text;
  XML_SPECIAL.lastIndex = 0;
  return text.replace(XML_SPECIAL, (character) => XML_ENTITIES[character] ?? '\ufffd');
}

/** Keeps the SVG short and stable: positions rounded to 1/100 dot. */
function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

interface PaperGeometry {
  readonly widthDots: number;
  readonly dotsPerUnit: number;
  readonly normalFontSize: string;
  readonly smallFontSize: string;
  readonly normalCellWidth: number;
  readonly smallCellWidth: number;
}

function geometryOf(layout: ReceiptLayout): PaperGeometry {
  const widthDots = layout.columns * NORMAL_CELL_WIDTH_DOTS;
  const smallCellWidth = widthDots / layout.smallColumns;
  return {
    widthDots,
    dotsPerUnit: NORMAL_CELL_WIDTH_DOTS / layout.smallColumns,
    normalFontSize: formatNumber(NORMAL_CELL_WIDTH_DOTS / MONOSPACE_ADVANCE_PER_EM),
    smallFontSize: formatNumber(smallCellWidth / MONOSPACE_ADVANCE_PER_EM),
    normalCellWidth: NORMAL_CELL_WIDTH_DOTS,
    smallCellWidth,
  };
}

function lineHeightOf(line: ReceiptTextLine): number {
  return (line.size === 'small' ? SMALL_CELL_HEIGHT_DOTS : NORMAL_CELL_HEIGHT_DOTS) + LINE_SPACING_DOTS;
}

function renderTextLine(line: ReceiptTextLine, top: number, geometry: PaperGeometry, parts: string[]): number {
  const height = lineHeightOf(line);
  if (line.runs.length === 0) return height;
  const cellHeight = height - LINE_SPACING_DOTS;
  const baseline = formatNumber(top + LINE_SPACING_DOTS / 2 + cellHeight * BASELINE_RATIO);
  parts.push(`<g class="receipt-line" data-align="${line.align}">`);
  for (const run of line.runs) {
    const { bold, wide, small } = run.style;
    const cellWidth = (small ? geometry.smallCellWidth : geometry.normalCellWidth) * (wide ? WIDE_CHARACTER_COLUMNS : 1);
    const classes = `receipt-text${bold ? ' receipt-bold' : ''}${wide ? ' receipt-wide' : ''}${small ? ' receipt-small' : ''}`;
    // textLength pins every run to its exact columns whatever monospace font the viewer has,
    // and stretches wide glyphs to twice their width. Receipts align columns with runs of
    // spaces, which SVG collapses unless each text element says otherwise (Chromium ignores
    // an inherited xml:space).
    parts.push(
      `<text class="${classes}" xml:space="preserve" x="${formatNumber((line.x + run.x) * geometry.dotsPerUnit)}" y="${baseline}"`,
      ` font-size="${small ? geometry.smallFontSize : geometry.normalFontSize}"`,
      bold ? ' font-weight="bold"' : '',
      ` textLength="${formatNumber(run.characters * cellWidth)}" lengthAdjust="spacingAndGlyphs">`,
      escapeXml(run.text),
      '</text>',
    );
  }
  parts.push('</g>');
  return height;
}

function renderCodeBlock(block: ReceiptCodeBlock, top: number, geometry: PaperGeometry, parts: string[]): number {
  const encoding = encodeSymbol(block.symbology, block.data, geometry.widthDots);
  const dataAttributes = `data-symbology="${block.symbology}" data-text="${escapeXml(block.data)}"`;
  if (!encoding.ok) {
    const boxTop = top + CODE_MARGIN_DOTS;
    const label = block.symbology === 'qr' ? 'QR code' : 'PDF417 code';
    parts.push(
      `<g class="receipt-code receipt-code-error" ${dataAttributes}>`,
      `<rect x="8" y="${boxTop}" width="${geometry.widthDots - 16}" height="${CODE_ERROR_HEIGHT_DOTS}" fill="none" stroke="#000" stroke-dasharray="6 4"/>`,
      `<text class="receipt-text" x="${formatNumber(geometry.widthDots / 2)}" y="${boxTop + CODE_ERROR_HEIGHT_DOTS / 2 + 5}" font-size="${geometry.smallFontSize}" text-anchor="middle">`,
      escapeXml(`${label} cannot be printed: ${encoding.reason}`),
      '</text></g>',
    );
    return CODE_ERROR_HEIGHT_DOTS + 2 * CODE_MARGIN_DOTS;
  }
  const { symbol } = encoding;
  const widthDots = symbol.widthModules * symbol.moduleDots;
  const heightDots = symbol.heightModules * symbol.moduleDots;
  // Whole-dot placement keeps module edges crisp, as on the print head.
  const x = Math.floor((geometry.widthDots - widthDots) / 2);
  parts.push(
    `<g class="receipt-code" ${dataAttributes} transform="translate(${x} ${top + CODE_MARGIN_DOTS}) scale(${symbol.moduleDots})">`,
    `<path d="${symbol.path}" fill="#000" shape-rendering="crispEdges"/></g>`,
  );
  return heightDots + 2 * CODE_MARGIN_DOTS;
}

/**
 * Draws the paper roll as a self-contained SVG, one user unit per printer dot (384 wide on
 * the 58 mm roll): text in monospace at its printed size, real QR and PDF417 symbols.
 */
export function renderSvg(layout: ReceiptLayout, options: ReceiptSvgOptions = {}): string {
  const geometry = geometryOf(layout);
  const margin = options.marginDots ?? DEFAULT_MARGIN_DOTS;
  const scale = options.scale ?? 1;
  const body: string[] = [];
  let top = margin;
  for (const line of layout.lines) {
    top += line.kind === 'code' ? renderCodeBlock(line, top, geometry, body) : renderTextLine(line, top, geometry, body);
  }
  const height = Math.ceil(top + margin);
  const width = geometry.widthDots;
  const title = options.title === undefined ? '' : `<title>${escapeXml(options.title)}</title>`;
  const fontFamily = escapeXml(options.fontFamily ?? DEFAULT_FONT_FAMILY);
  const head =
    `<svg xmlns="http://www.w3.org/2000/svg" class="receipt-paper" role="img"` +
    ` width="${formatNumber(width * scale)}" height="${formatNumber(height * scale)}" viewBox="0 0 ${width} ${height}"` +
    ` data-columns="${layout.columns}" data-small-columns="${layout.smallColumns}" data-paper-mm="${PAPER_WIDTH_MM}"` +
    ` font-family="${fontFamily}" fill="#000">` +
    title +
    `<rect class="receipt-paper-background" width="${width}" height="${height}" fill="#fff"/>`;
  return head + body.join('') + '</svg>';
}
