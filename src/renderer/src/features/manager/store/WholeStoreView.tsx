import { useCallback, useMemo, useState } from 'react';
import type { StoreBoard, StoreCommand, StorePrintSummary } from '../../../../../shared/ipc/channels/store';
import { isFinalPrintStatus } from '../../../../../shared/lifecycle/print';
import type { TerminalCard } from '../../../../../shared/ipc/channels/manager';
import { lastErrorText } from '../../../../../shared/i18n/print-errors';
import { fillMessage, useFeatureT, useLanguage } from '../../../i18n';
import { DEFAULT_SORT, filterRequest, nextSort, NO_FILTERS, type HistoryFilters, type HistorySort, type SortField } from '../filters';
import { formatCount, rowTime } from '../format';
import { downloadText, exportFileName } from '../download';
import { useContractMutation } from '../../../api/hooks';
import { HistoryToolbar } from '../HistoryToolbar';
import { managerMessages } from '../messages';
import { StatusPill } from '../StatusPill';
import { terminalName } from '../TerminalBoard';
import { STORE_PAGE_SIZE, useStoreBoard, useStoreCommand, useStoreEnabled, useStoreLiveUpdates, useStorePrints } from './api';
import { storeViewMessages } from './messages';
import { StorePrintDrawer } from './StorePrintDrawer';
import './store.css';

interface WholeStoreProps {
  dayStart: string;
  terminals: readonly TerminalCard[];
}

/** The whole store from its database: every counter's unfinished prints per terminal, and every counter's history. */
export function WholeStoreView({ dayStart, terminals }: WholeStoreProps) {
  const t = useFeatureT(storeViewMessages);
  const enabled = useStoreEnabled();
  useStoreLiveUpdates();
  const board = useStoreBoard(dayStart);
  const names = useMemo(() => new Map(terminals.map((card) => [card.id, terminalName(card)])), [terminals]);
  if (enabled === false)
    return (
      <p className="card store-off" data-testid="store-off">
        {t('store.off')}
      </p>
    );
  return (
    <div className="store-view" data-testid="whole-store">
      <StoreBoardView board={board.data} error={board.error?.message} names={names} />
      <StoreHistory terminals={terminals} names={names} counters={board.data?.counters ?? []} ownCounterId={board.data?.ownCounterId} />
    </div>
  );
}

function StoreBoardView({ board, error, names }: { board: StoreBoard | undefined; error: string | undefined; names: ReadonlyMap<string, string> }) {
  const t = useFeatureT(storeViewMessages);
  const m = useFeatureT(managerMessages);
  return (
    <section className="store-board" aria-labelledby="store-board-title">
      <h2 id="store-board-title" className="manager-section-title">
        {t('store.board')}
      </h2>
      {error === undefined ? null : (
        <p className="store-error" role="alert">
          {error}
        </p>
      )}
      <ul className="store-counters" aria-label={t('store.counters')} data-testid="store-counters">
        {(board?.counters ?? []).map((counter) => (
          <li key={counter.id} className={counter.online ? 'store-counter-on' : 'store-counter-off'} data-counter={counter.id}>
            {counter.name} · {counter.id === board?.ownCounterId ? t('store.you') : counter.online ? t('store.online') : t('store.offline')}
          </li>
        ))}
      </ul>
      {board === undefined && error === undefined ? <p className="hint">{t('store.boardLoading')}</p> : null}
      {board !== undefined && board.lines.length === 0 ? <p className="hint">{t('store.boardEmpty')}</p> : null}
      <div className="store-lines">
        {(board?.lines ?? []).map((line) => (
          <article key={line.terminalId} className="store-line" data-testid="store-line" data-terminal={line.terminalId}>
            <h3 title={line.terminalId}>{names.get(line.terminalId) ?? line.terminalId}</h3>
            {line.failuresToday > 0 ? <p className="store-failures">{fillMessage(t('store.failuresToday'), { count: line.failuresToday })}</p> : null}
            <ol>
              {line.prints.map((print) => (
                <li key={`${print.counterId}/${print.id}`} data-testid="store-line-print" data-reference={print.externalReference}>
                  <span className="store-chip">{print.counterName}</span> <span className="mono">{print.externalReference}</span>{' '}
                  <StatusPill status={print.status} />
                </li>
              ))}
              {line.orders.map((order) => (
                <li key={`${order.counterId}/${order.id}`}>
                  <span className="store-chip">{order.counterName}</span> <span className="mono">{order.externalReference}</span> {m('term.terminal')}{' '}
                  {order.status}
                </li>
              ))}
            </ol>
          </article>
        ))}
      </div>
    </section>
  );
}

