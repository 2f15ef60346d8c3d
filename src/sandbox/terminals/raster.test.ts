import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { createGrayRaster } from '../../shared/imaging';
import { jpegBase64, pngBase64 } from '../actions/test-support';
import { encodePaperPng, rasterForPaper, renderImageSvg } from './raster';

describe('rasterForPaper', () => {
  it('decodes a PNG, prints transparency as white paper and scales it down to 384 dots', () => {
    const result = rasterForPaper(Buffer.from(pngBase64(768, 40), 'base64'), 'png');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([result.raster.width, result.raster.height]).toEqual([384, 20]);
    expect(result.raster.data[0]).toBe(0);
    expect(result.raster.data[383]).toBe(255);
    // The source's last row is transparent: it prints as paper.
    expect(result.raster.data[19 * 384]).toBeGreaterThan(100);
  });

  it('keeps a narrower image at its own size', () => {
    const result = rasterForPaper(Buffer.from(jpegBase64(120, 30), 'base64'), 'jpeg');
    expect(result).toMatchObject({ ok: true, raster: { width: 120, height: 30 } });
  });

  it('refuses an image that would print more than 8000 dots tall', () => {
    const result = rasterForPaper(Buffer.from(pngBase64(2, 9000), 'base64'), 'png');
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/at most 8000 dots/) as unknown });
  });

  it('refuses, without decoding, a header declaring too many pixels', () => {
    const png = Buffer.from(pngBase64(2, 2), 'base64');
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);
    expect(rasterForPaper(png, 'png')).toMatchObject({ ok: false, reason: expect.stringMatching(/100000×100000 pixels/) as unknown });
  });

  it('reports a JPEG that does not decode instead of throwing', () => {
    expect(rasterForPaper(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'jpeg').ok).toBe(false);
    const truncated = Buffer.from(jpegBase64(64, 64), 'base64').subarray(0, 400);
    expect(rasterForPaper(truncated, 'jpeg').ok).toBe(false);
  });
});

describe('renderImageSvg', () => {
  it('centres the dithered picture on a 384-dot PNG of black and white dots only', () => {
    const svg = renderImageSvg(createGrayRaster(100, 10, 128), 'Print logo');
    expect(svg).toContain('<title>Print logo</title>');
    const base64 = /base64,([^"]+)"/.exec(svg)?.[1] ?? '';
    const png = pngjs.PNG.sync.read(Buffer.from(base64, 'base64'));
    expect([png.width, png.height]).toEqual([384, 10]);
    const values = new Set<number>();
    for (let index = 0; index < png.data.length; index += 4) values.add(png.data[index] ?? -1);
    expect([...values].sort((a, b) => a - b)).toEqual([0, 255]);
    // Margins left and right of the 100-dot picture are blank paper.
    expect(png.data[0]).toBe(255);
    expect(png.data[383 * 4]).toBe(255);
  });

  it('encodePaperPng lays the raster at the centre of the paper width', () => {
    const png = pngjs.PNG.sync.read(Buffer.from(encodePaperPng(createGrayRaster(4, 1, 0), 8)));
    expect([...Array.from({ length: 8 }, (_, x) => png.data[x * 4])]).toEqual([255, 255, 0, 0, 0, 0, 255, 255]);
  });
});
