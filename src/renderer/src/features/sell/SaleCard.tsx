import { useState } from 'react';
import type { TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';
import { DECLINE_REASONS, isSaleFailureCode, SALE_FAILURES, SALE_STATUSES } from '../../../../shared/i18n/sales';
import { failureText, isFailureCode } from '../../../../shared/i18n/failures';
import type { Language } from '../../../../shared/ipc/channels/app';
import { DeclineReason } from '../../../../shared/platform/orders';
import { useContractMutation } from '../../api/hooks';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatMoney } from '../../lib/money';
import { useCancelSale } from './api';
import { sellMessages } from './messages';
import { ReceiptLine } from './ReceiptLine';
import { RefundPanel } from './RefundPanel';

/** The platform's reason for a decline in the cashier's words; null when the platform gave none Counter knows. */
function declineText(sale: TerminalSale, language: Language): string | null {
  const reason = DeclineReason.safeParse(sale.statusDetail);
  return reason.success ? DECLINE_REASONS[reason.data][language] : null;
}

/** Why the platform did not take a sale that was never sent to a terminal, from its code. */
function notSentText(sale: TerminalSale, language: Language): string | null {
  const code = sale.lastError?.code ?? sale.statusDetail;
  if (code === null || code === undefined) return null;
  if (isSaleFailureCode(code)) return SALE_FAILURES[code][language];
  if (isFailureCode(code)) return failureText(code, language);
  return sale.lastError?.message ?? null;
}

function Details({ code }: { code: string | null | undefined }) {
  const t = useFeatureT(sellMessages);
  if (code === null || code === undefined) return null;
  return (
    <details className="sale-details">
      <summary>{t('declined.code')}</summary>
      <code>{code}</code>
    </details>
  );
}

/** What the card says under the state: the reason and what to do, only what the sale's lifecycle knows. */
function SaleReason({ sale }: { sale: TerminalSale }) {
  const t = useFeatureT(sellMessages);
  const language = useLanguage();
  if (sale.status === 'not_sent') {
    return (
      <div className="sale-reason" data-testid="not-sent-reason">
        <p className="sale-why">{notSentText(sale, language) ?? t('notSent.unknown')}</p>
        <p>{t('notSent.what')}</p>
        <Details code={sale.lastError?.code ?? sale.statusDetail} />
      </div>
    );
  }
  if (sale.status === 'failed') {
    const decline = declineText(sale, language);
    return (
      <div className="sale-reason">
        <p className="sale-why" data-testid="decline-reason">
          {decline ?? t('declined.unknown')}
        </p>
        {decline === null && <Details code={sale.statusDetail} />}
      </div>
    );
  }
  if (sale.status === 'unconfirmed') return <UnconfirmedActions sale={sale} />;
  if (sale.status === 'created' && sale.lastError !== null) return <p className="hint">{sale.lastError.message}</p>;
  return null;
}

/** A sale nobody could confirm: a person looks again, or closes it as not charged after checking. */
function UnconfirmedActions({ sale }: { sale: TerminalSale }) {
  const t = useFeatureT(sellMessages);
  const resolve = useContractMutation('terminalSales.resolve');
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="sale-reason">
      <p>{t('unconfirmed.what')}</p>
      <div className="sale-actions">
        <button type="button" className="button" onClick={() => resolve.mutate({ id: sale.id, decision: 'look_again' })}>
          {t('unconfirmed.lookAgain')}
        </button>
        {!confirming && (
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            {t('unconfirmed.notCharged')}
          </button>
        )}
      </div>
      {confirming && (
        <div role="alertdialog" className="refund-confirm" aria-label={t('unconfirmed.notCharged')}>
          <p>{t('unconfirmed.confirm')}</p>
          <button type="button" className="button" onClick={() => resolve.mutate({ id: sale.id, decision: 'not_charged', confirm: true })}>
            {t('unconfirmed.yes')}
          </button>
          <button type="button" className="button" autoFocus onClick={() => setConfirming(false)}>
            {t('refund.no')}
          </button>
        </div>
      )}
      {resolve.error !== null && (
        <p role="alert" className="problem">
          {resolve.error.message}
        </p>
      )}
    </div>
  );
}

/** The sale's state as a word: "could not send" is never a decline. */
function stateWord(sale: TerminalSale, language: Language, t: (key: 'notSent.title' | 'sending.title') => string): string {
  if (sale.status === 'not_sent') return t('notSent.title');
  // Written, and its create not answered yet: the platform may not have it.
  if (sale.status === 'created' && sale.orderId === null) return t('sending.title');
  return SALE_STATUSES[sale.status][language];
}

/** The sale on its large card: amount, live state, why, the receipt's state and what may be done now. */
export function SaleCard({ sale, currency, terminal }: { sale: TerminalSale; currency: string | null; terminal: string }) {
  const t = useFeatureT(sellMessages);
  const language = useLanguage();
  const cancel = useCancelSale();
  const money = (amount: string) => formatMoney(amount, sale.currency ?? currency, language);
  return (
    <section className={`sale-status sale-${sale.status}`} data-testid="sale-status" data-status={sale.status} aria-live="polite" aria-label={t('title')}>
      <p className="sale-amount" data-testid="sale-amount">
        {money(sale.amount)}
      </p>
      <p className="sale-state" data-testid="sale-state">
        {stateWord(sale, language, t)}
      </p>
      <p className="sale-terminal">{terminal}</p>
      <SaleReason sale={sale} />
      {sale.refundedAmount !== '0.00' && <p className="hint">{fillMessage(t('refunded'), { amount: money(sale.refundedAmount) })}</p>}
      <ReceiptLine sale={sale} />
      {sale.status === 'created' && (
        <button type="button" className="button" data-testid="cancel-sale" disabled={sale.pending !== null} onClick={() => cancel.mutate({ id: sale.id })}>
          {t('cancel')}
        </button>
      )}
      {sale.status === 'processed' && <RefundPanel sale={sale} currency={sale.currency ?? currency} />}
      {cancel.error !== null && (
        <p role="alert" className="problem">
          {cancel.error.message}
        </p>
      )}
    </section>
  );
}

/** The card while the charge is on its way to main, before the sale exists. */
export function SendingCard({ amount }: { amount: string }) {
  const t = useFeatureT(sellMessages);
  return (
    <section className="sale-status sale-sending" data-testid="sale-status" data-status="sending" aria-live="polite" aria-label={t('title')}>
      <p className="sale-amount">{amount}</p>
      <p className="sale-state">{t('sending.title')}</p>
    </section>
  );
}
