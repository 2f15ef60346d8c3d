import type { TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';
import { SALE_STATUSES } from '../../../../shared/i18n/sales';
import { useFeatureT, useLanguage } from '../../i18n';
import { formatRecent } from '../../lib/datetime';
import { formatMoney } from '../../lib/money';
import { sellMessages } from './messages';
import { expectsReceipt, receiptWord } from './ReceiptLine';
import { useReceiptPrint } from './use-sell-data';

function ReceiptState({ sale }: { sale: TerminalSale }) {
  const t = useFeatureT(sellMessages);
  const print = useReceiptPrint(sale.receiptPrintId).data;
  if (sale.printOnTerminal !== 'no_ticket') return <span className="recent-receipt">{t('receipt.slip')}</span>;
  if (!expectsReceipt(sale)) return null;
  const status = sale.receiptPrintId === null ? undefined : print?.status;
  return (
    <span className={`recent-receipt recent-receipt-${status ?? 'none'}`} data-testid="recent-receipt" data-state={status ?? 'none'}>
      {t(receiptWord(status))}
    </span>
  );
}

/** The last sales, newest first: time, amount, state, terminal and receipt; a click brings one to the card. */
export function RecentSales({
  sales,
  currency,
  nameOf,
  onOpen,
}: {
  sales: readonly TerminalSale[];
  currency: string | null;
  nameOf(terminalId: string): string;
  onOpen(id: string): void;
}) {
  const t = useFeatureT(sellMessages);
  const language = useLanguage();
  return (
    <section className="sell-recent-panel" aria-labelledby="sell-recent-title">
      <h2 id="sell-recent-title">{t('recent')}</h2>
      {sales.length === 0 && <p className="hint">{t('recent.none')}</p>}
      <ul className="sell-recent" data-testid="sell-recent">
        {sales.slice(0, 8).map((sale) => (
          <li key={sale.id} className={`recent-sale recent-${sale.status}`}>
            <button type="button" className="recent-open" onClick={() => onOpen(sale.id)} data-testid="recent-sale">
              <time dateTime={sale.createdAt}>{formatRecent(sale.createdAt, language)}</time>
              <span className="recent-amount">{formatMoney(sale.amount, sale.currency ?? currency, language)}</span>
              <span className="recent-status">{sale.status === 'not_sent' ? t('notSent.title') : SALE_STATUSES[sale.status][language]}</span>
              <span className="recent-terminal">{nameOf(sale.terminalId)}</span>
              <ReceiptState sale={sale} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
