import type { ReceiverStatus, CheckoutSale } from '../../../../shared/ipc/channels/checkout';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/datetime';
import { formatMoney } from './cart';
import { checkoutMessages } from './messages';
import { SaleStatusBadge } from './SaleCard';

function ReceiverLine({ receiver }: { receiver: ReceiverStatus | undefined }) {
  const t = useFeatureT(checkoutMessages);
  if (receiver === undefined) return null;
  const text =
    receiver.state === 'listening'
      ? fillMessage(t('receiver.listening'), { url: receiver.url ?? '' })
      : receiver.state === 'failed'
        ? fillMessage(t('receiver.failed'), { detail: receiver.detail ?? '' })
        : t(receiver.state === 'starting' ? 'receiver.starting' : 'receiver.stopped');
  return (
    <p className={`receiver-line receiver-${receiver.state}`} data-testid="receiver-line">
      <span className="receiver-dot" aria-hidden="true" />
      {text}
    </p>
  );
}

interface SalesHistoryProps {
  sales: readonly CheckoutSale[] | undefined;
  receiver: ReceiverStatus | undefined;
  selected: string | null;
  onSelect(preferenceId: string): void;
}

/** Recent sales with their payments, newest first; each can be brought back into the sale card. */
export function SalesHistory({ sales, receiver, selected, onSelect }: SalesHistoryProps) {
  const t = useFeatureT(checkoutMessages);
  const language = useLanguage();
  return (
    <section className="card sales-history" aria-labelledby="sales-history-title">
      <div className="cart-section-header">
        <h2 id="sales-history-title">{t('history')}</h2>
        <ReceiverLine receiver={receiver} />
      </div>
      {sales === undefined || sales.length === 0 ? (
        <p className="hint">{t('history.empty')}</p>
      ) : (
        <table className="sales-table" data-testid="sales-history">
          <thead>
            <tr>
              <th scope="col">{t('history.when')}</th>
              <th scope="col">{t('term.reference')}</th>
              <th scope="col">{t('history.items')}</th>
              <th scope="col" className="numeric">
                {t('history.total')}
              </th>
              <th scope="col">{t('history.status')}</th>
              <th scope="col">{t('history.payments')}</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((sale) => {
              const [first, ...rest] = sale.items;
              return (
                <tr key={sale.preferenceId} aria-current={sale.preferenceId === selected ? 'true' : undefined} data-testid="sale-row">
                  <td>{formatDateTime(sale.createdAt, language)}</td>
                  <td>
                    <button
                      type="button"
                      className="link-button mono"
                      aria-label={fillMessage(t('history.show'), { reference: sale.externalReference })}
                      onClick={() => onSelect(sale.preferenceId)}
                    >
                      {sale.externalReference}
                    </button>
                  </td>
                  <td>
                    {first === undefined ? '' : `${first.quantity} × ${first.title}`}
                    {rest.length > 0 ? <span className="hint"> {fillMessage(t('history.moreItems'), { count: rest.length })}</span> : null}
                  </td>
                  <td className="numeric">{formatMoney(sale.total, sale.currencyId, language)}</td>
                  <td>
                    <SaleStatusBadge status={sale.status} />
                  </td>
                  <td>
                    {sale.payments.length === 0 ? (
                      <span className="hint">—</span>
                    ) : (
                      <ul className="history-payments">
                        {sale.payments.map((payment) => (
                          <li key={payment.id}>
                            <span className="mono">{payment.id}</span>{' '}
                            <span className={`payment-status payment-status-${payment.status}`}>{t(`payment.status.${payment.status}`)}</span>
                          </li>
                        ))}
                      </ul>
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
