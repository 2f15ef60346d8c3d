import { CONTENT_MAX_BYTES } from '../platform/terminal-actions';
import { PRINTABLE_WIDTH_DOTS } from '../receipt/constants';
import { adjustBrightnessContrast } from './adjust';
import { base64Length, encodeBase64 } from './base64';
import { dither, type DitherMode } from './dither';
import { encodePng, type PngBitDepth, type ZlibCompress } from './png';
import { cropRows, type GrayRaster, type RgbaImage } from './raster';
import { heightForWidth, scaleArea, scaleRgbaArea } from './scale';

/**
 * About a metre of paper. The spec sets no height limit; the sandbox's virtual terminal refuses taller
 * images (src/sandbox/terminals/raster.ts), and a real roll would run out, so the app stops there too.
 */
export const MAX_PRINT_HEIGHT_DOTS = 8000;
/** Narrower than this, a picture is a smudge on 58 mm paper. */
export const MIN_PRINT_WIDTH_DOTS = 32;
/** Largest decoded picture accepted (RGBA: 4 bytes each); a phone photo is 12–50 million. */
export const MAX_SOURCE_PIXELS = 60_000_000;

export interface PrintImageSettings {
  /** Printed width in dots, at most the paper's 384. */
  readonly width: number;
  readonly brightness: number;
  readonly contrast: number;
  readonly dither: DitherMode;
  readonly bitDepth: PngBitDepth;
  /** Keep only the top rows, in dots; the whole picture when absent. */
  readonly maxHeight?: number;
}

/** Why a picture cannot be sent as it is. */
export type PrintImageLimit = 'too_tall' | 'too_large';

export interface PrintImage {
  /** Exactly the dots that print: 0 or 255. */
  readonly raster: GrayRaster;
  readonly png: Uint8Array;
  /** Characters of the Base64 content, which is what the 1 MB limit (spec 8) counts. */
  readonly contentBytes: number;
  /** Height at this width before any crop, in dots. */
  readonly fullHeight: number;
  /** The content to send; absent when over a limit, so it cannot be sent by mistake. */
  readonly base64?: string;
  readonly limit?: PrintImageLimit;
}

/** What would make an over-limit picture printable: fewer dots across, or fewer rows. */
export interface PrintImageFit {
  readonly width?: number;
  readonly maxHeight?: number;
}

export function defaultPrintWidth(sourceWidth: number): number {
  // The terminal scales wider pictures down and leaves narrower ones as they are (docs/decisions.md).
  return Math.max(1, Math.min(PRINTABLE_WIDTH_DOTS, sourceWidth));
}

export function clampPrintWidth(width: number): number {
  return Math.max(MIN_PRINT_WIDTH_DOTS, Math.min(PRINTABLE_WIDTH_DOTS, Math.round(width)));
}

/** Source → printed size → brightness and contrast → 1-bit dots → top rows only, ready to encode. */
export function ditherForPrint(scaled: GrayRaster, settings: PrintImageSettings): GrayRaster {
  const dots = dither(adjustBrightnessContrast(scaled, settings.brightness, settings.contrast), settings.dither);
  // Error diffusion runs top to bottom, so cropping after dithering gives the same rows as before.
  return settings.maxHeight === undefined ? dots : cropRows(dots, settings.maxHeight);
}

export function scaleForPrint(source: GrayRaster, width: number): GrayRaster {
  return scaleArea(source, width, heightForWidth(source.width, source.height, width));
}

/** A decoded colour picture to grey at its printed width, in one pass over its pixels. */
export function scaleRgbaForPrint(source: RgbaImage, width: number): GrayRaster {
  return scaleRgbaArea(source, width, heightForWidth(source.width, source.height, width));
}

async function encode(raster: GrayRaster, bitDepth: PngBitDepth, compress: ZlibCompress): Promise<{ png: Uint8Array; contentBytes: number }> {
  const png = await encodePng(raster, bitDepth, compress);
  return { png, contentBytes: base64Length(png.length) };
}

/**
 * The whole print of one picture at its printed size: the dots, the PNG and, only when the terminal
 * would take it, the Base64 content.
 */
export async function renderPrintImage(scaled: GrayRaster, settings: PrintImageSettings, compress: ZlibCompress): Promise<PrintImage> {
  const raster = ditherForPrint(scaled, settings);
  const { png, contentBytes } = await encode(raster, settings.bitDepth, compress);
  const limit: PrintImageLimit | undefined = raster.height > MAX_PRINT_HEIGHT_DOTS ? 'too_tall' : contentBytes > CONTENT_MAX_BYTES ? 'too_large' : undefined;
  const base = { raster, png, contentBytes, fullHeight: scaled.height };
  return limit === undefined ? { ...base, base64: encodeBase64(png) } : { ...base, limit };
}

/** Largest whole number in [low, high] where `fits` holds, assuming it holds for all smaller ones. */
async function largestFitting(low: number, high: number, fits: (value: number) => Promise<boolean>): Promise<number | undefined> {
  if (high < low) return undefined;
  // Usually only the height was over, and the bound already fits: one encode instead of a search.
  if (await fits(high)) return high;
  if (!(await fits(low))) return undefined;
  let good = low;
  let bad = high;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (await fits(middle)) good = middle;
    else bad = middle;
  }
  return good;
}

/** The widest print of the picture that stays within the height limit. */
function widestWithinHeight(sourceWidth: number, sourceHeight: number): number {
  let width = Math.floor((MAX_PRINT_HEIGHT_DOTS * sourceWidth) / sourceHeight);
  while (heightForWidth(sourceWidth, sourceHeight, width + 1) <= MAX_PRINT_HEIGHT_DOTS) width++;
  return width;
}

/**
 * For a picture over a limit: the widest width that fits as a whole, and the most rows that fit at the
 * current width. Each candidate is really encoded, since compressed size cannot be predicted.
 */
export async function findPrintImageFit(
  source: { readonly width: number; readonly height: number },
  settings: PrintImageSettings,
  compress: ZlibCompress,
  /** The source at a printed width; callers cache it, since a search asks for several widths. */
  scaledAt: (width: number) => GrayRaster,
): Promise<PrintImageFit> {
  const whole = { ...settings, maxHeight: undefined };
  const fitsAtWidth = async (width: number): Promise<boolean> => {
    const raster = ditherForPrint(scaledAt(width), whole);
    if (raster.height > MAX_PRINT_HEIGHT_DOTS) return false;
    return (await encode(raster, settings.bitDepth, compress)).contentBytes <= CONTENT_MAX_BYTES;
  };
  const width = await largestFitting(MIN_PRINT_WIDTH_DOTS, Math.min(settings.width - 1, widestWithinHeight(source.width, source.height)), fitsAtWidth);

  const dots = ditherForPrint(scaledAt(settings.width), whole);
  const fitsRows = async (rows: number): Promise<boolean> =>
    (await encode(cropRows(dots, rows), settings.bitDepth, compress)).contentBytes <= CONTENT_MAX_BYTES;
  const maxHeight = await largestFitting(1, Math.min(dots.height, MAX_PRINT_HEIGHT_DOTS), fitsRows);
  return { width, maxHeight };
}
