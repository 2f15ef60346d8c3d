import bwipjs, { type BwippOptions } from 'bwip-js/generic';
import type { ReceiptSymbology } from './types';

/**
 * A 2D symbol as an SVG path in module coordinates (one unit per module), ready to be
 * scaled by `moduleDots` onto the paper.
 */
export interface EncodedSymbol {
  readonly symbology: ReceiptSymbology;
  readonly widthModules: number;
  readonly heightModules: number;
  /** Printer dots per module, chosen so the symbol fits the paper and stays scannable. */
  readonly moduleDots: number;
  readonly path: string;
  /** Row-major module matrix, 1 = dark; kept for tests and for raster renderers. */
  readonly modules: Uint8Array;
}

export type SymbolEncoding = { readonly ok: true; readonly symbol: EncodedSymbol } | { readonly ok: false; readonly reason: string };

/** Bigger QR modules add nothing but paper: 6 dots (0.75 mm) scans well on thermal paper. */
const QR_MAX_MODULE_DOTS = 6;
const QR_QUIET_ZONE_MODULES = 4;
/** PDF417 needs 2-dot modules to scan from thermal paper; 1 dot is a last resort. */
const PDF417_PREFERRED_MODULE_DOTS = 2;
/** A PDF417 row is 17 modules per data column plus 69 for start/stop and row indicators. */
const PDF417_MODULES_PER_COLUMN = 17;
const PDF417_FIXED_MODULES = 69;

/** The live preview re-renders on every keystroke; the symbols rarely change between them. */
const CACHE_LIMIT = 64;
const cache = new Map<string, SymbolEncoding>();

interface ModuleMatrix {
  readonly width: number;
  readonly height: number;
  readonly modules: Uint8Array;
}

type RawSymbol = { bbs: number[]; bhs: number[]; sbs: number[] } | { pixs: number[]; pixx: number; pixy: number; height: number; width: number };

function toMatrix(result: readonly RawSymbol[]): ModuleMatrix {
  const first = result[0];
  if (first === undefined || !('pixs' in first)) throw new Error('bwip-js returned no 2D matrix');
  const { pixs, pixx: width, pixy: height } = first;
  const storedRows = Math.floor(pixs.length / width);
  // PDF417 comes back with each row stored once and `pixy` counting its repeats (rowmult).
  const repeat = storedRows > 0 && height % storedRows === 0 ? height / storedRows : 1;
  if (repeat === 1) return { width, height: storedRows, modules: Uint8Array.from(pixs) };
  const modules = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    const source = Math.floor(row / repeat) * width;
    for (let x = 0; x < width; x++) modules[row * width + x] = pixs[source + x] ?? 0;
  }
  return { width, height, modules };
}

function rowsEqual(matrix: ModuleMatrix, rowA: number, rowB: number): boolean {
  const { width, modules } = matrix;
  const offsetA = rowA * width;
  const offsetB = rowB * width;
  for (let x = 0; x < width; x++) if (modules[offsetA + x] !== modules[offsetB + x]) return false;
  return true;
}

/** One subpath per horizontal run of dark modules, merging identical rows (PDF417 repeats each row). */
function matrixToPath(matrix: ModuleMatrix): string {
  const { width, height, modules } = matrix;
  const parts: string[] = [];
  let y = 0;
  while (y < height) {
    let groupEnd = y + 1;
    while (groupEnd < height && rowsEqual(matrix, y, groupEnd)) groupEnd++;
    const rowHeight = groupEnd - y;
    const offset = y * width;
    let x = 0;
    while (x < width) {
      if (modules[offset + x] === 0) {
        x++;
        continue;
      }
      let runEnd = x + 1;
      while (runEnd < width && modules[offset + runEnd] !== 0) runEnd++;
      const length = runEnd - x;
      parts.push(`M${x} ${y}h${length}v${rowHeight}h-${length}z`);
      x = runEnd;
    }
    y = groupEnd;
  }
  return parts.join('');
}

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // bwip-js prefixes messages with an internal id such as "bwipp.qrcodeNoValidSymbol#27542: ".
  return message.replace(/^bwipp?\.[\w.]+#\d+:\s*/, '');
}

function symbolOf(symbology: ReceiptSymbology, matrix: ModuleMatrix, moduleDots: number): SymbolEncoding {
  return {
    ok: true,
    symbol: {
      symbology,
      widthModules: matrix.width,
      heightModules: matrix.height,
      moduleDots,
      path: matrixToPath(matrix),
      modules: matrix.modules,
    },
  };
}

function encodeQr(data: string, maxWidthDots: number): SymbolEncoding {
  const matrix = toMatrix(bwipjs.raw('qrcode', data, {}));
  const withQuietZone = Math.floor(maxWidthDots / (matrix.width + 2 * QR_QUIET_ZONE_MODULES));
  const moduleDots = Math.min(QR_MAX_MODULE_DOTS, withQuietZone > 0 ? withQuietZone : Math.floor(maxWidthDots / matrix.width));
  if (moduleDots < 1) return { ok: false, reason: `the QR code is ${matrix.width} modules wide, wider than the paper` };
  return symbolOf('qr', matrix, moduleDots);
}

function pdf417ColumnsFor(maxWidthDots: number, moduleDots: number): number {
  return Math.floor((maxWidthDots / moduleDots - PDF417_FIXED_MODULES) / PDF417_MODULES_PER_COLUMN);
}

function encodePdf417(data: string, maxWidthDots: number): SymbolEncoding {
  // bwip-js's own column choice gives the best-proportioned symbol; only when that is wider
  // than the paper are the columns forced down, first at 2-dot modules, then at 1 dot.
  const attempts: ReadonlyArray<{ moduleDots: number; columns?: number }> = [
    { moduleDots: PDF417_PREFERRED_MODULE_DOTS },
    { moduleDots: PDF417_PREFERRED_MODULE_DOTS, columns: pdf417ColumnsFor(maxWidthDots, PDF417_PREFERRED_MODULE_DOTS) },
    { moduleDots: 1, columns: pdf417ColumnsFor(maxWidthDots, 1) },
  ];
  let lastError: unknown = new Error('the symbol is wider than the paper');
  for (const { moduleDots, columns } of attempts) {
    if (columns !== undefined && columns < 1) continue;
    try {
      // bwip-js's typings omit BWIPP's `columns` option.
      const options: BwippOptions & { columns?: number } = columns === undefined ? {} : { columns };
      const matrix = toMatrix(bwipjs.raw('pdf417', data, options));
      if (matrix.width * moduleDots <= maxWidthDots) return symbolOf('pdf417', matrix, moduleDots);
    } catch (error) {
      lastError = error;
    }
  }
  return { ok: false, reason: describeFailure(lastError) };
}

/**
 * Encodes `data` with bwip-js and sizes it for a paper `maxWidthDots` wide. Never throws:
 * data the symbology cannot hold comes back as `{ ok: false, reason }`.
 */
export function encodeSymbol(symbology: ReceiptSymbology, data: string, maxWidthDots: number): SymbolEncoding {
  const key = `${symbology}\u0000${maxWidthDots}\u0000${data}`;
  const cached = cache.get(key);
  if (cached !== undefined) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  let encoding: SymbolEncoding;
  try {
    encoding = symbology === 'qr' ? encodeQr(data, maxWidthDots) : encodePdf417(data, maxWidthDots);
  } catch (error) {
    encoding = { ok: false, reason: describeFailure(error) };
  }
  cache.set(key, encoding);
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  return encoding;
}

/** For benchmarks that want to measure encoding, not the cache. */
export function clearSymbolCache(): void {
  cache.clear();
}
