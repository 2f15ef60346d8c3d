import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import {
  defaultPrintWidth,
  floydSteinberg,
  grayFromRgba,
  MAX_PRINT_HEIGHT_DOTS,
  MAX_SOURCE_PIXELS,
  readImageHeader,
  scaleForPrint,
  type GrayRaster,
} from '../../shared/imaging';
import type { ImageFormat } from '../../shared/platform/terminal-actions';
import { escapeXml, PRINTABLE_WIDTH_DOTS } from '../../shared/receipt';

/**
 * What the terminal's printer does to an `image` print: decode the PNG/JPEG (Node decoders here),
 * then the app's own imaging pipeline (src/shared/imaging): grey over white paper, scaled down to the
 * 384-dot head when wider (docs/decisions.md), Floyd–Steinberg to the 1-bit dots a thermal head makes.
 * Sharing the pipeline is what makes the sandbox print what the app previews.
 */

export type RasterResult = { ok: true; raster: GrayRaster } | { ok: false; reason: string };

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

function decode(bytes: Uint8Array, format: ImageFormat): Rgba {
  if (format === 'png') {
    const png = pngjs.PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { width: png.width, height: png.height, data: png.data };
  }
  return jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    // A truncated JPEG would otherwise decode to grey blocks and print as if nothing were wrong.
    tolerantDecoding: false,
    maxResolutionInMP: MAX_SOURCE_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 512,
  });
}

/**
 * Decodes an image and brings it to the paper in grey: at most 384 dots wide, narrower images at
 * their own size. Refuses, rather than decodes, a file whose header declares more than
 * MAX_SOURCE_PIXELS (a 1 MB "decompression bomb" can ask for gigabytes). Never throws.
 */
export function rasterForPaper(bytes: Uint8Array, format: ImageFormat): RasterResult {
  const header = readImageHeader(bytes);
  if (header === undefined || header.format !== format)
    return { ok: false, reason: `the ${format.toUpperCase()} image could not be decoded: its header is unreadable` };
  if (header.width * header.height > MAX_SOURCE_PIXELS) {
    return { ok: false, reason: `the image is ${header.width}×${header.height} pixels; at most ${MAX_SOURCE_PIXELS} pixels are accepted` };
  }
  let image: Rgba;
  try {
    image = decode(bytes, format);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `the ${format.toUpperCase()} image could not be decoded: ${detail}` };
  }
  const gray = grayFromRgba(image.data, image.width, image.height);
  const raster = scaleForPrint(gray, defaultPrintWidth(gray.width));
  if (raster.height > MAX_PRINT_HEIGHT_DOTS) {
    return { ok: false, reason: `the image would print ${raster.height} dots tall at the paper's width; at most ${MAX_PRINT_HEIGHT_DOTS} dots are printed` };
  }
  return { ok: true, raster };
}

/** A grey PNG as wide as the paper, the image centred, as the print head lays it down. */
export function encodePaperPng(raster: GrayRaster, paperWidth = PRINTABLE_WIDTH_DOTS): Uint8Array {
  const png = new pngjs.PNG({ width: paperWidth, height: raster.height, colorType: 0, inputColorType: 0, inputHasAlpha: false, bitDepth: 8 });
  const data = Buffer.alloc(paperWidth * raster.height, 255);
  const left = Math.max(0, Math.floor((paperWidth - raster.width) / 2));
  for (let y = 0; y < raster.height; y++) {
    const row = raster.data.subarray(y * raster.width, (y + 1) * raster.width);
    data.set(row.subarray(0, paperWidth), y * paperWidth + left);
  }
  png.data = data;
  return pngjs.PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false, bitDepth: 8 });
}

const MARGIN_DOTS = 16;

/** The printed image as SVG, one unit per dot, like the receipt renderer's output for custom prints. */
export function renderImageSvg(raster: GrayRaster, title?: string): string {
  const dots = floydSteinberg(raster);
  const png = Buffer.from(encodePaperPng(dots)).toString('base64');
  const width = PRINTABLE_WIDTH_DOTS;
  const height = dots.height + 2 * MARGIN_DOTS;
  const titleElement = title === undefined ? '' : `<title>${escapeXml(title)}</title>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="receipt-paper" role="img" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    titleElement +
    `<rect class="receipt-paper-background" width="${width}" height="${height}" fill="#fff"/>` +
    `<image x="0" y="${MARGIN_DOTS}" width="${width}" height="${dots.height}" style="image-rendering:pixelated" href="data:image/png;base64,${png}"/>` +
    '</svg>'
  );
}
