import type { StorePrintSummary } from '../../../../../shared/ipc/channels/store';
import { lastErrorText } from '../../../../../shared/i18n/print-errors';
import { isFinalPrintStatus } from '../../../../../shared/lifecycle/print';
import { fillMessage, useFeatureT, useLanguage } from '../../../i18n';
import { nextSort, type HistorySort, type SortField } from '../filters';
import { rowTime } from '../format';
import { managerMessages } from '../messages';
import { StatusPill } from '../StatusPill';
import { storeViewMessages } from './messages';
import type { StoreAsk } from './use-store-history';

const COLUMNS: readonly { field: SortField | null; label: 'column.time' | 'term.terminal' | 'term.reference' | 'column.status' | 'column.error' }[] = [
  { field: 'createdAt', label: 'column.time' },
  { field: 'terminalId', label: 'term.terminal' },
  { field: 'externalReference', label: 'term.reference' },
  { field: 'status', label: 'column.status' },
  { field: 'lastError', label: 'column.error' },
];

interface StoreTableProps {
  /** The page's rows; undefined before the first page is read. */
  rows: readonly StorePrintSummary[] | undefined;
  sort: HistorySort;
  onSort(change: (current: HistorySort) => HistorySort): void;
  names: ReadonlyMap<string, string>;
  ownCounterId: string | undefined;
  /** Whether each counter is online; an offline one runs what it is asked when it comes back. */
  online: ReadonlyMap<string, boolean>;
  onOpen(print: StorePrintSummary): void;
  onAsk: StoreAsk;
}

/** One row of the store's history: which counter, when, where, its status and error, and what may be asked of it. */
function StoreRow({ print, names, ownCounterId, online, onOpen, onAsk }: Omit<StoreTableProps, 'rows' | 'sort' | 'onSort'> & { print: StorePrintSummary }) {
  const t = useFeatureT(storeViewMessages);
  const language = useLanguage();
  return (
    <tr data-testid="store-row" data-reference={print.externalReference} data-counter={print.counterId}>
      <td>
        {print.counterName}
        {print.counterId === ownCounterId ? <span className="hint"> ({t('store.you')})</span> : null}
        {print.madeBy === null || print.madeBy === undefined ? null : (
          <span className="store-person hint" data-testid="store-person" data-person={print.madeBy.personId}>
            {print.madeBy.approvedByName === null ? print.madeBy.personName : `${print.madeBy.personName} · ${print.madeBy.approvedByName}`}
          </span>
        )}
      </td>
      <td className="mono">
        <time dateTime={print.createdAt}>{rowTime(print.createdAt, language)}</time>
      </td>
      <td title={print.terminalId}>{names.get(print.terminalId) ?? print.terminalId}</td>
      <td className="mono">
        <button
          type="button"
          className="link-button mono"
          aria-label={fillMessage(t('drawer.open'), { reference: print.externalReference })}
          onClick={() => onOpen(print)}
          data-testid="store-open"
        >
          {print.externalReference}
        </button>
      </td>
      <td>
        <StatusPill status={print.status} raw={print.unknown?.status} />
      </td>
      <td title={print.lastError?.code}>{lastErrorText(print, language)}</td>
      <td>
        <div className="store-actions">
          <button type="button" className="button" onClick={() => onAsk(print, 'reprint')} data-testid="store-reprint">
            {t('store.reprint')}
          </button>
          {print.status === 'unknown' || isFinalPrintStatus(print.status) ? null : (
            <button type="button" className="button" onClick={() => onAsk(print, 'cancel')} data-testid="store-cancel">
              {t('store.cancel')}
            </button>
          )}
          {online.get(print.counterId) === false ? <span className="store-chip store-chip-off">{t('store.offline')}</span> : null}
        </div>
      </td>
    </tr>
  );
}

/** The store's history as a table sorted by any column but the counter's, or a hint when a page has no rows. */
export function StoreTable({ rows, sort, onSort, ...row }: StoreTableProps) {
  const t = useFeatureT(storeViewMessages);
  const m = useFeatureT(managerMessages);
  return (
    <div className="store-table-wrap">
      <table className="store-table" data-testid="store-table">
        <thead>
          <tr>
            <th scope="col">{t('store.counter')}</th>
            {COLUMNS.map((column) => (
              <th key={column.label} scope="col" aria-sort={column.field === sort.field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                {column.field === null ? (
                  m(column.label)
                ) : (
                  <button type="button" className="store-sort" onClick={() => onSort((current) => nextSort(current, column.field ?? 'createdAt'))}>
                    {m(column.label)}
                    {column.field === sort.field ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                  </button>
                )}
              </th>
            ))}
            <th scope="col">{t('store.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(rows ?? []).map((print) => (
            <StoreRow key={`${print.counterId}/${print.id}`} print={print} {...row} />
          ))}
        </tbody>
      </table>
      {rows !== undefined && rows.length === 0 ? <p className="hint">{t('store.empty')}</p> : null}
    </div>
  );
}
