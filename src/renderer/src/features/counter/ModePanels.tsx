import type { Language } from '../../../../shared/ipc/channels/app';
import type { PrintSubtype } from '../../../../shared/platform/terminal-actions';
import { ComposePanel } from './ComposePanel';
import { ImagePanel } from './ImagePanel';
import { InvoicePanel } from './InvoicePanel';
import { MODES, panelId, tabId } from './ModeTabs';
import type { ReceiptAnalysis } from './receipt-analysis';
import type { ImageInput, InvoiceInput } from './use-mode-inputs';

interface ModePanelsProps {
  mode: PrintSubtype;
  content: string;
  onContent(content: string): void;
  analysis: ReceiptAnalysis;
  image: ImageInput;
  invoice: InvoiceInput;
  language: Language;
}

/** One tab panel per mode, the hidden ones kept mounted so switching back finds each as it was left. */
export function ModePanels({ mode, content, onContent, analysis, image, invoice, language }: ModePanelsProps) {
  return MODES.map((candidate) => (
    <div key={candidate} role="tabpanel" id={panelId(candidate)} aria-labelledby={tabId(candidate)} hidden={candidate !== mode} className="mode-panel">
      {candidate === 'custom' ? <ComposePanel content={content} onChange={onContent} analysis={analysis} language={language} /> : null}
      {candidate === 'image' ? (
        <ImagePanel
          state={image.state}
          choices={image.choices}
          width={image.settings?.width ?? 0}
          onChoices={image.setChoices}
          onFile={image.load}
          language={language}
        />
      ) : null}
      {candidate === 'invoice' ? (
        <InvoicePanel
          xml={invoice.xml}
          check={invoice.check}
          checking={invoice.checking}
          fileName={invoice.fileName}
          onXml={invoice.change}
          language={language}
        />
      ) : null}
    </div>
  ));
}
