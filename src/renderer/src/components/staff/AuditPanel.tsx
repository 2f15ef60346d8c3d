import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditFilters } from '../../../../shared/ipc/channels/staff';
import { AUDIT_ACTIONS } from '../../../../shared/i18n/staff';
import type { Language } from '../../../../shared/ipc/channels/app';
import { call, type CallError } from '../../api/bridge';
import { useMay, useStaffStatus } from '../../api/staff';
import { DateField } from '../date-field/DateField';
import { useFeatureT, useLanguage } from '../../i18n';
import { staffMessages } from './messages';
import './staff.css';
import { PersonSelect } from './PersonSelect';
import { AuditDetail } from './AuditDetail';

const PAGE = 50;
/** The actions the filter offers: every one the trail can hold, named in the screen's language. */
const ACTIONS = Object.keys(AUDIT_ACTIONS);
const actionText = (action: string, language: Language): string => AUDIT_ACTIONS[action]?.[language] ?? action;

/** A `datetime-local` value (the manager's local time) as ISO with offset, or nothing. */
function isoOf(local: string): string | undefined {
  if (local === '') return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The manager's "who did what": the audit trail, filtered by person, action and time, paged by keyset, exported as CSV. */
export function AuditPanel() {
  const t = useFeatureT(staffMessages);
  const language = useLanguage();
  const may = useMay('viewAudit');
  const mayExport = useMay('exportCsv');
  const people = useStaffStatus().data?.people ?? [];
  const [personId, setPersonId] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters: AuditFilters = {
    ...(personId === '' ? {} : { personId }),
    ...(action === '' ? {} : { action }),
    ...(isoOf(from) === undefined ? {} : { from: isoOf(from) }),
    ...(isoOf(to) === undefined ? {} : { to: isoOf(to) }),
  };
  const pages = useInfiniteQuery<{ entries: AuditEntry[]; next: number | null }, CallError>({
    queryKey: ['audit.list', filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => call('audit.list', { filters, limit: PAGE, ...(pageParam === undefined ? {} : { before: pageParam as number }) }),
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: may,
  });
  if (!may) return null;
  const entries = pages.data?.pages.flatMap((page) => page.entries) ?? [];
  const exportCsv = async () => {
    const file = await call('audit.export', { filters });
    download(file.csv, file.fileName);
  };
  return (
    <section className="panel audit-panel" aria-labelledby="audit-title" data-testid="audit-panel">
      <h2 id="audit-title">{t('audit.title')}</h2>
      <p className="hint">{t('audit.lead')}</p>
      <div className="audit-filters">
        <label>
          {t('audit.person')}
          <PersonSelect people={people} value={personId} onChange={setPersonId} everyone={t('audit.everyone')} testId="audit-person" />
        </label>
        <label>
          {t('audit.action')}
          <select value={action} onChange={(event) => setAction(event.target.value)} data-testid="audit-action">
            <option value="">{t('audit.everything')}</option>
            {ACTIONS.map((each) => (
              <option key={each} value={each}>
                {actionText(each, language)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('audit.from')}
          <DateField kind="dateTime" value={from} onChange={setFrom} data-testid="audit-from" />
        </label>
        <label>
          {t('audit.to')}
          <DateField kind="dateTime" value={to} onChange={setTo} data-testid="audit-to" />
        </label>
        {mayExport && (
          <button className="button" type="button" onClick={() => void exportCsv()} data-testid="audit-csv">
            {t('audit.csv')}
          </button>
        )}
      </div>
      {pages.error !== null && (
        <p className="notice bad" role="alert">
          {pages.error.message}
        </p>
      )}
      <div className="audit-table-wrap">
        <table className="audit-table" data-testid="audit-table">
          <thead>
            <tr>
              <th scope="col">{t('audit.at')}</th>
              <th scope="col">{t('audit.who')}</th>
              <th scope="col">{t('audit.approvedBy')}</th>
              <th scope="col">{t('audit.action')}</th>
              <th scope="col">{t('audit.subject')}</th>
              <th scope="col">{t('audit.detail')}</th>
              <th scope="col">{t('audit.counter')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.seq} data-testid="audit-row" data-action={entry.action}>
                <td>{new Date(entry.at).toLocaleString(language)}</td>
                <td>{entry.personName ?? '—'}</td>
                <td>{entry.approvedByName ?? ''}</td>
                <td>{actionText(entry.action, language)}</td>
                <AuditSubject entry={entry} language={language} />
                <AuditDetail entry={entry} />
                <td>{entry.counter}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entries.length === 0 && !pages.isPending && <p className="hint">{t('audit.empty')}</p>}
      {pages.hasNextPage && (
        <button className="button" type="button" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage} data-testid="audit-more">
          {t('audit.more')}
        </button>
      )}
    </section>
  );
}

/** What an entry was about; a long id is cut with an ellipsis and read whole in its title. */
function AuditSubject({ entry, language }: { entry: AuditEntry; language: Language }) {
  const text = entry.action === 'refused' ? actionText(entry.subject ?? '', language) : (entry.subject ?? '');
  return (
    <td className="audit-subject" title={text}>
      {text}
    </td>
  );
}
