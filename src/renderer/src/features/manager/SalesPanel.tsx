import { formatDateTime } from '../../lib/datetime';
import { DECLINE_REASONS, SALE_STATUSES } from '../../../../shared/i18n/sales';
import type { TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';
import { DeclineReason } from '../../../../shared/platform/orders';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { useLiveTerminalSales, useStoreCurrency, useTerminalSales } from '../../api/terminal-sales';
import { formatMoney } from '../../lib/money';
import { managerMessages } from './messages';

const SHOWN = 20;

function paymentOf(sale: TerminalSale): string {
  const card = sale.cardLastFour === null ? '' : ` **** ${sale.cardLastFour}`;
  const authorization = sale.authorizationCode === null ? '' : ` · ${sale.authorizationCode}`;
  return sale.paymentMethod === null ? '—' : `${sale.paymentMethod}${card}${authorization}`;
}

/**
 * The manager's terminal sales beside the prints: each sale with its payment, its refunds and the receipt
 * printed for it, which opens the print's drawer. Live through `terminalSale.changed`, as the Sell screen.
 */
export function SalesPanel({ onOpenPrint }: { onOpenPrint(id: string): void }) {
  const t = useFeatureT(managerMessages);
  const language = useLanguage();
  const sales = useTerminalSales();
  const storeCurrency = useStoreCurrency();
  useLiveTerminalSales();
  const money = (amount: string, sale: TerminalSale): string => formatMoney(amount, sale.currency ?? storeCurrency, language);
  const shown = (sales.data?.sales ?? []).slice(0, SHOWN);
  const time = { format: (at: Date) => formatDateTime(at, language) };
  return (
    <section className="manager-sales" aria-labelledby="manager-sales-title" data-testid="manager-sales">
      <h2 id="manager-sales-title" className="manager-section-title">
        {t('sales.title')}
      </h2>
      {shown.length === 0 ? (
        <p className="hint">{sales.error?.message ?? t('sales.empty')}</p>
      ) : (
        <table className="sales-table">
          <thead>
            <tr>
              <th scope="col">{t('sales.when')}</th>
              <th scope="col">{t('sales.amount')}</th>
              <th scope="col">{t('sales.by')}</th>
              <th scope="col">{t('sales.status')}</th>
              <th scope="col">{t('sales.payment')}</th>
              <th scope="col">{t('sales.refunds')}</th>
              <th scope="col">{t('sales.receipt')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((sale) => {
              const reason = DeclineReason.safeParse(sale.statusDetail);
              return (
                <tr key={sale.id} data-testid="manager-sale-row" data-sale-id={sale.id}>
                  <td>{time.format(new Date(sale.createdAt))}</td>
                  <td className="numeric">{money(sale.amount, sale)}</td>
                  <td data-testid="sale-person">
                    {sale.madeBy === null || sale.madeBy === undefined ? '—' : sale.madeBy.personName}
                    {sale.madeBy?.approvedByName === null || sale.madeBy?.approvedByName === undefined ? null : (
                      <span className="hint"> · {fillMessage(t('column.approvedBy'), { name: sale.madeBy.approvedByName })}</span>
                    )}
                  </td>
                  <td>
                    {SALE_STATUSES[sale.status][language]}
                    {sale.status === 'failed' && reason.success ? <span className="hint"> · {DECLINE_REASONS[reason.data][language]}</span> : null}
                  </td>
                  <td>{paymentOf(sale)}</td>
                  <td>{sale.refunds.length === 0 ? '—' : sale.refunds.map((refund) => money(refund.amount, sale)).join(', ')}</td>
                  <td>
                    {sale.receiptPrintId !== null ? (
                      <button type="button" className="link" data-testid="sale-receipt-link" onClick={() => onOpenPrint(sale.receiptPrintId ?? '')}>
                        {t('sales.openReceipt')}
                      </button>
                    ) : sale.printOnTerminal === 'seller_ticket' ? (
                      t('sales.terminalSlip')
                    ) : (
                      t('sales.noReceipt')
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
