import type { GrayRaster } from './raster';

/**
 * How grey becomes the black-or-blank dots of a thermal head:
 * - floyd-steinberg spreads all of each dot's error to four neighbours: smooth photos;
 * - atkinson spreads three quarters of it to six: crisper, lighter shadows, good for logos;
 * - threshold keeps no error at all: clean text and line art.
 */
export const DITHER_MODES = ['floyd-steinberg', 'atkinson', 'threshold'] as const;
export type DitherMode = (typeof DITHER_MODES)[number];

export const BLACK = 0;
export const WHITE = 255;
const MIDPOINT = 128;

export function threshold(source: GrayRaster, level = MIDPOINT): GrayRaster {
  const data = new Uint8Array(source.data.length);
  for (let index = 0; index < data.length; index++) data[index] = (source.data[index] ?? WHITE) < level ? BLACK : WHITE;
  return { width: source.width, height: source.height, data };
}

/**
 * Error diffusion over rolling row buffers rather than a float copy of the whole picture: the buffers
 * hold the error arriving at the current and next rows (two more for Atkinson's reach).
 */
export function floydSteinberg(source: GrayRaster): GrayRaster {
  const { width, height } = source;
  const data = new Uint8Array(width * height);
  // One cell of padding each side, so the neighbour writes need no bounds checks.
  let current = new Float32Array(width + 2);
  let next = new Float32Array(width + 2);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const value = (source.data[row + x] ?? WHITE) + (current[x + 1] ?? 0);
      const dot = value < MIDPOINT ? BLACK : WHITE;
      data[row + x] = dot;
      const error = value - dot;
      current[x + 2] = (current[x + 2] ?? 0) + error * (7 / 16);
      next[x] = (next[x] ?? 0) + error * (3 / 16);
      next[x + 1] = (next[x + 1] ?? 0) + error * (5 / 16);
      next[x + 2] = (next[x + 2] ?? 0) + error * (1 / 16);
    }
    [current, next] = [next, current];
    next.fill(0);
  }
  return { width, height, data };
}

export function atkinson(source: GrayRaster): GrayRaster {
  const { width, height } = source;
  const data = new Uint8Array(width * height);
  // Two cells of padding each side for the x+2 reach; three rows of error in flight.
  let row0 = new Float32Array(width + 4);
  let row1 = new Float32Array(width + 4);
  let row2 = new Float32Array(width + 4);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const cell = x + 2;
      const value = (source.data[row + x] ?? WHITE) + (row0[cell] ?? 0);
      const dot = value < MIDPOINT ? BLACK : WHITE;
      data[row + x] = dot;
      const share = (value - dot) / 8;
      row0[cell + 1] = (row0[cell + 1] ?? 0) + share;
      row0[cell + 2] = (row0[cell + 2] ?? 0) + share;
      row1[cell - 1] = (row1[cell - 1] ?? 0) + share;
      row1[cell] = (row1[cell] ?? 0) + share;
      row1[cell + 1] = (row1[cell + 1] ?? 0) + share;
      row2[cell] = (row2[cell] ?? 0) + share;
    }
    [row0, row1, row2] = [row1, row2, row0];
    row2.fill(0);
  }
  return { width, height, data };
}

export function dither(source: GrayRaster, mode: DitherMode): GrayRaster {
  switch (mode) {
    case 'floyd-steinberg':
      return floydSteinberg(source);
    case 'atkinson':
      return atkinson(source);
    case 'threshold':
      return threshold(source);
  }
}
