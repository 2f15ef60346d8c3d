import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TerminalCard } from '../../../../shared/ipc/channels/manager';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { useBoard, useExportCsv, useManagerLiveUpdates } from './api';
import { downloadText, exportFileName } from './download';
import { DEFAULT_SORT, filterRequest, nextSort, NO_FILTERS, startOfLocalDay, type HistoryFilters, type HistorySort, type SortField } from './filters';
import { formatCount } from './format';
import { HistoryToolbar } from './HistoryToolbar';
import { managerMessages } from './messages';
import { PrintDrawer } from './PrintDrawer';
import { SalesPanel } from './SalesPanel';
import { AuditPanel } from '../../components/staff/AuditPanel';
import { useMay } from '../../api/staff';
import { PrintTable } from './PrintTable';
import { PruneDialog } from './PruneDialog';
import { TerminalBoard } from './TerminalBoard';
import { useTerminalLabel } from '../../api/terminal-names';
import './manager.css';
import { ScreenFrame } from '../../screens/ScreenFrame';
import { ScopeSwitch, useManagerScope } from './store/ScopeSwitch';
import { WholeStoreView } from './store/WholeStoreView';

/**
 * Typing in the search asks main at once, then at most every 150 ms while typing goes on, and once more
 * when it stops: the first letter answers without waiting, and fast typing does not flood main.
 */
const SEARCH_SETTLE_MS = 150;
const NO_TERMINALS: readonly TerminalCard[] = [];

/** The start of the manager's day, moved on at midnight (the board counts today's failures from it). */
function useLocalDayStart(): string {
  const [dayStart, setDayStart] = useState(() => startOfLocalDay(new Date()));
  useEffect(() => {
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const timer = setTimeout(() => setDayStart(startOfLocalDay(new Date())), tomorrow.getTime() - now.getTime() + 1_000);
    return () => clearTimeout(timer);
  }, [dayStart]);
  return dayStart;
}

/** The search sent to main trails the one typed by at most SEARCH_SETTLE_MS. */
function useSettledSearch(): { typed: string; settled: string; type(text: string): void; reset(): void } {
  const [typed, setTyped] = useState('');
  const [settled, setSettled] = useState('');
  const lastSent = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const send = useCallback((text: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    lastSent.current = performance.now();
    setSettled(text);
  }, []);
  const type = useCallback(
    (text: string) => {
      setTyped(text);
      if (performance.now() - lastSent.current >= SEARCH_SETTLE_MS) send(text);
      else {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => send(text), SEARCH_SETTLE_MS);
      }
    },
    [send],
  );
  const reset = useCallback(() => {
    setTyped('');
    send('');
  }, [send]);
  return { typed, settled, type, reset };
}

/** The store manager's screen: every terminal live, and every print of the journal, findable in seconds. */
export function ManagerScreen() {
  const t = useFeatureT(managerMessages);
  const language = useLanguage();
  useManagerLiveUpdates();
  const dayStart = useLocalDayStart();
  const board = useBoard(dayStart);
  const terminals = board.data?.terminals ?? NO_TERMINALS;
  const label = useTerminalLabel();
  const terminalNames = useMemo(() => new Map(terminals.map((card) => [card.id, label(card.id, card.name).text])), [terminals, label]);

  const [filters, setFilters] = useState<Omit<HistoryFilters, 'search'>>(NO_FILTERS);
  const search = useSettledSearch();
  const [sort, setSort] = useState<HistorySort>(DEFAULT_SORT);
  const requestFilters = useMemo(() => filterRequest({ ...filters, search: search.settled }), [filters, search.settled]);
  const shownFilters = useMemo<HistoryFilters>(() => ({ ...filters, search: search.typed }), [filters, search.typed]);
  const searchType = search.type;
  const changeFilters = useCallback(
    (patch: Partial<HistoryFilters>) => {
      const { search: text, ...rest } = patch;
      if (text !== undefined) searchType(text);
      if (Object.keys(rest).length > 0) setFilters((current) => ({ ...current, ...rest }));
    },
    [searchType],
  );
  const searchReset = search.reset;
  const clearFilters = useCallback(() => {
    setFilters(NO_FILTERS);
    searchReset();
  }, [searchReset]);
  const changeSort = useCallback((field: SortField) => setSort((current) => nextSort(current, field)), []);

  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const closeDrawer = useCallback(() => setOpenId(undefined), []);

  const exportCsv = useExportCsv();
  // Only what the signed-in person may do is offered (main refuses the rest anyway).
  const mayExport = useMay('exportCsv');
  const mayPrune = useMay('pruneHistory');
  const [note, setNote] = useState('');
  const exportRows = () =>
    exportCsv.mutate(
      { filters: requestFilters, sort },
      {
        onSuccess: ({ csv, rows }) => {
          downloadText(csv, exportFileName(new Date()), 'text/csv;charset=utf-8');
          setNote(fillMessage(t('export.done'), { count: formatCount(rows, language) }));
        },
        onError: (error) => setNote(error.message),
      },
    );

  const pruneRef = useRef<HTMLDialogElement>(null);
  const [pruneOpen, setPruneOpen] = useState(false);
  const openPrune = () => {
    setPruneOpen(true);
    pruneRef.current?.showModal();
  };
  const closePrune = useCallback(() => setPruneOpen(false), []);
  const pruned = useCallback((removed: number) => setNote(fillMessage(t('prune.done'), { count: formatCount(removed, language) })), [t, language]);

  const [scope, setScope] = useManagerScope();
  if (scope === 'store')
    return (
      <ScreenFrame screen="manager" className="manager-screen" headerClassName="manager-header" testId="manager-screen">
        <ScopeSwitch scope={scope} onScope={setScope} />
        <WholeStoreView dayStart={dayStart} terminals={terminals} />
      </ScreenFrame>
    );
  return (
    <ScreenFrame screen="manager" className="manager-screen" headerClassName="manager-header" testId="manager-screen">
      <ScopeSwitch scope={scope} onScope={setScope} />
      <TerminalBoard board={board.data} loading={board.isPending} error={board.error?.message} onOpenPrint={setOpenId} />
      <section className="manager-history" aria-labelledby="manager-history-title">
        <div className="history-header">
          <h2 id="manager-history-title" className="manager-section-title">
            {t('history.title')}
          </h2>
          <span className="spacer" />
          <span className="history-note" role="status" data-testid="history-note">
            {note}
          </span>
          {mayExport && (
            <button type="button" className="button" onClick={exportRows} disabled={exportCsv.isPending} data-testid="export-csv">
              {exportCsv.isPending ? t('export.working') : t('export.button')}
            </button>
          )}
          {mayPrune && (
            <button type="button" className="button" onClick={openPrune} data-testid="prune-open">
              {t('prune.button')}
            </button>
          )}
        </div>
        <HistoryToolbar filters={shownFilters} onFilters={changeFilters} onClear={clearFilters} terminals={terminals} />
        <p id="manager-history-keys" className="visually-hidden">
          {t('history.keys')}
        </p>
        <PrintTable
          filters={requestFilters}
          sort={sort}
          onSort={changeSort}
          openId={openId}
          onOpen={setOpenId}
          terminalNames={terminalNames}
          describedBy="manager-history-keys"
        />
      </section>
      <SalesPanel onOpenPrint={setOpenId} />
      <AuditPanel />
      {openId === undefined ? null : <PrintDrawer id={openId} terminals={terminals} onOpen={setOpenId} onClose={closeDrawer} />}
      <PruneDialog dialogRef={pruneRef} open={pruneOpen} onClosed={closePrune} onPruned={pruned} />
    </ScreenFrame>
  );
}
