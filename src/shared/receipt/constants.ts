/**
 * Limits and paper geometry of the terminal's `custom` print subtype.
 * Sources: docs/decisions.md ("Terminal print actions"), which the spec leaves "not shown".
 */

/** Custom content must be at least this long, tags included. */
export const CUSTOM_CONTENT_MIN_LENGTH = 100;
/** Custom content must be at most this long, tags included. */
export const CUSTOM_CONTENT_MAX_LENGTH = 4096;

/** The terminal prints on a 58 mm roll... */
export const PAPER_WIDTH_MM = 58;
/** ...of which the print head covers 48 mm, */
export const PRINTABLE_WIDTH_MM = 48;
/** ...at 8 dots per millimetre, */
export const PRINTER_DOTS_PER_MM = 8;
/** ...so a printed line is 384 dots wide. */
export const PRINTABLE_WIDTH_DOTS = PRINTABLE_WIDTH_MM * PRINTER_DOTS_PER_MM;

/** Characters per line at normal size (the official example's 32-dash separator). */
export const NORMAL_COLUMNS = 32;
/** Characters per line inside `{s}` (the official example's 46-dash separator). */
export const SMALL_COLUMNS = 46;
/** A character inside `{w}` takes this many columns, so 16 wide characters fill a line. */
export const WIDE_CHARACTER_COLUMNS = 2;

/** A normal character cell is 12 × 24 dots (384 / 32 = 12). */
export const NORMAL_CELL_HEIGHT_DOTS = 24;
/** A small character cell is 384 / 46 ≈ 8.3 dots wide and 17 dots high (a typical "font B"). */
export const SMALL_CELL_HEIGHT_DOTS = 17;
/** Gap between printed lines. */
export const LINE_SPACING_DOTS = 6;

/**
 * A QR code in byte mode at error-correction level M (bwip-js's default) holds at most
 * this many bytes (version 40). Longer data cannot be printed as a QR code at all.
 */
export const QR_MAX_BYTES = 2331;
