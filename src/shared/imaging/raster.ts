/**
 * 8-bit grey, row-major, 0 = black dot and 255 = blank paper: the one picture format every step of the
 * image print pipeline reads and writes.
 */
export interface GrayRaster {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

export function createGrayRaster(width: number, height: number, fill = 255): GrayRaster {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`a raster needs a positive whole size, got ${width}×${height}`);
  }
  return { width, height, data: new Uint8Array(width * height).fill(fill) };
}

/** ITU-R BT.601 luma in 16.16 fixed point, so the per-pixel loop stays in small integers. */
export const RED_WEIGHT = Math.round(0.299 * 65536);
export const GREEN_WEIGHT = Math.round(0.587 * 65536);
export const BLUE_WEIGHT = 65536 - RED_WEIGHT - GREEN_WEIGHT;
const HALF = 0x8000;

/** Decoded colour pixels as canvas ImageData and image decoders give them: RGBA, 4 bytes a pixel, row-major. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array | Uint8ClampedArray;
}

/**
 * One row of RGBA pixels as grey, composited over white: a transparent pixel is paper, which is what a
 * thermal head makes of it. Byte reads and integer arithmetic only: this runs over tens of millions of
 * pixels, and in V8 it beats reading 32-bit words, whose values above 2^31 leave the small-integer path.
 */
export function lumaRow(rgba: Uint8Array | Uint8ClampedArray, offset: number, into: Uint8Array): Uint8Array {
  for (let pixel = 0, at = offset; pixel < into.length; pixel++, at += 4) {
    const luma = ((rgba[at] ?? 0) * RED_WEIGHT + (rgba[at + 1] ?? 0) * GREEN_WEIGHT + (rgba[at + 2] ?? 0) * BLUE_WEIGHT + HALF) >> 16;
    const alpha = rgba[at + 3] ?? 255;
    into[pixel] = alpha === 255 ? luma : Math.round((luma * alpha + 255 * (255 - alpha)) / 255);
  }
  return into;
}

/** A whole RGBA picture as grey over white (see lumaRow). */
export function grayFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GrayRaster {
  if (rgba.length < width * height * 4) throw new RangeError(`RGBA data holds ${rgba.length} bytes, ${width}×${height} needs ${width * height * 4}`);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) lumaRow(rgba, y * width * 4, data.subarray(y * width, (y + 1) * width));
  return { width, height, data };
}

/** The top `rows` rows, sharing no memory with the source. */
export function cropRows(source: GrayRaster, rows: number): GrayRaster {
  const height = Math.max(1, Math.min(source.height, Math.floor(rows)));
  if (height === source.height) return source;
  return { width: source.width, height, data: source.data.slice(0, source.width * height) };
}
