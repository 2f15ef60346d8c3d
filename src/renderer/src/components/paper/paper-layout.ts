import { PRINTABLE_WIDTH_DOTS, PRINTER_DOTS_PER_MM, PAPER_WIDTH_MM } from '../../../../shared/receipt';

/**
 * On-screen size of the paper: 0.8 CSS pixels per printer dot puts the 58 mm roll at about 370 px,
 * roughly 1.7 times its physical size on a desktop monitor, big enough to read 46 small columns.
 */
export const PREVIEW_SCALE = 0.8;
export const PAPER_WIDTH_DOTS = PAPER_WIDTH_MM * PRINTER_DOTS_PER_MM;
export const PAPER_WIDTH_PX = PAPER_WIDTH_DOTS * PREVIEW_SCALE;
export const PRINTABLE_WIDTH_PX = PRINTABLE_WIDTH_DOTS * PREVIEW_SCALE;
