import { BLUE_WEIGHT, GREEN_WEIGHT, lumaRow, RED_WEIGHT, type GrayRaster, type RgbaImage } from './raster';

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

function checkSize(width: number, height: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`cannot scale to ${width}×${height}`);
  }
}

/** One source row into the target's columns, written to `into` from `at`: each the weighted mean of the cells it covers. */
function averageRow(row: Uint8Array, columns: AxisWeights, into: Float32Array, at: number): void {
  for (let x = 0; x < columns.first.length; x++) {
    const from = columns.first[x] ?? 0;
    const count = columns.count[x] ?? 0;
    const weightStart = columns.offset[x] ?? 0;
    let sum = 0;
    for (let cell = 0; cell < count; cell++) sum += (row[from + cell] ?? 255) * (columns.weights[weightStart + cell] ?? 0);
    into[at + x] = sum;
  }
}

/** Rows of column averages together into target rows, rounded to grey levels. */
function averageColumns(horizontal: Float32Array, sourceHeight: number, width: number, height: number): GrayRaster {
  const rows = axisWeights(sourceHeight, height);
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
 * Area-averaging resize: each target pixel is the mean of the source area it covers, so thin lines
 * survive a big reduction as grey instead of vanishing between samples. Two separable passes (each
 * source row into target columns, then rows together): one multiply-add per source pixel. Enlarging
 * repeats pixels.
 */
export function scaleArea(source: GrayRaster, width: number, height: number): GrayRaster {
  checkSize(width, height);
  if (width === source.width && height === source.height) return source;
  const columns = axisWeights(source.width, width);
  const horizontal = new Float32Array(width * source.height);
  for (let y = 0; y < source.height; y++) averageRow(source.data.subarray(y * source.width, (y + 1) * source.width), columns, horizontal, y * width);
  return averageColumns(horizontal, source.height, width, height);
}

const LUMA_RED = RED_WEIGHT / 65536;
const LUMA_GREEN = GREEN_WEIGHT / 65536;
const LUMA_BLUE = BLUE_WEIGHT / 65536;

/**
 * A colour picture straight to grey at another size, reading each pixel once. Luma is linear, so the
 * mean grey of an area is the luma of its mean colour: the row pass only adds the channels of the
 * pixels inside a cell (fractional weights only at its two edges) and takes luma once per cell, half
 * the work of making every pixel grey first. A row with any transparency is redone pixel by pixel,
 * since compositing over white is not linear in the colour alone.
 */
export function scaleRgbaArea(source: RgbaImage, width: number, height: number): GrayRaster {
  checkSize(width, height);
  const { data: rgba, width: sourceWidth, height: sourceHeight } = source;
  const columns = axisWeights(sourceWidth, width);
  const horizontal = new Float32Array(width * sourceHeight);
  const grey = new Uint8Array(sourceWidth);
  for (let y = 0; y < sourceHeight; y++) {
    const rowStart = y * sourceWidth * 4;
    const outStart = y * width;
    let opaque = 255;
    for (let x = 0; x < width; x++) {
      const from = columns.first[x] ?? 0;
      const count = columns.count[x] ?? 1;
      const weightStart = columns.offset[x] ?? 0;
      const last = from + count - 1;
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let cell = from + 1, at = rowStart + cell * 4; cell < last; cell++, at += 4) {
        red += rgba[at] ?? 0;
        green += rgba[at + 1] ?? 0;
        blue += rgba[at + 2] ?? 0;
        opaque &= rgba[at + 3] ?? 255;
      }
      const firstAt = rowStart + from * 4;
      const lastAt = rowStart + last * 4;
      opaque &= (rgba[firstAt + 3] ?? 255) & (rgba[lastAt + 3] ?? 255);
      const firstWeight = columns.weights[weightStart] ?? 0;
      const innerWeight = count > 2 ? (columns.weights[weightStart + 1] ?? 0) : 0;
      const lastWeight = count > 1 ? (columns.weights[weightStart + count - 1] ?? 0) : 0;
      const meanRed = (rgba[firstAt] ?? 0) * firstWeight + red * innerWeight + (count > 1 ? (rgba[lastAt] ?? 0) * lastWeight : 0);
      const meanGreen = (rgba[firstAt + 1] ?? 0) * firstWeight + green * innerWeight + (count > 1 ? (rgba[lastAt + 1] ?? 0) * lastWeight : 0);
      const meanBlue = (rgba[firstAt + 2] ?? 0) * firstWeight + blue * innerWeight + (count > 1 ? (rgba[lastAt + 2] ?? 0) * lastWeight : 0);
      horizontal[outStart + x] = meanRed * LUMA_RED + meanGreen * LUMA_GREEN + meanBlue * LUMA_BLUE;
    }
    if (opaque !== 255) averageRow(lumaRow(rgba, rowStart, grey), columns, horizontal, outStart);
  }
  return averageColumns(horizontal, sourceHeight, width, height);
}

/**
 * The printed size of an image `width` dots wide: the height keeps the source's aspect ratio.
 */
export function heightForWidth(sourceWidth: number, sourceHeight: number, width: number): number {
  return Math.max(1, Math.round((sourceHeight * width) / sourceWidth));
}
