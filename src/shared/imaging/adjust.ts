import type { GrayRaster } from './raster';

/** Slider range for brightness and contrast: -100 … 100, 0 leaves the picture as it is. */
export const ADJUSTMENT_LIMIT = 100;

function clampAdjustment(value: number): number {
  return Math.max(-ADJUSTMENT_LIMIT, Math.min(ADJUSTMENT_LIMIT, Number.isFinite(value) ? value : 0));
}

/**
 * The grey-level mapping as a 256-entry table. Brightness shifts every level by up to ±255 × value/100;
 * contrast stretches around mid-grey with the usual (259 (C + 255)) / (255 (259 − C)) curve, where
 * C = contrast × 2.55, so +100 is near a hard threshold and -100 flattens to grey.
 */
export function adjustmentTable(brightness: number, contrast: number): Uint8Array {
  const offset = (clampAdjustment(brightness) * 255) / ADJUSTMENT_LIMIT;
  const c = (clampAdjustment(contrast) * 255) / ADJUSTMENT_LIMIT;
  // At C = 255 the curve is a step; stopping just short keeps the factor finite.
  const factor = (259 * (Math.min(c, 254.9) + 255)) / (255 * (259 - Math.min(c, 254.9)));
  const table = new Uint8Array(256);
  for (let level = 0; level < 256; level++) {
    const value = factor * (level + offset - 128) + 128;
    table[level] = Math.max(0, Math.min(255, Math.round(value)));
  }
  return table;
}

export function adjustBrightnessContrast(source: GrayRaster, brightness: number, contrast: number): GrayRaster {
  if (clampAdjustment(brightness) === 0 && clampAdjustment(contrast) === 0) return source;
  const table = adjustmentTable(brightness, contrast);
  const data = new Uint8Array(source.data.length);
  for (let index = 0; index < data.length; index++) data[index] = table[source.data[index] ?? 255] ?? 255;
  return { width: source.width, height: source.height, data };
}
