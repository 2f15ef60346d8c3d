import { memo, useDeferredValue, useLayoutEffect, useMemo, useRef } from 'react';
import { layout, renderSvg, type ReceiptDocument } from '../../../../shared/receipt';
import { PREVIEW_SCALE } from './paper-layout';
import { patchSvg } from './svg-patch';

/** What the QR and PDF417 symbols of a document encode: encoding is the one slow step, and it is cached per text. */
function codeData(document: ReceiptDocument): string {
  let data = '';
  for (const node of document.nodes) if (node.kind === 'code') data += `${node.symbology}\u0000${node.data}\u0001`;
  return data;
}

/**
 * The receipt drawn by the same renderer the virtual terminal prints with, with only the printed lines
 * that changed replaced in the page. Laying out and drawing 4096 characters takes well under a
 * millisecond, so the paper follows each keystroke in the same frame; only while the text of a QR or
 * PDF417 code is being edited (a fresh symbol to encode, several milliseconds) does the paper trail
 * typing through useDeferredValue.
 */
export const ReceiptPaper = memo(function ReceiptPaper({ document, title }: { document: ReceiptDocument; title: string }) {
  const deferred = useDeferredValue(document);
  const shown = codeData(document) === codeData(deferred) ? document : deferred;
  const svg = useMemo(() => renderSvg(layout(shown), { scale: PREVIEW_SCALE, title }), [shown, title]);
  const hostRef = useRef<HTMLDivElement>(null);
  // Before paint, so the paper never shows a frame behind what React committed.
  useLayoutEffect(() => {
    // renderSvg escapes every piece of text it draws; the markup holds no script or event attributes.
    if (hostRef.current !== null) patchSvg(hostRef.current, svg);
  }, [svg]);
  return <div className="paper-svg" ref={hostRef} />;
});
