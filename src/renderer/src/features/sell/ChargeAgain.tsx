import type { TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';
import { SALE_STATUSES } from '../../../../shared/i18n/sales';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatTime } from '../../lib/datetime';
import { formatMoney } from '../../lib/money';
import { sellMessages } from './messages';

/**
 * Asked before the same amount is charged again on the same terminal shortly after a sale that took or may
 * take the money: No has the focus, so a second Enter never charges twice.
 */
export function ChargeAgain({
  earlier,
  terminal,
  currency,
  onYes,
  onNo,
}: {
  earlier: TerminalSale;
  terminal: string;
  currency: string | null;
  onYes(): void;
  onNo(): void;
}) {
  const t = useFeatureT(sellMessages);
  const language = useLanguage();
  const text = fillMessage(t('again.text'), {
    amount: formatMoney(earlier.amount, earlier.currency ?? currency, language),
    terminal,
    time: formatTime(earlier.createdAt, language),
    status: SALE_STATUSES[earlier.status][language],
  });
  return (
    <div role="alertdialog" aria-labelledby="charge-again-title" aria-describedby="charge-again-text" className="charge-again" data-testid="charge-again">
      <h2 id="charge-again-title">{t('again.title')}</h2>
      <p id="charge-again-text">{text}</p>
      <div className="sale-actions">
        <button type="button" className="button" data-testid="charge-again-yes" onClick={onYes}>
          {t('again.yes')}
        </button>
        <button type="button" className="button button-primary" data-testid="charge-again-no" autoFocus onClick={onNo}>
          {t('again.no')}
        </button>
      </div>
    </div>
  );
}
