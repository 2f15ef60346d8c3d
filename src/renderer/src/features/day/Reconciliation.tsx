import { useState, type FormEvent } from 'react';
import type { Difference, Reconciliation, Shift } from '../../../../shared/ipc/channels/day';
import { DIFFERENCE_TEXTS } from '../../../../shared/i18n/day';
import { formatMoney } from '../../lib/money';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { useDayCurrency, useExplain, useReconcile } from './api';
import { dayMessages } from './messages';
import { localTime } from './money';
import { CashDifferenceLine } from './ReportView';

function ExplainForm({ shift, difference, onDone }: { shift: Shift; difference: Difference; onDone(): void }) {
  const t = useFeatureT(dayMessages);
  const explain = useExplain();
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') return;
    explain.mutate({ shiftId: shift.id, key: difference.key, note: note.trim(), personId: null, personName: shift.personName }, { onSuccess: onDone });
  };
  return (
    <form className="day-inline" onSubmit={submit}>
      <label>
        {t('rec.note')}
        <input autoFocus value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} data-testid="explain-note" />
      </label>
      <button className="button" type="submit" disabled={explain.isPending || note.trim() === ''} data-testid="explain-save">
        {t('rec.save')}
      </button>
      {explain.error !== null && <span role="alert">{explain.error.message}</span>}
    </form>
  );
}

function DifferenceRow({ shift, difference, onChange }: { shift: Shift; difference: Difference; onChange(): void }) {
  const t = useFeatureT(dayMessages);
  const language = useLanguage();
  const currency = useDayCurrency();
  const [explaining, setExplaining] = useState(false);
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, currency, language));
  return (
    <li className="day-difference" data-testid="difference" data-kind={difference.kind} data-reference={difference.externalReference ?? ''}>
      <p>
        <strong>{DIFFERENCE_TEXTS[difference.kind][language]}</strong> · {t('rec.reference')}: {difference.externalReference ?? difference.paymentId ?? '—'} ·{' '}
        {localTime(difference.at)}
      </p>
      <p>
        {t('rec.counter')}: {money(difference.counterCents)} · {t('rec.platform')}: {money(difference.platformCents)}
      </p>
      <p className="hint">{DIFFERENCE_TEXTS[`${difference.kind}.action`][language]}</p>
      {difference.explanation !== null && <p data-testid="explained">{fillMessage(t('rec.explained'), { note: difference.explanation.note })}</p>}
      {explaining ? (
        <ExplainForm
          shift={shift}
          difference={difference}
          onDone={() => {
            setExplaining(false);
            onChange();
          }}
        />
      ) : (
        <button className="button" type="button" onClick={() => setExplaining(true)} data-testid="explain">
          {t('rec.explain')}
        </button>
      )}
    </li>
  );
}

/** The shift's sales against the platform's payments, each difference with what to do. */
export function ReconciliationPanel({ shifts }: { shifts: readonly Shift[] }) {
  const t = useFeatureT(dayMessages);
  const reconcile = useReconcile();
  const [shiftId, setShiftId] = useState<string | null>(null);
  const chosen = shifts.find((shift) => shift.id === shiftId) ?? shifts[0] ?? null;
  const [result, setResult] = useState<Reconciliation | null>(null);
  const run = () => chosen !== null && reconcile.mutate({ shiftId: chosen.id }, { onSuccess: setResult });
  const shown = result !== null && result.shiftId === chosen?.id ? result : null;
  return (
    <section className="day-section" aria-labelledby="rec-title" data-testid="reconciliation">
      <h2 id="rec-title">{t('rec.title')}</h2>
      <div className="day-inline">
        <label>
          {t('rec.shift')}
          <select value={chosen?.id ?? ''} onChange={(event) => setShiftId(event.target.value)} data-testid="rec-shift">
            {shifts.map((shift) => (
              <option key={shift.id} value={shift.id}>
                {shift.zNumber === null ? '' : `Z ${shift.zNumber} · `}
                {localTime(shift.openedAt)} · {shift.personName ?? shift.personId ?? t('report.nobody')}
              </option>
            ))}
          </select>
        </label>
        <button className="button" type="button" disabled={chosen === null || reconcile.isPending} onClick={run} data-testid="reconcile">
          {reconcile.isPending ? t('rec.running') : t('rec.run')}
        </button>
      </div>
      {reconcile.error !== null && <p role="alert">{reconcile.error.message}</p>}
      {shown !== null && chosen !== null && (
        <>
          <p data-testid="rec-summary">
            {fillMessage(t('rec.summary'), { matched: shown.matched, differences: shown.differences.length, pages: shown.pages })}
          </p>
          {shown.cash !== null && <CashDifferenceLine cash={shown.cash} />}
          {shown.differences.length === 0 ? (
            <p>{t('rec.none')}</p>
          ) : (
            <ul className="day-differences">
              {shown.differences.map((difference) => (
                <DifferenceRow key={difference.key} shift={chosen} difference={difference} onChange={run} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
