import { memo, useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PrintSummary } from '../../../../shared/ipc/channels/prints';
import { lastErrorText } from '../../../../shared/i18n/print-errors';
import { type CommonKey, fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { PAGE_SIZE, usePrintRows } from './api';
import { isSortField, type HistoryFilterRequest, type HistorySort, type SortField } from './filters';
import { printCount, rowTime } from './format';
import { managerMessages, type ManagerMessageKey } from './messages';
import { StatusPill } from './StatusPill';

/** Fixed heights: rows are never measured, so 100,000 of them cost what a screenful does. */
const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 42;
const OVERSCAN = 12;
/** Rows asked for before the table knows its height: more than any screen shows. */
const FIRST_ROWS = 60;

interface Column {
  id: 'time' | 'terminal' | 'subtype' | 'reference' | 'status' | 'attempts' | 'person' | 'error';
  label: ManagerMessageKey | CommonKey;
  /** The field main would sort this column by; sortable only where prints.list accepts it. */
  sort: string;
}

const COLUMNS: readonly Column[] = [
  { id: 'time', label: 'column.time', sort: 'createdAt' },
  { id: 'terminal', label: 'term.terminal', sort: 'terminalId' },
  { id: 'subtype', label: 'column.subtype', sort: 'subtype' },
  { id: 'reference', label: 'term.reference', sort: 'externalReference' },
  { id: 'status', label: 'column.status', sort: 'status' },
  { id: 'attempts', label: 'column.attempts', sort: 'attempts' },
  { id: 'person', label: 'column.person', sort: 'person' },
  { id: 'error', label: 'column.error', sort: 'lastError' },
];

/** Who made the print, and who approved it, as one line (the full text also in the cell's title). */
function madeByText(print: PrintSummary, t: (key: ManagerMessageKey) => string): string {
  const madeBy = print.madeBy ?? null;
  if (madeBy === null) return '—';
  return madeBy.approvedByName === null ? madeBy.personName : `${madeBy.personName}, ${fillMessage(t('column.approvedBy'), { name: madeBy.approvedByName })}`;
}

interface RowProps {
  index: number;
  start: number;
  print: PrintSummary | undefined;
  focusable: boolean;
  open: boolean;
  terminalName: string | undefined;
}

const Row = memo(function Row({ index, start, print, focusable, open, terminalName }: RowProps) {
  const t = useFeatureT(managerMessages);
  const language = useLanguage();
  const style = { transform: `translateY(${start}px)` };
  if (print === undefined) {
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        className="ph-row ph-body-row ph-row-loading"
        style={style}
        tabIndex={focusable ? 0 : -1}
        data-index={index}
        data-testid="print-row"
        aria-busy="true"
      >
        {COLUMNS.map((column) => (
          <div role="cell" key={column.id} className={`ph-cell ph-${column.id}`}>
            <span className="ph-skeleton" />
          </div>
        ))}
      </div>
    );
  }
  // From the code in the screen's language: main's text keeps the language it was written in.
  const error = lastErrorText(print, language);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-current={open ? 'true' : undefined}
      className={`ph-row ph-body-row${open ? ' ph-row-open' : ''}`}
      style={style}
      tabIndex={focusable ? 0 : -1}
      data-index={index}
      data-id={print.id}
      data-reference={print.externalReference}
      data-testid="print-row"
    >
      <div role="cell" className="ph-cell ph-time mono">
        <time dateTime={print.createdAt}>{rowTime(print.createdAt, language)}</time>
      </div>
      <div role="cell" className="ph-cell ph-terminal" title={print.terminalId} data-terminal={print.terminalId}>
        {terminalName ?? print.terminalId}
      </div>
      <div role="cell" className="ph-cell ph-subtype">
        {t(`subtype.${print.subtype}`)}
      </div>
      <div role="cell" className="ph-cell ph-reference mono">
        {print.externalReference}
        {print.reprintOf === null ? null : (
          <span className="ph-reprint" title={t('drawer.reprintOf')}>
            {' '}
            ↻
          </span>
        )}
      </div>
      <div role="cell" className="ph-cell ph-status">
        <StatusPill status={print.status} />
      </div>
      <div role="cell" className="ph-cell ph-attempts mono">
        {print.attempts}
      </div>
      <div
        role="cell"
        className="ph-cell ph-person"
        title={print.madeBy === null || print.madeBy === undefined ? t('column.nobody') : madeByText(print, t)}
        data-testid="print-person"
        data-person={print.madeBy?.personId ?? ''}
      >
        {madeByText(print, t)}
      </div>
      {/* The cashier's message, as the Counter screen shows it; the code stays at hand in the tooltip and the CSV. */}
      <div
        role="cell"
        className="ph-cell ph-error"
        title={print.lastError === null ? undefined : `${error} (${print.lastError.code})`}
        data-code={print.lastError?.code}
      >
        {error}
      </div>
    </div>
  );
});

interface PrintTableProps {
  filters: HistoryFilterRequest;
  sort: HistorySort;
  onSort(field: SortField): void;
  openId: string | undefined;
  onOpen(id: string): void;
  terminalNames: ReadonlyMap<string, string>;
  /** The hint that tells how to move through the rows with the keyboard. */
  describedBy: string;
}

