import type { GrayRaster } from '../../shared/imaging';
import { dteReceiptContent, readDte } from '../../shared/platform/dte';
import { decodeBase64, sniffImageFormat, type PrintSubtype } from '../../shared/platform/terminal-actions';
import { layout, parse, renderSvg } from '../../shared/receipt';
import { rasterForPaper, renderImageSvg } from './raster';

export interface PrintJob {
  readonly subtype: PrintSubtype;
  readonly content: string;
  readonly external_reference: string;
  /** An image's raster kept from validation; decoded again when missing (e.g. after a restart). */
  readonly raster?: GrayRaster;
}

export type PrintOutcome = { ok: true; svg: string } | { ok: false; reason: string };

function renderTagged(content: string, title: string): string {
  return renderSvg(layout(parse(content).document), { title });
}

/**
 * What comes out of the printer, as SVG: custom content through the shared receipt renderer (so it
 * matches the app's preview), images dithered to 1 bit, invoices as a DTE summary with its PDF417
 * stamp built in the same tag language.
 */
export function renderPrint(job: PrintJob): PrintOutcome {
  const title = `Print ${job.external_reference}`;
  switch (job.subtype) {
    case 'custom':
      return { ok: true, svg: renderTagged(job.content, title) };
    case 'image': {
      let raster = job.raster;
      if (raster === undefined) {
        const bytes = decodeBase64(job.content);
        const format = sniffImageFormat(bytes);
        if (format === undefined) return { ok: false, reason: 'the content is not a PNG or JPEG image' };
        const result = rasterForPaper(bytes, format);
        if (!result.ok) return { ok: false, reason: result.reason };
        raster = result.raster;
      }
      return { ok: true, svg: renderImageSvg(raster, title) };
    }
    case 'invoice': {
      const reading = readDte(job.content);
      if (!reading.ok) return { ok: false, reason: 'the invoice XML is not a valid DTE' };
      return { ok: true, svg: renderTagged(dteReceiptContent(reading.dte), title) };
    }
  }
}

/** Text of a person's or merchant's choosing, made safe for the tag language: a brace would open a tag. */
function plain(text: string): string {
  return text.replace(/[{}]/g, '');
}

/**
 * The platform's own slip after an approved card (Orders API `print_on_terminal: seller_ticket`): merchant copy
 * with the amount, the order's reference and ticket number, and the payment id, in the same tag language as a
 * custom print so it comes out of the same renderer.
 */
export function renderPaymentSlip(
  order: {
    id: string;
    external_reference: string;
    ticket_number?: string | undefined;
    description?: string | undefined;
    cents: number;
    siteCurrency: string;
    paymentId?: number | undefined;
  },
  terminalName: string,
  now: number,
): string {
  const amount = `${order.siteCurrency} ${(order.cents / 100).toFixed(2)}`;
  const lines = [
    `{center}{b}${plain(terminalName)}{/b}{br}{s}Virtual terminal (sandbox){/s}{/center}`,
    '--------------------------------',
    '{center}{b}PAYMENT APPROVED{/b}{/center}',
    ...(order.description === undefined ? [] : [plain(order.description)]),
    ...(order.ticket_number === undefined ? [] : [`Ticket ${plain(order.ticket_number)}`]),
    `Ref ${order.external_reference}`,
    `Payment ${order.paymentId ?? '-'}`,
    'VISA credit **** 4242',
    new Date(now).toISOString().slice(0, 16).replace('T', ' '),
    '--------------------------------',
    `{b}TOTAL ${amount}{/b}`,
    '{center}{s}SELLER COPY{/s}{/center}',
  ];
  return renderTagged(lines.join('{br}'), `Payment slip ${order.external_reference}`);
}
