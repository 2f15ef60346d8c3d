import type { GrayRaster } from './raster';

/**
 * Compresses bytes into a zlib stream (RFC 1950), which is what a PNG's image data holds. Passed in
 * rather than imported, so this module stays free of platform APIs: browsers and workers hand in
 * CompressionStream('deflate'), Node hands in zlib.deflateSync.
 */
export type ZlibCompress = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>;

/** 1: eight dots per byte, the smallest file; 8: a byte per dot, for readers that mishandle 1-bit PNGs. */
export type PngBitDepth = 1 | 8;

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const COLOR_TYPE_GRAY = 0;
const FILTER_NONE = 0;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, initial = 0): number {
  let crc = ~initial >>> 0;
  for (let index = 0; index < bytes.length; index++) crc = (CRC_TABLE[(crc ^ (bytes[index] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
  return ~crc >>> 0;
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let index = 0; index < 4; index++) out[4 + index] = type.charCodeAt(index);
  out.set(body, 8);
  // The CRC covers the type and the body, not the length.
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

/** Scanlines as PNG stores them: a filter byte, then the row packed at the bit depth. */
function scanlines(raster: GrayRaster, bitDepth: PngBitDepth): Uint8Array {
  const { width, height, data } = raster;
  const rowBytes = bitDepth === 8 ? width : Math.ceil(width / 8);
  const out = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    const line = y * (rowBytes + 1);
    out[line] = FILTER_NONE;
    const row = y * width;
    if (bitDepth === 8) {
      out.set(data.subarray(row, row + width), line + 1);
      continue;
    }
    // In a 1-bit grey PNG a set bit is white; the leftmost dot is the byte's high bit.
    for (let x = 0; x < width; x += 8) {
      let byte = 0;
      const end = Math.min(8, width - x);
      for (let bit = 0; bit < end; bit++) if ((data[row + x + bit] ?? 255) >= 128) byte |= 0x80 >> bit;
      out[line + 1 + (x >> 3)] = byte;
    }
  }
  return out;
}

/**
 * A greyscale PNG of the raster. At bit depth 1 every level of 128 or more is white, so the raster is
 * expected to be dithered already; at 8 it is stored as it is.
 */
export async function encodePng(raster: GrayRaster, bitDepth: PngBitDepth, compress: ZlibCompress): Promise<Uint8Array> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, raster.width);
  view.setUint32(4, raster.height);
  header[8] = bitDepth;
  header[9] = COLOR_TYPE_GRAY;
  // Bytes 10–12: deflate compression, adaptive filtering, no interlace; all zero.
  const parts = [SIGNATURE, chunk('IHDR', header), chunk('IDAT', await compress(scanlines(raster, bitDepth))), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
