import { useState } from 'react';
import type { TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';
import { amountOfCents } from '../../../../shared/money/amounts';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatMoney } from '../../lib/money';
import { useRefundSale } from './api';
import { sellMessages } from './messages';
import { checkRefund } from './sell-rules';

/**
 * A refund of an approved sale, checked as it is typed against what remains refundable, in the store's
 * money: Refund stays off and says why until the amount is one the platform will take.
 */
export function RefundPanel({ sale, currency }: { sale: TerminalSale; currency: string | null }) {
  const t = useFeatureT(sellMessages);
  const language = useLanguage();
  const refund = useRefundSale();
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const check = checkRefund(text, sale);
  const money = (cents: number) => formatMoney(cents, currency, language);
  const problem = check.ok
    ? null
    : fillMessage(t(`refund.problem.${check.problem}`), { amount: money(check.leftCents), example: language === 'es' ? '12,50' : '12.50' });
  if (check.leftCents === 0) return null;
  return (
    <div className="refund-panel">
      {!confirming && (
        <div className="refund-row">
          <label>
            {t('refund.amount')}
            <input
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
              data-testid="refund-amount"
              aria-invalid={problem !== null}
              aria-describedby="refund-check"
            />
          </label>
          <button type="button" className="button" data-testid="refund" disabled={sale.pending !== null || !check.ok} onClick={() => setConfirming(true)}>
            {t('refund')}
          </button>
        </div>
      )}
      <p id="refund-check" className={problem === null ? 'hint' : 'problem'} data-testid="refund-check">
        {problem ?? fillMessage(t('refund.left'), { amount: money(check.leftCents) })}
      </p>
      {confirming && check.ok && (
        <div role="alertdialog" className="refund-confirm" aria-label={t('refund')}>
          <p>{fillMessage(t('refund.confirm'), { amount: money(check.cents) })}</p>
          <button
            type="button"
            className="button button-primary"
            data-testid="refund-confirm"
            autoFocus
            onClick={() => {
              refund.mutate({ id: sale.id, confirm: true, ...(text.trim() === '' ? {} : { amount: amountOfCents(check.cents) }) });
              setConfirming(false);
              setText('');
            }}
          >
            {t('refund.yes')}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            {t('refund.no')}
          </button>
        </div>
      )}
      {refund.error !== null && (
        <p role="alert" className="problem">
          {refund.error.message}
        </p>
      )}
    </div>
  );
}
