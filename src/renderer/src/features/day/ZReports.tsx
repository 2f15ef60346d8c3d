import { useState } from 'react';
import type { ZReport } from '../../../../shared/ipc/channels/day';
import { formatMoney } from '../../lib/money';
import { useFeatureT, useLanguage } from '../../i18n';
import { downloadText } from '../../lib/download';
import { useDayCurrency, useDayTerminals, useExportZ, useReprintZ, useZReports } from './api';
import { dayMessages } from './messages';
import { localTime } from './money';
import { ReportView } from './ReportView';

function ZRow({ z, selected, onSelect }: { z: ZReport; selected: boolean; onSelect(): void }) {
  const t = useFeatureT(dayMessages);
  const language = useLanguage();
  const currency = useDayCurrency();
  const reprint = useReprintZ();
  const exportZ = useExportZ();
  const terminals = useDayTerminals();
  const terminalId = (terminals.data?.terminals ?? []).find((terminal) => terminal.canPrint)?.id ?? null;
  const save = (format: 'csv' | 'html') =>
    exportZ.mutate({ number: z.number, format }, { onSuccess: (file) => downloadText(file.text, file.fileName, file.mimeType) });
  return (
    <tr data-testid={`z-${z.number}`} aria-selected={selected}>
      <th scope="row">
        <button type="button" className="link" onClick={onSelect} aria-expanded={selected}>
          Z {z.number}
        </button>
      </th>
      <td>{localTime(z.report.shift.openedAt)}</td>
      <td>{localTime(z.report.until)}</td>
      <td className="numeric">{formatMoney(z.report.total.netCents, currency, language)}</td>
      <td className="day-row-actions">
        <button
          className="button"
          type="button"
          disabled={terminalId === null || reprint.isPending}
          onClick={() => terminalId !== null && reprint.mutate({ number: z.number, terminalId })}
          data-testid={`z-reprint-${z.number}`}
        >
          {t('z.reprint')}
        </button>
        <button className="button" type="button" onClick={() => save('csv')} data-testid={`z-csv-${z.number}`}>
          {t('z.csv')}
        </button>
        <button className="button" type="button" onClick={() => save('html')} data-testid={`z-page-${z.number}`}>
          {t('z.page')}
        </button>
        {reprint.isSuccess && <span className="hint">{t('z.printed')}</span>}
        {(reprint.error ?? exportZ.error) !== null && <span role="alert">{(reprint.error ?? exportZ.error)?.message}</span>}
      </td>
    </tr>
  );
}

/** The counter's Z reports, newest first: open one to read it, reprint it as stored, export it. */
export function ZReports() {
  const t = useFeatureT(dayMessages);
  const reports = useZReports();
  const [open, setOpen] = useState<number | null>(null);
  const list = reports.data?.reports ?? [];
  const shown = list.find((z) => z.number === open) ?? null;
  return (
    <section className="day-section" aria-labelledby="z-title" data-testid="z-reports">
      <h2 id="z-title">{t('z.title')}</h2>
      {list.length === 0 ? (
        <p>{t('z.none')}</p>
      ) : (
        <table className="day-table">
          <tbody>
            {list.map((z) => (
              <ZRow key={z.number} z={z} selected={z.number === open} onSelect={() => setOpen(z.number === open ? null : z.number)} />
            ))}
          </tbody>
        </table>
      )}
      {shown !== null && <ReportView report={shown.report} />}
    </section>
  );
}
