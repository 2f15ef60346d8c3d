import { PRINTER_DOTS_PER_MM } from '../../../../shared/receipt';

/**
 * Past 30 cm a picture is longer than any receipt a store prints (a long till receipt is 20–25 cm)
 * and is most likely a photo or a scanned page chosen by mistake; it still prints, after a warning
 * (docs/decisions.md): without it, a 72 cm picture said only "Ready to print".
 */
export const LONG_PICTURE_CM = 30;
export const LONG_PICTURE_DOTS = LONG_PICTURE_CM * 10 * PRINTER_DOTS_PER_MM;

/** The paper a picture of `heightDots` takes, in whole centimetres as the cashier reads a ruler, or undefined when it is not long. */
export function longPictureCm(heightDots: number): number | undefined {
  return heightDots > LONG_PICTURE_DOTS ? Math.round(heightDots / (10 * PRINTER_DOTS_PER_MM)) : undefined;
}
