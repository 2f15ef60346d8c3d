import { formatCount } from '../../lib/numbers';
import { memo, useRef } from 'react';
import type { Language } from '../../../../shared/ipc/channels/app';
import { CONTENT_MAX_BYTES } from '../../../../shared/platform/terminal-actions';
import { fillMessage, useFeatureT } from '../../i18n';
import { counterMessages } from './messages';
import { formatBytes } from '../../lib/format';
import type { InvoiceCheck } from '../../lib/invoice';
import { Paper } from '../../components/paper/Paper';
import { dteProblemText } from '../../lib/problem-text';
import { ReceiptPaper } from '../../components/paper/ReceiptPaper';
import { decodeXmlFile } from './xml-file';

interface InvoicePanelProps {
  xml: string;
  /** The check of the XML, a frame behind it while a large paste is being read. */
  check: InvoiceCheck;
  checking: boolean;
  fileName: string | undefined;
  onXml(xml: string, fileName?: string): void;
  language: Language;
}

/** The document's own pesos, written as its paper writes them ("$11.900") in either language. */
function formatPesos(amount: number, _language: string): string {
  return `$${formatCount(amount, 'es', 'es-CL')}`;
}

/** A DTE from a file or the clipboard, checked as the platform would before it is sent, and its printed form. */
export const InvoicePanel = memo(function InvoicePanel({ xml, check, checking, fileName, onXml, language }: InvoicePanelProps) {
  const t = useFeatureT(counterMessages);
  const inputRef = useRef<HTMLInputElement>(null);

  return (
    <div className="mode-layout">
      <div className="compose-column">
        <div className="invoice-source">
          <label className="field-label" htmlFor="counter-invoice-input">
            {t('invoice.label')}
          </label>
          {fileName !== undefined ? <span className="file-name">{fileName}</span> : null}
          <span className="spacer" />
          <input
            ref={inputRef}
            type="file"
            accept=".xml,application/xml,text/xml"
            className="visually-hidden"
            data-testid="invoice-file"
            onChange={async (event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              input.value = '';
              if (file !== undefined) onXml(decodeXmlFile(new Uint8Array(await file.arrayBuffer())), file.name);
            }}
          />
          <button type="button" className="button" onClick={() => inputRef.current?.click()}>
            {t('invoice.open')}
          </button>
        </div>
        <textarea
          id="counter-invoice-input"
          className="xml-input"
          value={xml}
          onChange={(event) => onXml(event.target.value)}
          spellCheck={false}
          placeholder={t('invoice.placeholder')}
          aria-describedby="counter-invoice-check"
          aria-invalid={check.state === 'invalid' || check.state === 'too_large'}
          data-testid="invoice-editor"
        />
        <div id="counter-invoice-check" className="invoice-check" data-testid="invoice-check" data-state={check.state} aria-live="polite">
          {check.state === 'empty' ? <p className="hint">{t('invoice.empty')}</p> : null}
          {check.state === 'too_large' ? (
            <p className="notice notice-bad">
              {fillMessage(t('invoice.tooLarge'), { size: formatBytes(check.bytes, language), limit: formatBytes(CONTENT_MAX_BYTES, language) })}
            </p>
          ) : null}
          {check.state === 'invalid' ? (
            <div className="notice notice-bad">
              <p className="notice-title">{t('invoice.invalid')}</p>
              <ul className="dte-problems">
                {check.problems.map((problem, index) => (
                  <li key={`${problem.element}-${index}`}>{dteProblemText(problem, language)}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {check.state === 'ready' ? (
            <p className="notice notice-ok">
              <span aria-hidden="true">✓ </span>
              {fillMessage(t('invoice.ready'), {
                document: check.dte.documentName,
                folio: check.dte.folio,
                lines: check.dte.items.length,
                total: formatPesos(check.dte.totals.total, language),
              })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="preview-column">
        <Paper label={t('preview.invoiceLabel')} caption={t('preview.invoiceCaption')} testId="invoice-preview" busy={checking}>
          {check.state === 'ready' ? (
            <ReceiptPaper document={check.document} title={t('preview.invoiceLabel')} />
          ) : (
            <p className="paper-empty">{t('preview.invoiceEmpty')}</p>
          )}
        </Paper>
      </div>
    </div>
  );
});
