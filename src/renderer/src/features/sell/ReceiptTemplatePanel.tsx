import { useMemo, useState } from 'react';
import { parse } from '../../../../shared/receipt';
import { SAMPLE_SALE_RECEIPT, saleReceiptMarkup, type SaleReceiptTemplate } from '../../../../shared/receipt/sale-receipt';
import { useContractMutation, useContractQuery } from '../../api/hooks';
import { Paper } from '../../components/paper/Paper';
import { ReceiptPaper } from '../../components/paper/ReceiptPaper';
import { useFeatureT, useLanguage } from '../../i18n';
import { sellMessages } from './messages';
import './sell.css';

type Toggle = 'showItems' | 'showPayment' | 'showCardLastFour' | 'showAuthorization' | 'showQr';
const TOGGLES: ReadonlyArray<[Toggle, 'template.items' | 'template.payment' | 'template.lastFour' | 'template.authorization' | 'template.qr']> = [
  ['showItems', 'template.items'],
  ['showPayment', 'template.payment'],
  ['showCardLastFour', 'template.lastFour'],
  ['showAuthorization', 'template.authorization'],
  ['showQr', 'template.qr'],
];

/** The manager's editor of the store receipt printed after an approved terminal sale, with a live preview. */
export function ReceiptTemplatePanel() {
  const saved = useContractQuery('saleReceipt.get', {});
  return saved.data === undefined ? null : <ReceiptTemplateEditor initial={saved.data} />;
}

function ReceiptTemplateEditor({ initial }: { initial: SaleReceiptTemplate }) {
  const t = useFeatureT(sellMessages);
  const language = useLanguage();
  const save = useContractMutation('saleReceipt.save');
  const [draft, setDraft] = useState<SaleReceiptTemplate>(initial);
  const document = useMemo(() => parse(saleReceiptMarkup(draft, SAMPLE_SALE_RECEIPT, language)).document, [draft, language]);
  const change = (patch: Partial<SaleReceiptTemplate>): void => {
    save.reset();
    setDraft({ ...draft, ...patch });
  };
  return (
    <section className="card sale-receipt-template" aria-labelledby="sale-receipt-title" data-testid="sale-receipt-template">
      <div className="sale-receipt-form">
        <h2 id="sale-receipt-title">{t('template.title')}</h2>
        <p className="hint">{t('template.lead')}</p>
        <label htmlFor="sale-receipt-header">{t('template.header')}</label>
        <textarea id="sale-receipt-header" rows={3} value={draft.header} onChange={(event) => change({ header: event.target.value })} />
        <label htmlFor="sale-receipt-footer">{t('template.footer')}</label>
        <textarea id="sale-receipt-footer" rows={2} value={draft.footer} onChange={(event) => change({ footer: event.target.value })} />
        <fieldset className="checkbox-group">
          {TOGGLES.map(([key, label]) => (
            <label key={key} className="checkbox">
              <input type="checkbox" checked={draft[key]} onChange={(event) => change({ [key]: event.target.checked })} />
              {t(label)}
            </label>
          ))}
        </fieldset>
        <div className="row">
          <button type="button" className="button button-primary" disabled={save.isPending} onClick={() => save.mutate(draft)}>
            {t('template.save')}
          </button>
          <span className="hint" aria-live="polite">
            {save.isSuccess ? t('template.saved') : (save.error?.message ?? '')}
          </span>
        </div>
      </div>
      <Paper label={t('template.preview')} caption={t('template.previewCaption')} testId="sale-receipt-preview">
        <ReceiptPaper document={document} title={t('template.preview')} />
      </Paper>
    </section>
  );
}
