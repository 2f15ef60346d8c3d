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
