import { useCallback, useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ManagerBoard, TerminalAnswered } from '../../../../shared/ipc/channels/manager';
import type { PrintPage, PrintSummary } from '../../../../shared/ipc/channels/prints';
import { call, type CallError } from '../../api/bridge';
import { queryKeyOf, useContractEvent, useContractQuery } from '../../api/hooks';
import type { HistoryFilterRequest, HistorySort } from './filters';

/** Rows per prints.list call: the contract's maximum, so a screenful and its neighbours are one request. */
export const PAGE_SIZE = 200;
/** Pages scrolled away are dropped soon: 100,000 rows kept in memory would serve nobody. */
const PAGE_GC_MS = 30_000;
/** main's events come in bursts (a print moves through four statuses in seconds): one refresh per burst. */
const EVENT_BATCH_MS = 50;

const pageKey = (filters: HistoryFilterRequest, sort: HistorySort, index: number) =>
  queryKeyOf('prints.list', { filters, sort, page: { index, size: PAGE_SIZE } });

function pageQuery(filters: HistoryFilterRequest, sort: HistorySort, index: number) {
  return {
    queryKey: pageKey(filters, sort, index),
    queryFn: () => call('prints.list', { filters, sort, page: { index, size: PAGE_SIZE } }),
    // Fresh until main says otherwise (print.changed), never on a timer.
    staleTime: Infinity,
    gcTime: PAGE_GC_MS,
  };
}

export interface PrintRows {
  /** Matching prints in main, or undefined before the first answer. */
  total: number | undefined;
  /** The row at an index, undefined while its page is on its way. */
  rowAt(index: number): PrintSummary | undefined;
  /** True while the rows shown belong to the previous filters (the new ones are on their way). */
  previous: boolean;
  fetching: boolean;
  error: Error | null;
}

/**
 * The rows of the table for the rows in view, fetched from main a page at a time (filtering and sorting
 * are main's). The page holding the first row in view keeps showing its previous answer while new
 * filters are asked for, so a filter change swaps the rows in one step instead of blanking them.
 */
export function usePrintRows(filters: HistoryFilterRequest, sort: HistorySort, firstRow: number, lastRow: number): PrintRows {
  const anchorIndex = Math.floor(firstRow / PAGE_SIZE);
  const lastIndex = Math.max(anchorIndex, Math.floor(lastRow / PAGE_SIZE));
  const anchor = useQuery({ ...pageQuery(filters, sort, anchorIndex), placeholderData: keepPreviousData });
  const previous = anchor.isPlaceholderData;
  const otherIndexes: number[] = [];
  for (let index = anchorIndex + 1; index <= lastIndex; index++) otherIndexes.push(index);
  const others = useQueries({ queries: otherIndexes.map((index) => ({ ...pageQuery(filters, sort, index), enabled: !previous })) });

  const pages = new Map<number, PrintPage>();
  // A kept answer is shown only where it was a page of the same index (a scroll changes the index too).
  if (anchor.data !== undefined && (!previous || anchor.data.page.index === anchorIndex)) pages.set(anchorIndex, anchor.data);
  others.forEach((result, position) => {
    const index = otherIndexes[position];
    if (index !== undefined && result.data !== undefined) pages.set(index, result.data);
  });
  return {
    total: anchor.data?.total,
    rowAt: (row) => pages.get(Math.floor(row / PAGE_SIZE))?.items[row % PAGE_SIZE],
    previous,
    fetching: anchor.isFetching || others.some((result) => result.isFetching),
    error: anchor.error ?? others.find((result) => result.error !== null)?.error ?? null,
  };
}

export const useBoard = (failuresSince: string) =>
  useContractQuery('manager.board', { failuresSince }, { staleTime: Infinity, placeholderData: keepPreviousData });

export const usePrintDetail = (id: string) => useContractQuery('prints.get', { id, includeContent: false }, { staleTime: Infinity });
/** A print's content never changes, so it is read once per print. */
export const usePrintContent = (id: string) =>
  useQuery({
    queryKey: queryKeyOf('prints.get', { id, includeContent: true }),
    queryFn: () => call('prints.get', { id, includeContent: true }),
    staleTime: Infinity,
    gcTime: 60_000,
    select: (detail) => detail.content ?? '',
  });