interface StoreHistoryProps {
  terminals: readonly TerminalCard[];
  names: ReadonlyMap<string, string>;
  counters: StoreBoard['counters'];
  ownCounterId: string | undefined;
}

const COLUMNS: readonly { field: SortField | null; label: 'column.time' | 'term.terminal' | 'term.reference' | 'column.status' | 'column.error' }[] = [
  { field: 'createdAt', label: 'column.time' },
  { field: 'terminalId', label: 'term.terminal' },
  { field: 'externalReference', label: 'term.reference' },
  { field: 'status', label: 'column.status' },
  { field: 'lastError', label: 'column.error' },
];

function StoreHistory({ terminals, names, counters, ownCounterId }: StoreHistoryProps) {
  const t = useFeatureT(storeViewMessages);
  const m = useFeatureT(managerMessages);
  const language = useLanguage();
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [counterId, setCounterId] = useState('');
  const [sort, setSort] = useState<HistorySort>(DEFAULT_SORT);
  const [pageIndex, setPageIndex] = useState(0);
  const [opened, setOpened] = useState<StorePrintSummary | undefined>(undefined);
  const closeDrawer = useCallback(() => setOpened(undefined), []);
  const request = useMemo(
    () => ({
      filters: { ...filterRequest(filters), ...(counterId === '' ? {} : { counterId }) },
      sort,
      page: { index: pageIndex, size: STORE_PAGE_SIZE },
    }),
    [filters, counterId, sort, pageIndex],
  );
  const page = useStorePrints(request);
  const command = useStoreCommand();
  const online = useMemo(() => new Map(counters.map((counter) => [counter.id, counter.online])), [counters]);
  const total = page.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / STORE_PAGE_SIZE) - 1);
  const changeFilters = (patch: Partial<HistoryFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPageIndex(0);
  };
  const exportCsv = useContractMutation('store.export');
  const [exportNote, setExportNote] = useState('');
  const exportRows = () =>
    exportCsv.mutate(
      { filters: request.filters, sort },
      {
        onSuccess: ({ csv, rows, capped }) => {
          downloadText(csv, `store-${exportFileName(new Date())}`, 'text/csv;charset=utf-8');
          setExportNote(fillMessage(m('export.done'), { count: formatCount(rows, language) }) + (capped ? ` ${t('store.exportCapped')}` : ''));
        },
        onError: (error) => setExportNote(error.message),
      },
    );
  const ask = (print: StorePrintSummary, kind: 'reprint' | 'cancel') =>
    command.run({ kind, counterId: print.counterId, printId: print.id }, print.externalReference);

  return (
    <section className="manager-history store-history" aria-labelledby="store-history-title">
      <div className="history-header">
        <h2 id="store-history-title" className="manager-section-title">
          {t('store.history')}
        </h2>
        <span className="spacer" />
        <span className="history-note" role="status" data-testid="store-export-note">
          {exportNote}
        </span>
        <button type="button" className="button" onClick={exportRows} disabled={exportCsv.isPending} data-testid="store-export">
          {exportCsv.isPending ? m('export.working') : m('export.button')}
        </button>
        <span className="history-note" data-testid="store-count">
          {page.data === undefined
            ? ''
            : page.data.total === 1 && !page.data.totalCapped
              ? t('store.countOne')
              : fillMessage(t(page.data.totalCapped ? 'store.countCapped' : 'store.count'), { count: formatCount(page.data.total, language) })}
        </span>
      </div>
      <div className="store-filter-row">
        <label className="filter">
          <span className="filter-label">{t('store.counter')}</span>
          <select
            value={counterId}
            onChange={(event) => {
              setCounterId(event.target.value);
              setPageIndex(0);
            }}
            data-testid="store-filter-counter"
          >
            <option value="">{t('store.allCounters')}</option>
            {counters.map((counter) => (
              <option key={counter.id} value={counter.id}>
                {counter.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <HistoryToolbar filters={filters} onFilters={changeFilters} onClear={() => changeFilters(NO_FILTERS)} terminals={terminals} />
      <CommandNote command={command.command} reference={command.reference} counters={counters} error={command.error?.message} />
      {page.error === null ? null : (
        <p className="store-error" role="alert">
          {page.error.message}
        </p>
      )}
      <div className="store-table-wrap">
        <table className="store-table" data-testid="store-table">
          <thead>
            <tr>
              <th scope="col">{t('store.counter')}</th>
              {COLUMNS.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  aria-sort={column.field === sort.field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.field === null ? (
                    m(column.label)
                  ) : (
                    <button type="button" className="store-sort" onClick={() => setSort((current) => nextSort(current, column.field ?? 'createdAt'))}>
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
            {(page.data?.items ?? []).map((print) => (
              <tr key={`${print.counterId}/${print.id}`} data-testid="store-row" data-reference={print.externalReference} data-counter={print.counterId}>
                <td>
                  {print.counterName}
                  {print.counterId === ownCounterId ? <span className="hint"> ({t('store.you')})</span> : null}
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
                    onClick={() => setOpened(print)}
                    data-testid="store-open"
                  >
                    {print.externalReference}
                  </button>
                </td>
                <td>
                  <StatusPill status={print.status} />
                </td>
                <td title={print.lastError?.code}>{lastErrorText(print, language)}</td>
                <td>
                  <div className="store-actions">
                    <button type="button" className="button" onClick={() => ask(print, 'reprint')} data-testid="store-reprint">
                      {t('store.reprint')}
                    </button>
                    {isFinalPrintStatus(print.status) ? null : (
                      <button type="button" className="button" onClick={() => ask(print, 'cancel')} data-testid="store-cancel">
                        {t('store.cancel')}
                      </button>
                    )}
                    {online.get(print.counterId) === false ? <span className="store-chip store-chip-off">{t('store.offline')}</span> : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {page.data !== undefined && page.data.items.length === 0 ? <p className="hint">{t('store.empty')}</p> : null}
      </div>
      <nav className="store-pager" aria-label={fillMessage(t('store.page'), { page: pageIndex + 1 })}>
        <button type="button" className="button" disabled={pageIndex === 0} onClick={() => setPageIndex(pageIndex - 1)}>
          {t('store.previous')}
        </button>
        <span>{fillMessage(t('store.page'), { page: pageIndex + 1 })}</span>
        <button type="button" className="button" disabled={pageIndex >= lastPage} onClick={() => setPageIndex(pageIndex + 1)} data-testid="store-next">
          {t('store.next')}
        </button>
      </nav>
      {opened === undefined ? null : (
        <StorePrintDrawer
          key={`${opened.counterId}/${opened.id}`}
          print={opened}
          ownCounterId={ownCounterId}
          terminals={terminals}
          onAsk={ask}
          onClose={closeDrawer}
        />
      )}
    </section>
  );
}

function CommandNote(props: { command: StoreCommand | undefined; reference: string; counters: StoreBoard['counters']; error: string | undefined }) {
  const t = useFeatureT(storeViewMessages);
  const { command } = props;
  if (props.error !== undefined)
    return (
      <p className="store-error" role="alert">
        {props.error}
      </p>
    );
  if (command === undefined) return null;
  const counter = props.counters.find((candidate) => candidate.id === command.counterId)?.name ?? command.counterId;
  const values = { counter, action: t(command.kind === 'reprint' ? 'action.reprint' : 'action.cancel'), reference: props.reference };
  let text: string;
  if (command.state === 'pending') text = fillMessage(t(command.counterOnline ? 'command.pending' : 'command.pendingOffline'), values);
  else if (command.state === 'claimed') text = fillMessage(t('command.claimed'), values);
  else if (command.result?.ok === false) text = fillMessage(t('command.failed'), { ...values, message: command.result.message });
  else text = fillMessage(t('command.done'), values);
  return (
    <p className="store-command" role="status" data-testid="store-command" data-state={command.state} data-online={String(command.counterOnline)}>
      {text}
    </p>
  );
}
