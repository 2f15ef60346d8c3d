import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Language } from '../../../../shared/ipc/channels/app';
import type { PrintImageSettings } from '../../../../shared/imaging';
import { checkInvoice, type InvoiceCheck } from '../../lib/invoice';
import { placeholderValuesAt } from './placeholders';
import { useReceiptAnalysis, type ReceiptAnalysis } from './receipt-analysis';
import { DEFAULT_IMAGE_CHOICES, useImageWorker, type ImageChoices, type ImageState } from './use-image-worker';

/** The current minute, for `{{date}}` and `{{time}}` in the preview; re-renders only when the minute turns. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      const next = new Date();
      setNow((previous) => (Math.floor(previous.getTime() / 60_000) === Math.floor(next.getTime() / 60_000) ? previous : next));
    }, 5_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface ImageInput {
  readonly state: ImageState;
  /** The settings the next print uses, once a picture is loaded. */
  readonly settings: PrintImageSettings | undefined;
  readonly choices: ImageChoices;
  setChoices(choices: ImageChoices): void;
  /** Stable, so the hidden panels (memoised) are not rendered again on every keystroke of the receipt. */
  load(file: File): void;
}

function useImageInput(): ImageInput {
  const [choices, setChoices] = useState<ImageChoices>(DEFAULT_IMAGE_CHOICES);
  const image = useImageWorker(choices);
  const loadImageFile = image.load;
  const load = useCallback(
    (file: File) => {
      // A new picture starts at its own width, uncropped; the tone settings carry over.
      setChoices((current) => ({ ...current, width: undefined, maxHeight: undefined }));
      loadImageFile(file);
    },
    [loadImageFile],
  );
  return { state: image.state, settings: image.settings, choices, setChoices, load };
}

export interface InvoiceInput {
  readonly xml: string;
  readonly fileName: string | undefined;
  /** Stable, for the same reason as the image's `load`. */
  change(xml: string, fileName?: string): void;
  /** The check of the XML as it was a moment ago: typing stays quick while a long invoice is checked. */
  readonly check: InvoiceCheck;
  /** The typed XML is newer than the one checked. */
  readonly checking: boolean;
}

function useInvoiceInput(): InvoiceInput {
  const [invoice, setInvoice] = useState<{ xml: string; fileName?: string }>({ xml: '' });
  const change = useCallback((xml: string, fileName?: string) => setInvoice({ xml, fileName }), []);
  const deferredXml = useDeferredValue(invoice.xml);
  const check = useMemo(() => checkInvoice(deferredXml), [deferredXml]);
  return { xml: invoice.xml, fileName: invoice.fileName, change, check, checking: deferredXml !== invoice.xml };
}

/**
 * What the three modes of the Counter screen are given besides the draft: the receipt's analysis (with
 * its placeholders previewed for this minute, this reference and this terminal), the picture and the invoice.
 */
export function useModeInputs(
  content: string,
  language: Language,
  print: { externalReference: string; terminalName: string },
): { analysis: ReceiptAnalysis; image: ImageInput; invoice: InvoiceInput } {
  const minute = useMinute();
  const { externalReference, terminalName } = print;
  const previewValues = useMemo(
    () => placeholderValuesAt(minute, language, { externalReference, terminalName }),
    [minute, language, externalReference, terminalName],
  );
  const analysis = useReceiptAnalysis(content, previewValues, language);
  const image = useImageInput();
  const invoice = useInvoiceInput();
  return { analysis, image, invoice };
}