function ariaSort(sort: HistorySort, field: string): 'ascending' | 'descending' | 'none' | undefined {
  if (!isSortField(field)) return undefined;
  if (sort.field !== field) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * Every print in the journal as one scrolling table, virtualized: only the rows in view (and a few
 * around them) exist in the page, and only their pages are asked of main. One row is in the tab order
 * at a time (arrows move it, Enter opens the print), as in a listbox.
 */
export const PrintTable = memo(function PrintTable({ filters, sort, onSort, openId, onOpen, terminalNames, describedBy }: PrintTableProps) {
  const t = useFeatureT(managerMessages);
  const language = useLanguage();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState({ first: 0, last: FIRST_ROWS });
  const rows = usePrintRows(filters, sort, inView.first, inView.last);
  const total = rows.total ?? 0;
  const [active, setActive] = useState(0);
  const activeRow = Math.min(active, Math.max(0, total - 1));
  const pendingFocus = useRef<number | undefined>(undefined);

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    paddingStart: HEADER_HEIGHT,
    onChange: (instance) => {
      const range = instance.range;
      if (range === null) return;
      const first = Math.max(0, range.startIndex - OVERSCAN);
      const last = range.endIndex + OVERSCAN;
      // Only a change of page matters to the queries: the state stays put (no render) within a page.
      setInView((current) =>
        Math.floor(current.first / PAGE_SIZE) === Math.floor(first / PAGE_SIZE) && Math.floor(current.last / PAGE_SIZE) === Math.floor(last / PAGE_SIZE)
          ? current
          : { first, last },
      );
    },
  });

  // New filters or order: back to the top, where their first page is.
  const queryKey = JSON.stringify([filters, sort]);
  useLayoutEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [queryKey]);

  // Focus follows the active row once it exists (after a scroll to it has rendered it).
  useLayoutEffect(() => {
    if (pendingFocus.current === undefined) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${pendingFocus.current}"]`);
    if (row === null || row === undefined) return;
    row.focus({ preventScroll: true });
    pendingFocus.current = undefined;
  });

  const moveTo = useCallback(
    (index: number) => {
      if (total === 0) return;
      const next = Math.max(0, Math.min(total - 1, index));
      setActive(next);
      pendingFocus.current = next;
      virtualizer.scrollToIndex(next, { align: 'auto' });
    },
    [total, virtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-testid="print-row"]') : null;
    if (target === null) return;
    const index = Number(target.dataset['index']);
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, PageDown: index + page, PageUp: index - page, Home: 0, End: total - 1 };
    const destination = moves[event.key];
    if (destination !== undefined) {
      event.preventDefault();
      moveTo(destination);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const id = target.dataset['id'];
      if (id !== undefined) onOpen(id);
    }
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-testid="print-row"]') : null;
    const id = target?.dataset['id'];
    if (target === null || id === undefined) return;
    setActive(Number(target.dataset['index']));
    onOpen(id);
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div className="ph-frame">
      <p className="history-count" role="status" data-testid="history-count">
        {rows.total === undefined ? t('history.loading') : printCount(rows.total, language, t)}
      </p>
      {rows.error === null ? null : <p className="notice notice-bad">{rows.error.message}</p>}
      <div className="ph-scroll" ref={scrollRef} data-testid="print-table-scroll">
        <div
          role="table"
          aria-label={t('history.table')}
          aria-describedby={describedBy}
          aria-rowcount={total + 1}
          aria-colcount={COLUMNS.length}
          aria-busy={rows.fetching}
          className={`ph-table${rows.previous ? ' ph-table-previous' : ''}`}
          style={{ height: virtualizer.getTotalSize() }}
          data-testid="print-table"
          data-total={rows.total ?? ''}
          data-previous={rows.previous}
        >
          <div role="rowgroup" className="ph-head">
            <div role="row" aria-rowindex={1} className="ph-row ph-header-row">
              {COLUMNS.map((column) => {
                const label = t(column.label);
                return (
                  <div role="columnheader" key={column.id} className={`ph-cell ph-${column.id}`} aria-sort={ariaSort(sort, column.sort)} title={label}>
                    {isSortField(column.sort) ? (
                      <button
                        type="button"
                        className="ph-sort"
                        onClick={() => (isSortField(column.sort) ? onSort(column.sort) : undefined)}
                        title={fillMessage(t('column.sortBy'), { column: label })}
                        data-testid={`sort-${column.id}`}
                      >
                        {label}
                        <span className="ph-sort-mark" aria-hidden="true">
                          {sort.field === column.sort ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      label
                    )}
                  </div>
                );
              })}
            </div>
          </div>
          <div role="rowgroup" className="ph-body" onKeyDown={onKeyDown} onClick={onClick}>
            {items.map((item) => {
              const print = rows.rowAt(item.index);
              return (
                <Row
                  key={item.key}
                  index={item.index}
                  start={item.start}
                  print={print}
                  focusable={item.index === activeRow}
                  open={print !== undefined && print.id === openId}
                  terminalName={print === undefined ? undefined : terminalNames.get(print.terminalId)}
                />
              );
            })}
          </div>
        </div>
        {rows.total === 0 ? <p className="ph-empty">{t('history.empty')}</p> : null}
      </div>
    </div>
  );
});
