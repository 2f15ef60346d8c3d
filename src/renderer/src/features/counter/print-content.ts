import type { PrintImageSettings } from '../../../../shared/imaging';
import type { PrintSubtype } from '../../../../shared/platform/terminal-actions';
import { hasBlockingProblems, parse } from '../../../../shared/receipt';
import { checkInvoice, type InvoiceCheck } from '../../lib/invoice';
import type { CounterMessageKey } from './messages';
import { fillPlaceholders, type PlaceholderValues } from './placeholders';
import type { ImageState } from './use-image-worker';

/** What the Counter screen holds in each mode, as a print takes it. */
export interface ScreenContent {
  readonly mode: PrintSubtype;
  /** The receipt as written, placeholders unfilled. */
  readonly content: string;
  /** The picture rendered for printing; undefined while there is none, or when it is past the platform's limit. */
  readonly imageBase64: string | undefined;
  readonly invoiceXml: string;
}

/**
 * The content exactly as it is sent: placeholders filled with the values of this moment (asked only
 * for a receipt), checked once more; undefined when it can no longer be printed.
 */
export function contentToSend(screen: ScreenContent, valuesNow: () => PlaceholderValues): string | undefined {
  switch (screen.mode) {
    case 'custom': {
      const filled = fillPlaceholders(screen.content, valuesNow());
      return hasBlockingProblems(parse(filled).problems) ? undefined : filled;
    }
    case 'image':
      return screen.imageBase64;
    case 'invoice':
      return checkInvoice(screen.invoiceXml).state === 'ready' ? screen.invoiceXml : undefined;
  }
}

/** What the cashier asks to print, as the screen compares it: the same draft is the same content. */
export function requestedContent(screen: ScreenContent): string {
  const { mode } = screen;
  return `${mode}\n${mode === 'custom' ? screen.content : mode === 'image' ? (screen.imageBase64 ?? '') : screen.invoiceXml}`;
}

/** Each mode's inputs as far as printing cares: whether they are complete, checked and ready. */
export interface ModeReadiness {
  readonly mode: PrintSubtype;
  readonly content: string;
  /** The receipt has a problem that stops it printing. */
  readonly receiptBlocking: boolean;
  readonly image: ImageState;
  /** The settings the next image print uses, to tell a render of older settings. */
  readonly imageSettings: PrintImageSettings | undefined;
  /** The typed invoice is newer than the one checked. */
  readonly invoiceChecking: boolean;
  readonly invoiceCheck: InvoiceCheck;
}

/** Why the current mode cannot print yet, or undefined when it can. */
export function modeBlock(screen: ModeReadiness): CounterMessageKey | undefined {
  const { rendered } = screen.image;
  switch (screen.mode) {
    case 'custom':
      if (screen.content.trim() === '') return 'print.blocked.empty';
      return screen.receiptBlocking ? 'print.blocked.problems' : undefined;
    case 'image':
      if (screen.image.source === undefined) return 'print.blocked.noImage';
      if (rendered === undefined || screen.image.rendering || rendered.settings !== screen.imageSettings) return 'print.blocked.imageBusy';
      return rendered.base64 === undefined ? 'print.blocked.imageLimit' : undefined;
    case 'invoice':
      if (screen.invoiceChecking) return 'print.blocked.invoiceBusy';
      if (screen.invoiceCheck.state === 'empty') return 'print.blocked.noInvoice';
      return screen.invoiceCheck.state === 'ready' ? undefined : 'print.blocked.invoice';
  }
}
