import { sniffImageFormat, type ImageFormat } from '../platform/terminal-actions';

export interface ImageHeader {
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
}

/** PNG: the IHDR chunk always comes first, right after the 8-byte signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes, and markers that stand alone without a length.
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return undefined;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

/**
 * Format and pixel size from the first bytes of a file, before anything decodes it: a small file can
 * declare a huge picture (a "decompression bomb"), and this is where such a file is turned away.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  const format = sniffImageFormat(bytes);
  if (format === undefined) return undefined;
  const size = format === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (size === undefined || size.width < 1 || size.height < 1) return undefined;
  return { format, ...size };
}
