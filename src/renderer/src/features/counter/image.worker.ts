import {
  findPrintImageFit,
  MAX_SOURCE_PIXELS,
  readImageHeader,
  renderPrintImage,
  scaleRgbaForPrint,
  type GrayRaster,
  type PrintImage,
  type PrintImageFit,
  type RgbaImage,
} from '../../../../shared/imaging';
import { PRINTABLE_WIDTH_DOTS } from '../../../../shared/receipt/constants';
import type { ImageLoadFailure, ImageWorkerRequest, ImageWorkerResponse, LoadedImage } from './image-protocol';

/**
 * Everything slow about an image print happens here, off the page's thread: decoding, the full-size
 * grey copy, scaling, dithering and PNG encoding. The page only posts settings and shows the PNG.
 */

/** The worker's side of postMessage; the DOM typings this project compiles with describe the page's. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ImageWorkerRequest>) => void) | null;
  postMessage(message: ImageWorkerResponse, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

/**
 * The decoded pixels stay here between renders, so a slider move never decodes the file again. Kept in
 * colour: turning them grey while scaling reads them once, where a grey copy would be written and read.
 */
let source: RgbaImage | undefined;
/** Scaling is the costly step and the width changes least often, so its results are kept per width. */
const scaledByWidth = new Map<number, GrayRaster>();
/** Enough for the widths a fit search tries, without holding metres of paper in memory. */
const SCALED_CACHE_SIZE = 6;

async function zlibDeflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function scaledAt(width: number): GrayRaster {
  if (source === undefined) throw new Error('no image loaded');
  let scaled = scaledByWidth.get(width);
  if (scaled === undefined) {
    scaled = scaleRgbaForPrint(source, width);
    scaledByWidth.set(width, scaled);
    const oldest = scaledByWidth.keys().next();
    if (scaledByWidth.size > SCALED_CACHE_SIZE && !oldest.done) scaledByWidth.delete(oldest.value);
  }
  return scaled;
}

class LoadFailure extends Error {
  constructor(readonly reason: ImageLoadFailure) {
    super(reason);
  }
}

async function load(file: Blob): Promise<LoadedImage> {
  const header = readImageHeader(new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer()));
  if (header === undefined) throw new LoadFailure('not_png_or_jpeg');
  // Checked on the declared size, before decoding allocates anything.
  if (header.width * header.height > MAX_SOURCE_PIXELS) throw new LoadFailure('too_many_pixels');
  let bitmap: ImageBitmap;
  try {
    // Turned the way the camera meant (EXIF orientation), as any image viewer shows it.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new LoadFailure('unreadable');
  }
  const { width, height } = bitmap;
  source = halvedPixels(bitmap);
  bitmap.close();
  scaledByWidth.clear();
  return { format: header.format, width, height };
}

/** Kept at least this wide, so the shared area averaging still does the last, uneven step to the paper. */
const HALVE_WHILE_WIDER_THAN = 2 * PRINTABLE_WIDTH_DOTS;

/**
 * The decoded picture's pixels, halved on a canvas while it stays at least twice the paper's width. A
 * bilinear draw at exactly half size averages each 2×2 block (checked in Chromium: within rounding of
 * the exact mean), the same area average shared/imaging computes, done in the browser's native code; a phone photo then leaves the canvas a sixteenth of its
 * size instead of 48 MB. An odd last row or column is left out of a halving, a pixel of thousands.
 */
function halvedPixels(bitmap: ImageBitmap): RgbaImage {
  let picture: ImageBitmap | OffscreenCanvas = bitmap;
  let { width, height } = bitmap;
  while (width >= 2 * HALVE_WHILE_WIDER_THAN && height >= 2) {
    const half = new OffscreenCanvas(Math.floor(width / 2), Math.floor(height / 2));
    const context = half.getContext('2d');
    if (context === null) throw new LoadFailure('unreadable');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'low';
    context.drawImage(picture, 0, 0, half.width * 2, half.height * 2, 0, 0, half.width, half.height);
    picture = half;
    ({ width, height } = half);
  }
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new LoadFailure('unreadable');
  context.drawImage(picture, 0, 0);
  return { width, height, data: context.getImageData(0, 0, width, height).data };
}

function post(message: ImageWorkerResponse, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

async function handle(event: MessageEvent<ImageWorkerRequest>): Promise<void> {
  const request = event.data;
  const started = performance.now();
  if (request.type === 'load') {
    try {
      const image = await load(request.file);
      post({ type: 'loaded', id: request.id, image, elapsedMs: performance.now() - started });
    } catch (error) {
      source = undefined;
      scaledByWidth.clear();
      post({ type: 'failed', id: request.id, reason: error instanceof LoadFailure ? error.reason : 'unreadable' });
    }
    return;
  }
  if (source === undefined) {
    post({ type: 'failed', id: request.id, reason: 'no_image' });
    return;
  }
  const { settings } = request;
  let print: PrintImage;
  let fit: PrintImageFit | undefined;
  try {
    print = await renderPrintImage(scaledAt(settings.width), settings, zlibDeflate);
    fit = print.limit === undefined ? undefined : await findPrintImageFit(source, settings, zlibDeflate, scaledAt);
  } catch {
    post({ type: 'failed', id: request.id, reason: 'unreadable' });
    return;
  }
  post(
    {
      type: 'rendered',
      id: request.id,
      image: {
        width: print.raster.width,
        height: print.raster.height,
        fullHeight: print.fullHeight,
        png: print.png,
        contentBytes: print.contentBytes,
        base64: print.base64,
        limit: print.limit,
        fit,
        elapsedMs: performance.now() - started,
      },
    },
    [print.png.buffer],
  );
}

/** One message at a time: a picture loaded halfway through a render must not change it mid-way. */
let queue = Promise.resolve();
scope.onmessage = (event) => {
  queue = queue.then(() => handle(event));
};
