import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { CONTENT_MAX_BYTES, isStrictBase64 } from '../platform/terminal-actions';
import {
  adjustBrightnessContrast,
  atkinson,
  base64Length,
  crc32,
  createGrayRaster,
  dither,
  DITHER_MODES,
  encodeBase64,
  encodePng,
  findPrintImageFit,
  floydSteinberg,
  grayFromRgba,
  MAX_PRINT_HEIGHT_DOTS,
  readImageHeader,
  renderPrintImage,
  scaleArea,
  scaleForPrint,
  scaleRgbaArea,
  threshold,
  type GrayRaster,
  type PrintImageSettings,
} from './index';

const compress = (bytes: Uint8Array): Uint8Array => deflateSync(bytes);
/**
 * Dithered dots compress to about a bit each, so no picture within the height limit reaches 1 MB with
 * real compression; stored (level 0) zlib gets there and exercises the same limit logic.
 */
const store = (bytes: Uint8Array): Uint8Array => deflateSync(bytes, { level: 0 });

/** A smooth diagonal ramp with a ripple: every grey level, no flat areas, like a photo. */
function photoLike(width: number, height: number): GrayRaster {
  const raster = createGrayRaster(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ramp = ((x / width + y / height) / 2) * 255;
      raster.data[y * width + x] = Math.max(0, Math.min(255, Math.round(ramp + 20 * Math.sin(x / 7) * Math.cos(y / 11))));
    }
  }
  return raster;
}

/** Random grey, which no compressor can shrink: for driving pictures over the 1 MB limit. */
function noise(width: number, height: number, seed = 7): GrayRaster {
  const raster = createGrayRaster(width, height);
  let state = seed;
  for (let index = 0; index < raster.data.length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    raster.data[index] = state >>> 24;
  }
  return raster;
}

function mean(raster: GrayRaster): number {
  let sum = 0;
  for (const value of raster.data) sum += value;
  return sum / raster.data.length;
}

function onlyBlackAndWhite(raster: GrayRaster): boolean {
  return raster.data.every((value) => value === 0 || value === 255);
}

const SETTINGS: PrintImageSettings = { width: 384, brightness: 0, contrast: 0, dither: 'floyd-steinberg', bitDepth: 1 };

describe('grey from RGBA', () => {
  it('weights the channels as luma and puts transparent pixels on white paper', () => {
    const rgba = Uint8Array.of(255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0, 0, 128);
    expect([...grayFromRgba(rgba, 5, 1).data]).toEqual([76, 150, 29, 255, 127]);
    expect([...scaleRgbaArea({ width: 5, height: 1, data: rgba }, 5, 1).data]).toEqual([76, 150, 29, 255, 127]);
  });

  it('scales a colour picture as its grey copy would be scaled, transparent rows included', () => {
    const source = photoLike(997, 641);
    const rgba = new Uint8Array(source.data.length * 4);
    source.data.forEach((level, index) => rgba.set([level, (level * 7) % 256, 255 - level, 255], index * 4));
    // A band of half-transparent rows takes the pixel-by-pixel path.
    for (let index = 997 * 300 * 4 + 3; index < 997 * 320 * 4; index += 4) rgba[index] = 128;
    const colour = { width: 997, height: 641, data: rgba };
    const direct = scaleRgbaArea(colour, 384, 247);
    const viaGrey = scaleArea(grayFromRgba(rgba, 997, 641), 384, 247);
    // Rounding each pixel to a grey level first may move a result by one level, never more.
    const largest = direct.data.reduce((most, level, index) => Math.max(most, Math.abs(level - (viaGrey.data[index] ?? 0))), 0);
    expect(largest).toBeLessThanOrEqual(1);
  });
});

describe('area-averaging scale', () => {
  it('brings a 4000×3000 photo to the 384-dot paper keeping its aspect ratio', () => {
    const scaled = scaleForPrint(photoLike(4000, 3000), 384);
    expect(scaled.width).toBe(384);
    expect(scaled.height).toBe(288);
    expect(scaled.width / scaled.height).toBeCloseTo(4000 / 3000, 2);
  });

  it('keeps the average grey of the picture, so nothing gets darker or lighter by scaling', () => {
    const source = photoLike(1000, 700);
    const scaled = scaleArea(source, 384, 269);
    expect(mean(scaled)).toBeCloseTo(mean(source), 0);
  });

  it('turns a one-pixel line into grey instead of losing it between samples', () => {
    const source = createGrayRaster(100, 10);
    for (let y = 0; y < 10; y++) source.data[y * 100 + 55] = 0;
    const scaled = scaleArea(source, 10, 1);
    expect(scaled.data[5]).toBeGreaterThan(200);
    expect(scaled.data[5]).toBeLessThan(255);
    expect(scaled.data[4]).toBe(255);
  });

  it('leaves flat grey exactly flat at a non-integer ratio', () => {
    const scaled = scaleArea(createGrayRaster(997, 13, 90), 384, 5);
    expect(new Set(scaled.data)).toEqual(new Set([90]));
  });
});

