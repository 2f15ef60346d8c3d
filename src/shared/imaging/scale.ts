import type { GrayRaster } from './raster';

/**
 * For each target cell along one axis: which source cells it covers and how much of each, so the
 * per-pixel loops only multiply and add.
 */
interface AxisWeights {
  readonly first: Int32Array;
  readonly count: Int32Array;
  /** Weights of all cells back to back; `offset[i]` is where cell i's start. */
  readonly offset: Int32Array;
  readonly weights: Float32Array;
}

function axisWeights(sourceSize: number, targetSize: number): AxisWeights {
  const ratio = sourceSize / targetSize;
  const first = new Int32Array(targetSize);
  const count = new Int32Array(targetSize);
  const offset = new Int32Array(targetSize);
  const all: number[] = [];
  for (let target = 0; target < targetSize; target++) {
    const start = target * ratio;
    const end = Math.min(sourceSize, start + ratio);
    const from = Math.floor(start);
    const to = Math.min(sourceSize, Math.ceil(end));
    first[target] = from;
    count[target] = to - from;
    offset[target] = all.length;
    for (let cell = from; cell < to; cell++) {
      // Normalised per cell, so the weights of a target cell sum to exactly 1 and flat grey stays flat.
      all.push((Math.min(end, cell + 1) - Math.max(start, cell)) / (end - start));
    }
  }
  return { first, count, offset, weights: Float32Array.from(all) };
}

/**
 * Area-averaging resize: each target pixel is the mean of the source area it covers, so thin lines
 * survive a big reduction as grey instead of vanishing between samples. Done in two separable passes
 * (rows, then columns), which costs one multiply-add per source pixel. Enlarging repeats pixels.
 */
export function scaleArea(source: GrayRaster, width: number, height: number): GrayRaster {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`cannot scale to ${width}×${height}`);
  }
  if (width === source.width && height === source.height) return source;
  const columns = axisWeights(source.width, width);
  const rows = axisWeights(source.height, height);

  const horizontal = new Float32Array(width * source.height);
  const { data } = source;
  for (let y = 0; y < source.height; y++) {
    const rowStart = y * source.width;
    const outStart = y * width;
    for (let x = 0; x < width; x++) {
      const from = rowStart + (columns.first[x] ?? 0);
      const count = columns.count[x] ?? 0;
      const weightStart = columns.offset[x] ?? 0;
      let sum = 0;
      for (let cell = 0; cell < count; cell++) sum += (data[from + cell] ?? 255) * (columns.weights[weightStart + cell] ?? 0);
      horizontal[outStart + x] = sum;
    }
  }

  const out = new Uint8Array(width * height);
  const accumulator = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    const from = rows.first[y] ?? 0;
    const count = rows.count[y] ?? 0;
    const weightStart = rows.offset[y] ?? 0;
    accumulator.fill(0);
    for (let cell = 0; cell < count; cell++) {
      const weight = rows.weights[weightStart + cell] ?? 0;
      const inStart = (from + cell) * width;
      for (let x = 0; x < width; x++) accumulator[x] = (accumulator[x] ?? 0) + (horizontal[inStart + x] ?? 255) * weight;
    }
    const outStart = y * width;
    // Uint8Array stores by truncation; adding a half rounds, and the clamp absorbs float drift past 255.
    for (let x = 0; x < width; x++) out[outStart + x] = Math.min(255, (accumulator[x] ?? 255) + 0.5);
  }
  return { width, height, data: out };
}

/**
 * The printed size of an image `width` dots wide: the height keeps the source's aspect ratio.
 */
export function heightForWidth(sourceWidth: number, sourceHeight: number, width: number): number {
  return Math.max(1, Math.round((sourceHeight * width) / sourceWidth));
}
