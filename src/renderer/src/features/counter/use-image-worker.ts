import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { clampPrintWidth, defaultPrintWidth, type DitherMode, type PngBitDepth, type PrintImageSettings } from '../../../../shared/imaging';
import type { ImageLoadFailure, ImageWorkerRequest, ImageWorkerResponse, LoadedImage, RenderedImage } from './image-protocol';

/** The cashier's choices; the printed width follows the picture until one is chosen. */
export interface ImageChoices {
  readonly dither: DitherMode;
  readonly brightness: number;
  readonly contrast: number;
  readonly bitDepth: PngBitDepth;
  readonly width?: number;
  readonly maxHeight?: number;
}

export const DEFAULT_IMAGE_CHOICES: ImageChoices = { dither: 'floyd-steinberg', brightness: 0, contrast: 0, bitDepth: 1 };

export interface ImageState {
  readonly fileName?: string;
  readonly loading: boolean;
  readonly source?: LoadedImage;
  readonly failure?: ImageLoadFailure;
  /** The latest print rendered for the latest settings, with an object URL of its PNG for the preview. */
  readonly rendered?: RenderedImage & { readonly url: string; readonly settings: PrintImageSettings };
  readonly rendering: boolean;
}

interface Pending {
  readonly id: number;
  readonly settings: PrintImageSettings;
  /** The load this render belongs to; a render of a picture since replaced is dropped. */
  readonly loadId: number;
}

/**
 * The image worker, started the first time a picture is chosen. Renders are latest-wins: while one
 * runs, only the newest settings wait, so dragging a slider never builds a queue.
 */
export function useImageWorker(choices: ImageChoices): {
  state: ImageState;
  /** The settings the next print uses, once a picture is loaded. */
  settings: PrintImageSettings | undefined;
  load(file: File): void;
} {
  const [state, setState] = useState<ImageState>({ loading: false, rendering: false });
  const source = state.source;
  const settings = useMemo(
    () =>
      source === undefined
        ? undefined
        : {
            width: clampPrintWidth(choices.width ?? defaultPrintWidth(source.width)),
            brightness: choices.brightness,
            contrast: choices.contrast,
            dither: choices.dither,
            bitDepth: choices.bitDepth,
            maxHeight: choices.maxHeight,
          },
    [source, choices],
  );
  const workerRef = useRef<Worker | undefined>(undefined);
  const nextId = useRef(1);
  const inFlight = useRef<Pending | undefined>(undefined);
  const waiting = useRef<PrintImageSettings | undefined>(undefined);
  const loadId = useRef(0);

  const send = useCallback((worker: Worker, request: ImageWorkerRequest) => worker.postMessage(request), []);

  const renderNext = useCallback(
    (worker: Worker) => {
      const next = waiting.current;
      if (next === undefined || inFlight.current !== undefined) return;
      waiting.current = undefined;
      const pending = { id: nextId.current++, settings: next, loadId: loadId.current };
      inFlight.current = pending;
      setState((current) => ({ ...current, rendering: true }));
      send(worker, { type: 'render', id: pending.id, settings: next });
    },
    [send],
  );

  const onMessage = useCallback(
    (worker: Worker, message: ImageWorkerResponse) => {
      if (message.type === 'loaded') {
        if (message.id !== loadId.current) return;
        setState((current) => ({ ...current, loading: false, source: message.image, failure: undefined, rendered: undefined }));
        return;
      }
      if (message.type === 'failed') {
        if (message.id === loadId.current) {
          setState((current) => ({
            ...current,
            loading: false,
            source: undefined,
            rendered: undefined,
            failure: message.reason === 'no_image' ? undefined : message.reason,
          }));
        }
        if (inFlight.current?.id === message.id) inFlight.current = undefined;
        renderNext(worker);
        return;
      }
      const finished = inFlight.current;
      inFlight.current = undefined;
      if (finished?.id === message.id && finished.loadId === loadId.current) {
        const url = URL.createObjectURL(new Blob([message.image.png as Uint8Array<ArrayBuffer>], { type: 'image/png' }));
        setState((current) => ({ ...current, rendered: { ...message.image, url, settings: finished.settings }, rendering: waiting.current !== undefined }));
      }
      renderNext(worker);
    },
    [renderNext],
  );

  const ensureWorker = useCallback((): Worker => {
    if (workerRef.current !== undefined) return workerRef.current;
    const worker = new Worker(new URL('./image.worker.ts', import.meta.url), { type: 'module', name: 'counter-image' });
    worker.onmessage = (event: MessageEvent<ImageWorkerResponse>) => onMessage(worker, event.data);
    workerRef.current = worker;
    return worker;
  }, [onMessage]);

  useEffect(
    () => () => {
      workerRef.current?.terminate();
      workerRef.current = undefined;
    },
    [],
  );

  const url = state.rendered?.url;
  useEffect(() => (url === undefined ? undefined : () => URL.revokeObjectURL(url)), [url]);

  useEffect(() => {
    const worker = workerRef.current;
    if (settings === undefined || worker === undefined) return;
    waiting.current = settings;
    renderNext(worker);
  }, [settings, renderNext]);

  const load = useCallback(
    (file: File) => {
      const worker = ensureWorker();
      const id = nextId.current++;
      loadId.current = id;
      waiting.current = undefined;
      setState({ fileName: file.name, loading: true, rendering: false });
      send(worker, { type: 'load', id, file });
    },
    [ensureWorker, send],
  );

  return { state, settings, load };
}