export const usePrintLinks = (id: string) => useContractQuery('manager.printLinks', { id }, { staleTime: Infinity });
export const usePruneCount = (olderThanDays: number, enabled: boolean) =>
  useContractQuery('manager.pruneCount', { olderThanDays }, { enabled, staleTime: 0, gcTime: 0 });

export const useCancelPrint = () => useMutation<PrintSummary, CallError, string>({ mutationFn: (id) => call('prints.cancel', { id }) });
export const useReprint = () =>
  useMutation<PrintSummary, CallError, { id: string; terminalId?: string }>({ mutationFn: (request) => call('prints.reprint', request) });
export const useExportCsv = () =>
  useMutation({ mutationFn: (request: { filters: HistoryFilterRequest; sort: HistorySort }) => call('prints.export', request) });

export function usePrune() {
  const client = useQueryClient();
  return useMutation<{ removed: number }, CallError, number>({
    mutationFn: (olderThanDays) => call('prints.prune', { olderThanDays }),
    // Pruning raises no print.changed (nothing changed, prints went away): refresh what showed them.
    onSuccess: () => refreshManagerReads(client),
  });
}

const keyChannel = (key: QueryKey): unknown => key[0];
const keyRequest = (key: QueryKey): unknown => key[1];

function refreshManagerReads(client: QueryClient, changed?: ReadonlyMap<string, PrintSummary>): Promise<void> {
  return client.invalidateQueries({
    predicate: ({ queryKey }) => {
      const channel = keyChannel(queryKey);
      if (channel === 'prints.list' || channel === 'manager.board' || channel === 'manager.pruneCount') return true;
      const request = keyRequest(queryKey);
      const id = typeof request === 'object' && request !== null && 'id' in request ? request.id : undefined;
      if (typeof id !== 'string') return false;
      if (changed === undefined) return channel === 'prints.get' || channel === 'manager.printLinks';
      // A detail refreshes when its print changed; links also when a reprint of it appeared.
      if (channel === 'prints.get') return changed.has(id) && !(request as { includeContent?: boolean }).includeContent;
      if (channel === 'manager.printLinks') return changed.has(id) || [...changed.values()].some((print) => print.reprintOf === id);
      return false;
    },
  });
}

/**
 * Keeps every manager read current from main's events alone: print.changed refreshes what a change can
 * touch (batched per burst), terminal.answered moves a card's "last answered" in place, and a settings
 * change (another environment, another language of messages) refreshes everything.
 */
export function useManagerLiveUpdates(): void {
  const client = useQueryClient();
  const pending = useRef(new Map<string, PrintSummary>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      if (timer.current !== undefined) clearTimeout(timer.current);
    },
    [],
  );

  const onPrintChanged = useCallback(
    (print: PrintSummary) => {
      pending.current.set(print.id, print);
      timer.current ??= setTimeout(() => {
        timer.current = undefined;
        const changed = pending.current;
        pending.current = new Map();
        void refreshManagerReads(client, changed);
      }, EVENT_BATCH_MS);
    },
    [client],
  );
  const onAnswered = useCallback(
    (answer: TerminalAnswered) => {
      client.setQueriesData<ManagerBoard>({ queryKey: ['manager.board'] }, (board) => {
        if (board === undefined) return board;
        const card = board.terminals.find((candidate) => candidate.id === answer.terminalId);
        if (card === undefined || (card.lastAnsweredAt !== null && card.lastAnsweredAt >= answer.at)) return board;
        return { ...board, terminals: board.terminals.map((candidate) => (candidate === card ? { ...card, lastAnsweredAt: answer.at } : candidate)) };
      });
    },
    [client],
  );
  const onSettings = useCallback(() => void refreshManagerReads(client), [client]);

  useContractEvent('print.changed', onPrintChanged);
  useContractEvent('terminal.answered', onAnswered);
  useContractEvent('settings.changed', onSettings);
}
