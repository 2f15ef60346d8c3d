import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CashierAmount, type TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';
import { DECLINE_REASONS, SALE_STATUSES } from '../../../../shared/i18n/sales';
import { DeclineReason } from '../../../../shared/platform/orders';
import { useContractQuery } from '../../api/hooks';
import { useLiveTerminalSales, useTerminalSales } from '../../api/terminal-sales';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { useCancelSale, useCharge, useRefundSale } from './api';
import { sellMessages } from './messages';
import { EMPTY_ITEM, itemsOf, SaleItems, type ItemDraft } from './SaleItems';
import './sell.css';

/** The decline reason in the cashier's words, when the platform's status_detail is one (shared DeclineReason). */
function declineText(sale: TerminalSale, language: 'en' | 'es'): string | null {
  const reason = DeclineReason.safeParse(sale.statusDetail);
  return sale.status === 'failed' && reason.success ? DECLINE_REASONS[reason.data][language] : null;
}

function SaleStatusPanel({ sale }: { sale: TerminalSale }) {
  const t = useFeatureT(sellMessages);
  const language = useLanguage();
  const cancel = useCancelSale();
  const refund = useRefundSale();
  const [refundAmount, setRefundAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const decline = declineText(sale, language);
  const left = (Number(sale.amount) - Number(sale.refundedAmount)).toFixed(2);
  const asked = CashierAmount.safeParse(refundAmount);
  const shownRefund = refundAmount.trim() === '' ? left : asked.success ? asked.data : refundAmount;
  const failure = cancel.error ?? refund.error;

  return (
    <section className={`sale-status sale-${sale.status}`} data-testid="sale-status" data-status={sale.status} aria-live="polite">
      <p className="sale-amount">{sale.amount}</p>
      <p className="sale-state">{SALE_STATUSES[sale.status][language]}</p>
      {decline !== null && (
        <p className="sale-decline" data-testid="decline-reason">
          {decline}
        </p>
      )}
      {sale.lastError !== null && sale.status === 'created' && <p className="hint">{sale.lastError.message}</p>}
      {sale.receiptPrintId !== null && (
        <p className="hint" data-testid="receipt-printed">
          {t('receipt')}
        </p>
      )}
      {sale.refundedAmount !== '0.00' && <p className="hint">{fillMessage(t('refunded'), { amount: sale.refundedAmount })}</p>}
      {sale.status === 'created' && (
        <button type="button" data-testid="cancel-sale" disabled={sale.pending !== null} onClick={() => cancel.mutate({ id: sale.id })}>
          {t('cancel')}
        </button>
      )}
      {sale.status === 'processed' && !confirming && (
        <div className="refund-row">
          <label>
            {t('refund.amount')}
            <input inputMode="decimal" value={refundAmount} onChange={(event) => setRefundAmount(event.target.value)} data-testid="refund-amount" />
          </label>
          <button type="button" data-testid="refund" disabled={sale.pending !== null} onClick={() => setConfirming(true)}>
            {t('refund')}
          </button>
        </div>
      )}
      {confirming && (
        <div role="alertdialog" className="refund-confirm" aria-label={t('refund')}>
          <p>{fillMessage(t('refund.confirm'), { amount: shownRefund })}</p>
          <button
            type="button"
            data-testid="refund-confirm"
            autoFocus
            onClick={() => {
              refund.mutate({ id: sale.id, confirm: true, ...(refundAmount.trim() === '' ? {} : { amount: refundAmount }) });
              setConfirming(false);
              setRefundAmount('');
            }}
          >
            {t('refund.yes')}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            {t('refund.no')}
          </button>
        </div>
      )}
      {failure !== null && (
        <p role="alert" className="problem">
          {failure.message}
        </p>
      )}
    </section>
  );
}

/** Charge on the terminal: keyboard-first (amount focused, Enter charges, Esc cancels while the terminal has not taken it). */
export function SellScreen() {
  const t = useFeatureT(sellMessages);
  const language = useLanguage();
  useLiveTerminalSales();
  const sales = useTerminalSales();
  const terminals = useContractQuery('terminals.list', {}, { staleTime: 60_000 });
  const pdv = (terminals.data?.terminals ?? []).filter((terminal) => terminal.canPrint);
  const charge = useCharge();
  const cancel = useCancelSale();
  const [amount, setAmount] = useState('');
  const [terminalId, setTerminalId] = useState('');
  const [slip, setSlip] = useState(false);
  const [itemDrafts, setItemDrafts] = useState<ItemDraft[]>([{ ...EMPTY_ITEM }]);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const chosenTerminal = terminalId || pdv[0]?.id || '';
  const current = sales.data?.sales.find((sale) => sale.id === currentId) ?? null;

  useEffect(() => amountRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = itemsOf(itemDrafts);
    if (items === undefined) return setProblem(t('problem.items'));
    const noAmount = amount.trim() === '' && items.length > 0;
    if (!noAmount && !CashierAmount.safeParse(amount).success) return setProblem(t('problem.amount'));
    setProblem(null);
    charge.mutate(
      { terminalId: chosenTerminal, ...(noAmount ? {} : { amount }), items, printOnTerminal: slip },
      {
        onSuccess: (sale) => {
          setCurrentId(sale.id);
          setItemDrafts([{ ...EMPTY_ITEM }]);
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || current === null || current.status !== 'created') return;
    event.preventDefault();
    cancel.mutate({ id: current.id });
  };

  return (
    <section className="screen sell-screen" aria-labelledby="sell-title" data-testid="sell-screen" onKeyDown={onKeyDown}>
      <header className="screen-header">
        <h1 id="sell-title">{t('title')}</h1>
        <p className="lead">{t('lead')}</p>
      </header>
      <form className="sell-form" onSubmit={submit}>
        <label>
          {t('amount')}
          <input
            ref={amountRef}
            className="sell-amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            data-testid="sell-amount"
            aria-describedby="sell-hint"
          />
        </label>
        <p id="sell-hint" className="hint">
          {t('amount.hint')}
        </p>
        <SaleItems drafts={itemDrafts} onChange={setItemDrafts} />
        <label>
          {t('term.terminal')}
          <select value={chosenTerminal} onChange={(event) => setTerminalId(event.target.value)} data-testid="sell-terminal">
            {pdv.length === 0 && <option value="">{t('terminal.none')}</option>}
            {pdv.map((terminal) => (
              <option key={terminal.id} value={terminal.id}>
                {terminal.id}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={slip} onChange={(event) => setSlip(event.target.checked)} />
          {t('slip')}
        </label>
        <button type="submit" className="button button-primary" disabled={charge.isPending || chosenTerminal === ''} data-testid="charge">
          {charge.isPending ? t('charging') : t('charge')}
        </button>
        {(problem ?? charge.error?.message) && (
          <p role="alert" className="problem">
            {problem ?? charge.error?.message}
          </p>
        )}
      </form>
      {current === null ? (
        <p className="hint" data-testid="sale-idle">
          {t('idle')}
        </p>
      ) : (
        <SaleStatusPanel key={current.id} sale={current} />
      )}
      <h2>{t('recent')}</h2>
      <ul className="sell-recent" data-testid="sell-recent">
        {(sales.data?.sales ?? []).slice(0, 10).map((sale) => (
          <li key={sale.id}>
            <button type="button" className="link" onClick={() => setCurrentId(sale.id)}>
              {sale.amount} · {SALE_STATUSES[sale.status][language]} · {sale.terminalId}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
