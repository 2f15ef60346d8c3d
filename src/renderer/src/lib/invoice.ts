import { readDte, dteReceiptContent, type DteProblem, type DteSummary } from '../../../shared/platform/dte';
import { CONTENT_MAX_BYTES, utf8ByteLength } from '../../../shared/platform/terminal-actions';
import { parse, type ReceiptDocument } from '../../../shared/receipt';

export type InvoiceCheck =
  | { readonly state: 'empty' }
  | { readonly state: 'too_large'; readonly bytes: number }
  | { readonly state: 'invalid'; readonly problems: readonly DteProblem[] }
  | { readonly state: 'ready'; readonly dte: DteSummary; readonly document: ReceiptDocument };

/**
 * What the terminal would make of this XML: refused (with every reason), or printed as the DTE's
 * printed form. The printed form is the sandbox's own (dteReceiptContent, shared), so the preview
 * matches the virtual terminal's paper.
 */
export function checkInvoice(xml: string): InvoiceCheck {
  if (xml.trim() === '') return { state: 'empty' };
  const bytes = utf8ByteLength(xml);
  if (bytes > CONTENT_MAX_BYTES) return { state: 'too_large', bytes };
  const reading = readDte(xml);
  if (!reading.ok) return { state: 'invalid', problems: reading.problems };
  return { state: 'ready', dte: reading.dte, document: parse(dteReceiptContent(reading.dte)).document };
}