describe('brightness and contrast', () => {
  it('lightens with brightness and spreads levels apart with contrast', () => {
    const source = photoLike(64, 64);
    expect(mean(adjustBrightnessContrast(source, 40, 0))).toBeGreaterThan(mean(source) + 50);
    expect(mean(adjustBrightnessContrast(source, -40, 0))).toBeLessThan(mean(source) - 50);
    const contrasted = adjustBrightnessContrast(createGrayRaster(2, 1, 100), 0, 50);
    expect(contrasted.data[0]).toBeLessThan(100);
  });

  it('returns the picture untouched at zero', () => {
    const source = photoLike(8, 8);
    expect(adjustBrightnessContrast(source, 0, 0)).toBe(source);
  });
});

describe('dithering', () => {
  const source = photoLike(384, 288);

  it.each(DITHER_MODES)('%s produces only black (0) and blank (255) dots', (mode) => {
    const dots = dither(source, mode);
    expect(dots.width).toBe(384);
    expect(dots.height).toBe(288);
    expect(onlyBlackAndWhite(dots)).toBe(true);
  });

  it('keeps the average tone with Floyd–Steinberg, and Atkinson differs from it', () => {
    const fs = floydSteinberg(source);
    const at = atkinson(source);
    expect(mean(fs)).toBeCloseTo(mean(source), -1);
    let differing = 0;
    for (let index = 0; index < fs.data.length; index++) if (fs.data[index] !== at.data[index]) differing++;
    expect(differing / fs.data.length).toBeGreaterThan(0.05);
  });

  it('renders 50% grey as a checkerboard-like half cover with Floyd–Steinberg', () => {
    const dots = floydSteinberg(createGrayRaster(64, 64, 128));
    expect(mean(dots)).toBeGreaterThan(110);
    expect(mean(dots)).toBeLessThan(145);
  });

  it('moves the threshold with brightness: brighter leaves more paper blank', () => {
    const darker = threshold(adjustBrightnessContrast(source, -30, 0));
    const plain = threshold(source);
    const brighter = threshold(adjustBrightnessContrast(source, 30, 0));
    const blank = (raster: GrayRaster) => raster.data.filter((value) => value === 255).length;
    expect(blank(darker)).toBeLessThan(blank(plain));
    expect(blank(brighter)).toBeGreaterThan(blank(plain));
    // A level just below the middle prints black, until brightness lifts it over.
    const level = createGrayRaster(1, 1, 120);
    expect(threshold(level).data[0]).toBe(0);
    expect(threshold(adjustBrightnessContrast(level, 10, 0)).data[0]).toBe(255);
  });
});

