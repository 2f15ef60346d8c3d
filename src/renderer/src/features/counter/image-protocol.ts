import type { ImageFormat } from '../../../../shared/platform/terminal-actions';
import type { PrintImageFit, PrintImageLimit, PrintImageSettings } from '../../../../shared/imaging';

/** Messages to the image worker. Every request carries an id, answered by the response with the same id. */
export type ImageWorkerRequest =
  { readonly type: 'load'; readonly id: number; readonly file: Blob } | { readonly type: 'render'; readonly id: number; readonly settings: PrintImageSettings };

export type ImageLoadFailure = 'not_png_or_jpeg' | 'too_many_pixels' | 'unreadable';

export interface LoadedImage {
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
}

export interface RenderedImage {
  readonly width: number;
  readonly height: number;
  readonly fullHeight: number;
  readonly png: Uint8Array;
  readonly contentBytes: number;
  readonly base64?: string;
  readonly limit?: PrintImageLimit;
  /** Offered when over a limit: what would fit. */
  readonly fit?: PrintImageFit;
  /** Milliseconds the worker spent, for the benchmark and for curiosity. */
  readonly elapsedMs: number;
}

export type ImageWorkerResponse =
  | { readonly type: 'loaded'; readonly id: number; readonly image: LoadedImage; readonly elapsedMs: number }
  | { readonly type: 'rendered'; readonly id: number; readonly image: RenderedImage }
  | { readonly type: 'failed'; readonly id: number; readonly reason: ImageLoadFailure | 'no_image' };
