import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Shift } from '../../../../shared/ipc/channels/day';
import { TENDER_NAMES } from '../../../../shared/i18n/day';
import { formatMoney } from '../../lib/money';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { useCloseShift, useDayCurrency, useDayTerminals, useOpenShift, useRecordSale, useXReport } from './api';
import { dayMessages } from './messages';
import { localTime, optionalCents } from './money';
import { ReportView } from './ReportView';

/** Opening a shift (the signed-in person's): the cash float if the store takes cash. Enter opens. */
export function OpenShiftForm({ onDone }: { onDone(): void }) {
  const t = useFeatureT(dayMessages);
  const open = useOpenShift();
  const [float, setFloat] = useState('');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const floatCents = optionalCents(float);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (floatCents === undefined) return;
    // The shift's person is whoever is signed in: main takes it from the sign-in.
    open.mutate({ personId: null, personName: null, floatCents }, { onSuccess: onDone });
  };
  return (
    <form className="day-form" onSubmit={submit} data-testid="open-shift">
      <p>{t('shift.none')}</p>
      <label>
        {t('shift.float')}
        <input
          ref={first}
          inputMode="decimal"
          value={float}
          onChange={(event) => setFloat(event.target.value)}
          aria-invalid={floatCents === undefined}
          data-testid="shift-float"
        />
      </label>
      <button className="button" type="submit" disabled={open.isPending || floatCents === undefined} data-testid="open-shift-button">
        {t('shift.open')}
      </button>
      {open.error !== null && <p role="alert">{open.error.message}</p>}
    </form>
  );
}

/** Cash and other sales (and refunds) taken outside the platform, so the day's totals are whole. */
function CounterSaleForm({ shift, onDone }: { shift: Shift; onDone(): void }) {
  const t = useFeatureT(dayMessages);
  const language = useLanguage();
  const currency = useDayCurrency();
  const record = useRecordSale();
  const [tender, setTender] = useState<'cash' | 'other'>('cash');
  const [kind, setKind] = useState<'sale' | 'refund'>('sale');
  const [amount, setAmount] = useState('');
  const cents = optionalCents(amount);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cents === undefined || cents === null) return;
    record.mutate(
      { shiftId: shift.id, tender, kind, amountCents: cents, personId: shift.personId, personName: shift.personName },
      {
        onSuccess: () => {
          setAmount('');
          onDone();
        },
      },
    );
  };
  return (
    <form className="day-form day-inline" onSubmit={submit} data-testid="counter-sale">
      <h2>{t('sale.title')}</h2>
      <label>
        {t('sale.tender')}
        <select value={tender} onChange={(event) => setTender(event.target.value as 'cash' | 'other')} data-testid="sale-tender">
          <option value="cash">{TENDER_NAMES.cash[language]}</option>
          <option value="other">{TENDER_NAMES.other[language]}</option>
        </select>
      </label>
      <label>
        {t('sale.kind')}
        <select value={kind} onChange={(event) => setKind(event.target.value as 'sale' | 'refund')} data-testid="sale-kind">
          <option value="sale">{t('sale.kind.sale')}</option>
          <option value="refund">{t('sale.kind.refund')}</option>
        </select>
      </label>
      <label>
        {t('sale.amount')}
        <input
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={cents === undefined}
          data-testid="sale-amount"
        />
      </label>
      <button className="button" type="submit" disabled={record.isPending || cents === undefined || cents === null} data-testid="record-sale">
        {t('sale.record')}
      </button>
      {record.data !== undefined && (
        <p className="hint">{fillMessage(t('sale.recorded'), { amount: formatMoney(record.data.amountCents, currency, language) })}</p>
      )}
      {record.error !== null && <p role="alert">{record.error.message}</p>}
    </form>
  );
}

/** Closing: the counted cash, where the Z prints, and a confirmation (the Z is final). */
function CloseShiftForm({ shift, onDone }: { shift: Shift; onDone(): void }) {
  const t = useFeatureT(dayMessages);
  const close = useCloseShift();
  const terminals = useDayTerminals();
  const printers = (terminals.data?.terminals ?? []).filter((terminal) => terminal.canPrint);
  const [counted, setCounted] = useState('');
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = terminalId ?? printers[0]?.id ?? '';
  const countedCents = optionalCents(counted);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (countedCents === undefined) return;
    if (!confirming) return setConfirming(true);
    close.mutate({ shiftId: shift.id, countedCashCents: countedCents, terminalId: chosen === '' ? null : chosen }, { onSuccess: onDone });
  };
  return (
    <form className="day-form" onSubmit={submit} data-testid="close-shift">
      <h2>{t('close.title')}</h2>
      <label>
        {t('close.counted')}
        <input
          inputMode="decimal"
          value={counted}
          onChange={(event) => setCounted(event.target.value)}
          aria-invalid={countedCents === undefined}
          data-testid="counted-cash"
        />
      </label>
      <label>
        {t('close.terminal')}
        <select value={chosen} onChange={(event) => setTerminalId(event.target.value)} data-testid="z-terminal">
          {printers.map((terminal) => (
            <option key={terminal.id} value={terminal.id} title={terminal.id}>
              {terminal.externalPosId ?? terminal.id}
            </option>
          ))}
          <option value="">{t('close.noPrint')}</option>
        </select>
      </label>
      {confirming ? (
        <div role="alertdialog" aria-label={t('close.confirm')} className="day-confirm">
          <p>{t('close.confirm')}</p>
          <button className="button" type="submit" autoFocus disabled={close.isPending} data-testid="close-yes">
            {t('close.yes')}
          </button>
          <button className="button" type="button" onClick={() => setConfirming(false)}>
            {t('close.no')}
          </button>
        </div>
      ) : (
        <button className="button" type="submit" disabled={countedCents === undefined} data-testid="close-shift-button">
          {t('close.button')}
        </button>
      )}
      {close.error !== null && <p role="alert">{close.error.message}</p>}
    </form>
  );
}

/** The open shift: who and since when, the midnight warning, cash sales, the X report and the close. */
export function OpenShiftPanel({ shift, overnight, onChange }: { shift: Shift; overnight: boolean; onChange(): void }) {
  const t = useFeatureT(dayMessages);
  const [showX, setShowX] = useState(false);
  const x = useXReport(showX ? shift.id : null);
  return (
    <div className="day-shift" data-testid="open-shift-panel" data-shift={shift.id}>
      <p>{fillMessage(t('shift.openedBy'), { at: localTime(shift.openedAt), person: shift.personName ?? shift.personId ?? t('report.nobody') })}</p>
      {overnight && (
        <p className="day-warning" role="alert" data-testid="overnight">
          {t('shift.overnight')}
        </p>
      )}
      <CounterSaleForm shift={shift} onDone={onChange} />
      <div className="day-actions">
        <button className="button" type="button" onClick={() => (showX ? void x.refetch() : setShowX(true))} data-testid="x-report-button">
          {t('x.show')}
        </button>
        <span className="hint">{t('x.hint')}</span>
      </div>
      {showX && x.data !== undefined && <ReportView report={x.data} />}
      <CloseShiftForm shift={shift} onDone={onChange} />
    </div>
  );
}
