import { useCallback, useMemo, useState } from 'react';
import type { StoreBoard, StorePrintSummary, StorePrintsRequest } from '../../../../../shared/ipc/channels/store';
import { useContractMutation } from '../../../api/hooks';
import { fillMessage, useFeatureT, useLanguage } from '../../../i18n';
import { downloadText, exportFileName } from '../download';
import { DEFAULT_SORT, filterRequest, NO_FILTERS, type HistoryFilters, type HistorySort } from '../filters';
import { formatCount } from '../format';
import { managerMessages } from '../messages';
import { STORE_PAGE_SIZE, useStoreCommand, useStorePrints } from './api';
import { storeViewMessages } from './messages';

export type StoreAsk = (print: StorePrintSummary, kind: 'reprint' | 'cancel') => void;

/** The whole store's history as a CSV download, with a note of how many rows it holds (or why it failed). */
function useStoreExport(request: Pick<StorePrintsRequest, 'filters' | 'sort'>) {
  const t = useFeatureT(storeViewMessages);
  const m = useFeatureT(managerMessages);
  const language = useLanguage();
  const exportCsv = useContractMutation('store.export');
  const [note, setNote] = useState('');
  const run = () =>
    exportCsv.mutate(request, {
      onSuccess: ({ csv, rows, capped }) => {
        downloadText(csv, `store-${exportFileName(new Date())}`, 'text/csv;charset=utf-8');
        setNote(fillMessage(m('export.done'), { count: formatCount(rows, language) }) + (capped ? ` ${t('store.exportCapped')}` : ''));
      },
      onError: (error) => setNote(error.message),
    });
  return { run, pending: exportCsv.isPending, note };
}

/**
 * What the whole store's history shows and asks: its filters (with the counter), sort and page, the page
 * read from the store database, the print opened in the drawer, the export, and the reprint or cancel
 * asked of the counter that owns a print. A new filter goes back to the first page.
 */
export function useStoreHistory(counters: StoreBoard['counters']) {
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [counterId, setCounterIdOnly] = useState('');
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
  const lastPage = Math.max(0, Math.ceil((page.data?.total ?? 0) / STORE_PAGE_SIZE) - 1);
  const changeFilters = (patch: Partial<HistoryFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPageIndex(0);
  };
  const setCounterId = (id: string) => {
    setCounterIdOnly(id);
    setPageIndex(0);
  };
  const exported = useStoreExport({ filters: request.filters, sort });
  const ask: StoreAsk = (print, kind) => command.run({ kind, counterId: print.counterId, printId: print.id }, print.externalReference);
  return {
    filters,
    changeFilters,
    counterId,
    setCounterId,
    sort,
    setSort,
    pageIndex,
    setPageIndex,
    lastPage,
    page,
    online,
    opened,
    setOpened,
    closeDrawer,
    command,
    exported,
    ask,
  };
}
