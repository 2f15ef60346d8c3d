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

/** ITU-R BT.601 luma in 16.16 fixed point, so the per-pixel loop stays in integers. */
const RED_WEIGHT = Math.round(0.299 * 65536);
const GREEN_WEIGHT = Math.round(0.587 * 65536);
const BLUE_WEIGHT = 65536 - RED_WEIGHT - GREEN_WEIGHT;

/**
 * Grey from RGBA pixels (canvas ImageData or a decoder's output), composited over white: a transparent
 * pixel is paper, which is what a thermal head makes of it.
 */
export function grayFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GrayRaster {
  if (rgba.length < width * height * 4) throw new RangeError(`RGBA data holds ${rgba.length} bytes, ${width}×${height} needs ${width * height * 4}`);
  const data = new Uint8Array(width * height);
  for (let pixel = 0, offset = 0; pixel < data.length; pixel++, offset += 4) {
    const luma = ((rgba[offset] ?? 0) * RED_WEIGHT + (rgba[offset + 1] ?? 0) * GREEN_WEIGHT + (rgba[offset + 2] ?? 0) * BLUE_WEIGHT + 0x8000) >> 16;
    const alpha = rgba[offset + 3] ?? 255;
    data[pixel] = alpha === 255 ? luma : Math.round((luma * alpha + 255 * (255 - alpha)) / 255);
  }
  return { width, height, data };
}

/** The top `rows` rows, sharing no memory with the source. */
export function cropRows(source: GrayRaster, rows: number): GrayRaster {
  const height = Math.max(1, Math.min(source.height, Math.floor(rows)));
  if (height === source.height) return source;
  return { width: source.width, height, data: source.data.slice(0, source.width * height) };
}
