import { TENDERS, type ShiftReport, type Totals } from '../../../../shared/ipc/channels/day';
import { TENDER_NAMES } from '../../../../shared/i18n/day';
import { cashDifference, type CashDifference } from '../../../../shared/money/cash-difference';
import { formatMoney } from '../../lib/money';
import { useFeatureT, useLanguage } from '../../i18n';
import { useDayCurrency } from './api';
import { dayMessages } from './messages';
import { localTime } from './money';
import { useTerminalName } from './terminals';

function TotalsTable({ caption, rows, testId }: { caption: string; rows: Array<[string, Totals, string?]>; testId: string }) {
  const t = useFeatureT(dayMessages);
  const language = useLanguage();
  const currency = useDayCurrency();
  const money = (cents: number) => formatMoney(cents, currency, language);
  return (
    <table className="day-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col"></th>
          <th scope="col">{t('report.count')}</th>
          <th scope="col">{t('report.gross')}</th>
          <th scope="col">{t('report.refunds')}</th>
          <th scope="col">{t('report.net')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, totals, key = name]) => (
          <tr key={key} data-row={key}>
            <th scope="row" title={key === name ? undefined : key}>
              {name}
            </th>
            <td className="numeric">{totals.count}</td>
            <td className="numeric">{money(totals.grossCents)}</td>
            <td className="numeric">{money(totals.refundCents)}</td>
            <td className="numeric">{money(totals.netCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The cash counted at the close against the expected: over, short or even, by how much. */
export function CashDifferenceLine({ cash }: { cash: CashDifference }) {
  const t = useFeatureT(dayMessages);
  const language = useLanguage();
  const currency = useDayCurrency();
  const money = (cents: number) => formatMoney(cents, currency, language);
  return (
    <p className="day-cash" data-testid="cash-difference" data-kind={cash.kind} data-cents={cash.differenceCents}>
      <strong>
        {t(`report.cash.${cash.kind}`)}: {money(Math.abs(cash.differenceCents))}
      </strong>{' '}
      ({t('report.countedCash')} {money(cash.countedCents)} · {t('report.expectedCash')} {money(cash.expectedCents)})
    </p>
  );
}

/** An X or a Z report on screen: the same figures the paper prints. */
export function ReportView({ report }: { report: ShiftReport }) {
  const t = useFeatureT(dayMessages);
  const language = useLanguage();
  const currency = useDayCurrency();
  const money = (cents: number) => formatMoney(cents, currency, language);
  const cash = cashDifference(report.expectedCashCents, report.shift.countedCashCents);
  const terminalName = useTerminalName();
  return (
    <div className="day-report" data-testid={`report-${report.kind}`} data-net={report.total.netCents}>
      <p className="day-total">
        {t('report.total')}: <strong data-testid="report-total">{money(report.total.netCents)}</strong>
      </p>
      <div className="day-report-grid">
        <TotalsTable
          caption={t('report.tender')}
          testId="report-tenders"
          rows={TENDERS.map((tender) => [TENDER_NAMES[tender][language], report.byTender[tender]])}
        />
        <TotalsTable
          caption={t('report.terminal')}
          testId="report-terminals"
          rows={report.byTerminal.map((group) =>
            group.terminalId === '' ? [t('report.noTerminal'), group] : [terminalName(group.terminalId), group, group.terminalId],
          )}
        />
        <TotalsTable caption={t('report.person')} testId="report-people" rows={report.byPerson.map((group) => [group.person || t('report.nobody'), group])} />
      </div>
      <dl className="day-facts">
        <dt>{t('report.refunds')}</dt>
        <dd>
          {report.refunds.count} · {money(report.refunds.cents)}
        </dd>
        <dt>{t('report.cancels')}</dt>
        <dd>{report.cancels.count}</dd>
        <dt>{t('report.prints')}</dt>
        <dd>
          {report.prints.made} / {report.prints.failed}
        </dd>
        <dt>{t('report.first')}</dt>
        <dd>{localTime(report.firstSaleAt)}</dd>
        <dt>{t('report.last')}</dt>
        <dd>{localTime(report.lastSaleAt)}</dd>
        {report.expectedCashCents !== null && (
          <>
            <dt>{t('report.expectedCash')}</dt>
            <dd>{money(report.expectedCashCents)}</dd>
          </>
        )}
      </dl>
      {cash !== null && <CashDifferenceLine cash={cash} />}
    </div>
  );
}
