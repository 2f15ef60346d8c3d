import { useMemo } from 'react';
import type { CheckoutSale } from '../../../../shared/ipc/channels/checkout';
import { encodeSymbol } from '../../../../shared/receipt';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatMoney } from './cart';
import { checkoutMessages } from './messages';

/** Modules of white around the code, as the QR standard asks, so phones find it on any background. */
const QUIET_ZONE = 4;
/** Only bounds the encoder's sizing; the SVG scales to its box. */
const QR_MAX_DOTS = 512;

/** The payment link as a QR code, drawn with the receipt module's encoder (the same one the paper preview uses). */
function PaymentQr({ url }: { url: string }) {
  const t = useFeatureT(checkoutMessages);
  const encoding = useMemo(() => encodeSymbol('qr', url, QR_MAX_DOTS), [url]);
  if (!encoding.ok) return <p className="hint">{t('created.qrFailed')}</p>;
  const { widthModules, heightModules, path } = encoding.symbol;
  return (
    <svg
      className="sale-qr"
      data-testid="sale-qr"
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${widthModules + 2 * QUIET_ZONE} ${heightModules + 2 * QUIET_ZONE}`}
      role="img"
      aria-label={t('created.qr')}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={widthModules + 2 * QUIET_ZONE} height={heightModules + 2 * QUIET_ZONE} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

export function SaleStatusBadge({ status }: { status: CheckoutSale['status'] }) {
  const t = useFeatureT(checkoutMessages);
  return <span className={`sale-status sale-status-${status}`}>{t(`status.${status}`)}</span>;
}

/** A created sale: its link and QR code for the buyer, and its status as the notifications move it. */
export function SaleCard({ sale }: { sale: CheckoutSale }) {
  const t = useFeatureT(checkoutMessages);
  const language = useLanguage();
  // Sandbox sales are paid through the test checkout (docs/decisions.md "Preference response").
  const url = sale.environment === 'sandbox' ? sale.sandboxInitPoint : sale.initPoint;
  return (
    <section className="card sale-card" aria-labelledby="sale-card-title" data-testid="sale-card">
      <h2 id="sale-card-title">{t('created.title')}</h2>
      <p className="sale-meta">
        {fillMessage(t('created.reference'), { reference: sale.externalReference })} · {formatMoney(sale.total, sale.currencyId, language)}
      </p>
      <div className="sale-status-line" role="status" aria-live="polite" data-testid="sale-status" data-status={sale.status}>
        <span className="visually-hidden">{t('status')}: </span>
        <SaleStatusBadge status={sale.status} />
      </div>
      <p className="hint">{t('status.live')}</p>
      <PaymentQr url={url} />
      <p className="hint">{t('created.lead')}</p>
      {/* Electron hands a vetted link opened in a new window to the system browser (security/external-links). */}
      <a className="sale-link" href={url} target="_blank" rel="noreferrer" data-testid="payment-link">
        {t('created.open')}
      </a>
      <p className="sale-url mono">{url}</p>
      <h3>{t('payments')}</h3>
      {sale.payments.length === 0 ? (
        <p className="hint">{t('payments.none')}</p>
      ) : (
        <ul className="sale-payments">
          {sale.payments.map((payment) => (
            <li key={payment.id}>
              <span>{fillMessage(t('payment'), { id: payment.id })}</span>
              <span className={`payment-status payment-status-${payment.status}`}>{t(`payment.status.${payment.status}`)}</span>
              <span>{formatMoney(payment.amount, payment.currencyId, language)}</span>
            </li>
          ))}
          {sale.chargebacks.map((chargeback) => (
            <li key={chargeback.id} className="sale-chargeback">
              {fillMessage(t('chargeback'), { id: chargeback.id, status: chargeback.status })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