describe('PNG encoder', () => {
  it.each([1, 8] as const)('writes a %i-bit grey PNG that pngjs decodes to the same dots', async (bitDepth) => {
    const dots = floydSteinberg(photoLike(389, 57));
    const png = await encodePng(dots, bitDepth, compress);
    const decoded = pngjs.PNG.sync.read(Buffer.from(png));
    expect(decoded.width).toBe(389);
    expect(decoded.height).toBe(57);
    for (let index = 0; index < dots.data.length; index++) {
      if (decoded.data[index * 4] !== dots.data[index]) throw new Error(`dot ${index} decoded as ${decoded.data[index * 4]}, was ${dots.data[index]}`);
    }
  });

  it('makes a 1-bit file about an eighth of the 8-bit one before compression', async () => {
    const dots = threshold(photoLike(384, 100));
    const oneBit = await encodePng(dots, 1, store);
    const eightBit = await encodePng(dots, 8, store);
    expect(oneBit.length).toBeLessThan(eightBit.length / 6);
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

describe('Base64', () => {
  it.each([0, 1, 2, 3, 4, 5, 255, 100_000])('round-trips %i bytes exactly as Node does', (length) => {
    const bytes = Uint8Array.from({ length }, (_, index) => (index * 131 + 7) & 0xff);
    const text = encodeBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(text.length).toBe(base64Length(length));
    expect(new Uint8Array(Buffer.from(text, 'base64'))).toEqual(bytes);
    if (length > 0) expect(isStrictBase64(text)).toBe(true);
  });
});

describe('image headers', () => {
  it('reads the size of a PNG and of a JPEG without decoding them', () => {
    const png = new pngjs.PNG({ width: 321, height: 123 });
    const pngBytes = new Uint8Array(pngjs.PNG.sync.write(png));
    expect(readImageHeader(pngBytes)).toEqual({ format: 'png', width: 321, height: 123 });
    const jpegBytes = new Uint8Array(jpeg.encode({ width: 40, height: 30, data: Buffer.alloc(40 * 30 * 4, 128) }, 80).data);
    expect(readImageHeader(jpegBytes)).toEqual({ format: 'jpeg', width: 40, height: 30 });
  });

  it('turns away what is neither', () => {
    expect(readImageHeader(new TextEncoder().encode('GIF89a……'))).toBeUndefined();
  });
});

describe('a picture ready to print', () => {
  it('gives Base64 content that decodes to the dots previewed', async () => {
    const print = await renderPrintImage(scaleForPrint(photoLike(1200, 900), 384), SETTINGS, compress);
    expect(print.limit).toBeUndefined();
    expect(print.base64).toBeDefined();
    const decoded = pngjs.PNG.sync.read(Buffer.from(print.base64 ?? '', 'base64'));
    expect(decoded.width).toBe(384);
    expect(decoded.height).toBe(288);
    expect(print.contentBytes).toBe(print.base64?.length);
  });

  it('keeps a full-height dithered picture far below 1 MB even as an 8-bit PNG', async () => {
    const print = await renderPrintImage(noise(384, MAX_PRINT_HEIGHT_DOTS), { ...SETTINGS, bitDepth: 8 }, compress);
    expect(print.limit).toBeUndefined();
    expect(print.contentBytes).toBeLessThan(CONTENT_MAX_BYTES * 0.7);
  });

  it('withholds the content past 1 MB and finds a narrower width and a crop that fit', async () => {
    const source = noise(384, 3000);
    const settings: PrintImageSettings = { ...SETTINGS, bitDepth: 8, dither: 'threshold' };
    const print = await renderPrintImage(source, settings, store);
    expect(print.limit).toBe('too_large');
    expect(print.base64).toBeUndefined();
    expect(print.contentBytes).toBeGreaterThan(CONTENT_MAX_BYTES);

    const fit = await findPrintImageFit(source, settings, store, (width) => scaleForPrint(source, width));
    expect(fit.width).toBeLessThan(384);
    expect(fit.maxHeight).toBeLessThan(3000);
    const narrower = await renderPrintImage(scaleForPrint(source, fit.width ?? 0), settings, store);
    expect(narrower.limit).toBeUndefined();
    const oneDotWider = await renderPrintImage(scaleForPrint(source, (fit.width ?? 0) + 1), settings, store);
    expect(oneDotWider.limit).toBe('too_large');
    const cropped = await renderPrintImage(source, { ...settings, maxHeight: fit.maxHeight }, store);
    expect(cropped.limit).toBeUndefined();
    expect(cropped.raster.height).toBe(fit.maxHeight);
    const oneRowMore = await renderPrintImage(source, { ...settings, maxHeight: (fit.maxHeight ?? 0) + 1 }, store);
    expect(oneRowMore.limit).toBe('too_large');
  });

  it('refuses a picture taller than a metre of paper and offers to crop it', async () => {
    const source = createGrayRaster(384, MAX_PRINT_HEIGHT_DOTS + 500, 200);
    const print = await renderPrintImage(source, SETTINGS, compress);
    expect(print.limit).toBe('too_tall');
    const fit = await findPrintImageFit(source, SETTINGS, compress, (width) => scaleForPrint(source, width));
    expect(fit.maxHeight).toBe(MAX_PRINT_HEIGHT_DOTS);
    expect(fit.width).toBe(Math.floor((MAX_PRINT_HEIGHT_DOTS * 384) / (MAX_PRINT_HEIGHT_DOTS + 500)));
  });
});
