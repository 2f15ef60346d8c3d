import { memo, useMemo } from 'react';
import { readImageHeader } from '../../../../shared/imaging';
import { decodeBase64, isStrictBase64, type PrintSubtype } from '../../../../shared/platform/terminal-actions';
import { parse, type ReceiptDocument } from '../../../../shared/receipt';
import { fillMessage, useFeatureT } from '../../i18n';
import { checkInvoice } from '../../lib/invoice';
import { Paper } from '../../components/paper/Paper';
import { PREVIEW_SCALE } from '../../components/paper/paper-layout';
import { ReceiptPaper } from '../../components/paper/ReceiptPaper';
import { usePrintContent } from './api';
import { managerMessages } from './messages';

type Preview =
  | { readonly kind: 'receipt'; readonly document: ReceiptDocument }
  | { readonly kind: 'image'; readonly src: string; readonly width: number; readonly height: number }
  | { readonly kind: 'unreadable'; readonly reason: string };

/**
 * What the terminal made of the content, by the same code the Counter screen previews with: the
 * receipt renderer for custom text, the DTE's printed form for an invoice, the picture for an image.
 */
function previewOf(subtype: PrintSubtype, content: string): Preview {
  switch (subtype) {
    case 'custom':
      return { kind: 'receipt', document: parse(content).document };
    case 'invoice': {
      const check = checkInvoice(content);
      if (check.state === 'ready') return { kind: 'receipt', document: check.document };
      return { kind: 'unreadable', reason: check.state === 'invalid' ? (check.problems[0]?.description ?? check.state) : check.state };
    }
    case 'image': {
      const header = isStrictBase64(content) ? readImageHeader(decodeBase64(content.slice(0, 4096))) : undefined;
      if (header === undefined) return { kind: 'unreadable', reason: 'not a PNG or JPEG picture' };
      return { kind: 'image', src: `data:image/${header.format};base64,${content}`, width: header.width, height: header.height };
    }
  }
}

export const PrintPreview = memo(function PrintPreview({ id, subtype }: { id: string; subtype: PrintSubtype }) {
  const t = useFeatureT(managerMessages);
  const content = usePrintContent(id);
  const preview = useMemo(() => (content.data === undefined ? undefined : previewOf(subtype, content.data)), [content.data, subtype]);
  return (
    <Paper label={t('drawer.preview')} caption={t('drawer.previewCaption')} testId="print-preview" busy={content.isFetching}>
      {content.isError ? <p className="paper-empty">{fillMessage(t('drawer.previewUnreadable'), { reason: content.error.message })}</p> : null}
      {preview === undefined && !content.isError ? <p className="paper-empty">{t('drawer.previewLoading')}</p> : null}
      {preview?.kind === 'receipt' ? <ReceiptPaper document={preview.document} title={t('drawer.preview')} /> : null}
      {preview?.kind === 'image' ? (
        <img
          className="paper-image"
          src={preview.src}
          width={preview.width * PREVIEW_SCALE}
          height={preview.height * PREVIEW_SCALE}
          alt={t('drawer.imageAlt')}
        />
      ) : null}
      {preview?.kind === 'unreadable' ? <p className="paper-empty">{fillMessage(t('drawer.previewUnreadable'), { reason: preview.reason })}</p> : null}
    </Paper>
  );
});
