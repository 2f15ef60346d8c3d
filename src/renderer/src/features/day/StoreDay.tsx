import { useState, type FormEvent } from 'react';
import type { StoreDay, StoreShift } from '../../../../shared/ipc/channels/day';
import { useMay, useStaffStatus } from '../../api/staff';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatMoney } from '../../lib/money';
import { useDayCurrency, useDayTerminals, usePrintStoreZ, useStoreDay, useStoreOn } from './api';
import { dayMessages } from './messages';
import { localTime } from './money';
import { ReportView } from './ReportView';

function ShiftRow({ shift, day }: { shift: StoreShift; day: StoreDay }) {
  const t = useFeatureT(dayMessages);
  const language = useLanguage();
  const currency = useDayCurrency();
  const z = day.zReports.find((one) => one.counterId === shift.counterId && one.number === shift.zNumber);
  return (
    <tr data-testid={`store-shift-${shift.id}`} data-status={shift.status}>
      <th scope="row" title={shift.counterId}>
        {shift.counterName}
      </th>
      <td>{shift.personName ?? shift.personId ?? t('report.nobody')}</td>
      <td>{localTime(shift.openedAt)}</td>
      <td>{localTime(shift.closedAt)}</td>
      <td>{t(shift.status === 'open' ? 'store.status.open' : 'store.status.closed')}</td>
      <td>{shift.zNumber === null ? '—' : `Z ${shift.zNumber}`}</td>
      <td className="numeric">{z === undefined ? '—' : formatMoney(z.report.total.netCents, currency, language)}</td>
    </tr>
  );
}

/** Where the store's Z prints, and the button; the terminal shown by its point of sale's name. */
function PrintStoreZ() {
  const t = useFeatureT(dayMessages);
  const print = usePrintStoreZ();
  const printers = (useDayTerminals().data?.terminals ?? []).filter((terminal) => terminal.canPrint);
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const chosen = terminalId ?? printers[0]?.id ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== '') print.mutate({ terminalId: chosen });
  };
  return (
    <form className="day-inline" onSubmit={submit} data-testid="store-z-print">
      <label>
        {t('store.printOn')}
        <select value={chosen} onChange={(event) => setTerminalId(event.target.value)} data-testid="store-z-terminal">
          {printers.map((terminal) => (
            <option key={terminal.id} value={terminal.id} title={terminal.id}>
              {terminal.externalPosId ?? terminal.id}
            </option>
          ))}
        </select>
      </label>
      <button className="button" type="submit" disabled={chosen === '' || print.isPending} data-testid="store-z-button">
        {t('store.print')}
      </button>
      {print.isSuccess && <span className="hint">{t('store.printed')}</span>}
      {print.error !== null && <span role="alert">{print.error.message}</span>}
    </form>
  );
}

function StoreDayBody({ day }: { day: StoreDay }) {
  const t = useFeatureT(dayMessages);
  const open = day.shifts.some((shift) => shift.status === 'open');
  return (
    <>
      {day.shifts.length === 0 ? (
        <p>{t('store.none')}</p>
      ) : (
        <table className="day-table" data-testid="store-shifts">
          <thead>
            <tr>
              <th scope="col">{t('store.counter')}</th>
              <th scope="col">{t('store.person')}</th>
              <th scope="col">{t('store.opened')}</th>
              <th scope="col">{t('store.closed')}</th>
              <th scope="col">{t('store.status')}</th>
              <th scope="col">{t('store.z')}</th>
              <th scope="col">{t('report.net')}</th>
            </tr>
          </thead>
          <tbody>
            {day.shifts.map((shift) => (
              <ShiftRow key={`${shift.counterId}/${shift.id}`} shift={shift} day={day} />
            ))}
          </tbody>
        </table>
      )}
      {open && <p className="hint">{t('store.openNote')}</p>}
      {day.report === null ? (
        <p data-testid="store-no-z">{t('store.noZ')}</p>
      ) : (
        <div data-testid="store-totals">
          <h3>{fillMessage(t('store.totals'), { count: String(day.zReports.length) })}</h3>
          <ReportView report={day.report} />
          <PrintStoreZ />
        </div>
      )}
    </>
  );
}

/**
 * The whole store's day, for whoever reconciles (the manager), when a store database is on: every
 * counter's shifts of today and the store's totals over today's Z reports, with the store's Z to print.
 */
export function StoreDayPanel() {
  const t = useFeatureT(dayMessages);
  const on = useStoreOn();
  const staff = useStaffStatus();
  const may = useMay('reconcile');
  const shown = on && (may || staff.data?.ready === false);
  const day = useStoreDay(shown);
  if (!shown) return null;
  return (
    <section className="day-section" aria-labelledby="store-day-title" data-testid="store-day">
      <h2 id="store-day-title">{t('store.title')}</h2>
      {day.data?.environment === 'sandbox' && (
        <p className="notice notice-warn" data-testid="store-day-sandbox">
          {t('store.sandbox')}
        </p>
      )}
      {day.error !== null && <p role="alert">{day.error.message}</p>}
      {day.data !== undefined && <StoreDayBody day={day.data} />}
    </section>
  );
}
