import { PrintSortField, PrintStatus, type ListPrintsRequest } from '../../../../shared/ipc/channels/prints';
import type { PrintSubtype } from '../../../../shared/platform/terminal-actions';

/** What the manager picked above the table; empty means "any". Dates are the inputs' local `YYYY-MM-DD`. */
export interface HistoryFilters {
  terminalId: string;
  statuses: readonly PrintStatus[];
  subtype: PrintSubtype | '';
  from: string;
  to: string;
  search: string;
  /** A staff id: prints this person made. */
  personId: string;
}

export type HistoryFilterRequest = ListPrintsRequest['filters'];
export type HistorySort = ListPrintsRequest['sort'];
export type SortField = HistorySort['field'];

export const NO_FILTERS: HistoryFilters = { terminalId: '', statuses: [], subtype: '', from: '', to: '', search: '', personId: '' };
export const DEFAULT_SORT: HistorySort = { field: 'createdAt', direction: 'desc' };
export const ALL_STATUSES: readonly PrintStatus[] = PrintStatus.options;
/** The contract's limit on a search (ListPrintsRequest). */
export const SEARCH_MAX_CHARS = 64;

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a local calendar day, as an instant; undefined for anything but a valid YYYY-MM-DD. */
export function localDayStart(date: string, dayOffset = 0): string | undefined {
  const match = LOCAL_DATE.exec(date);
  if (match === null) return undefined;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + dayOffset);
  return Number.isNaN(day.getTime()) ? undefined : day.toISOString();
}

/** The start of today in the manager's time zone: "failures today" means the store's day. */
export function startOfLocalDay(now: Date): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

/**
 * The filters as prints.list takes them. "To" includes its whole day (the list's `to` is exclusive),
 * and only set fields are sent, so equal choices give equal query keys.
 */
export function filterRequest(filters: HistoryFilters): HistoryFilterRequest {
  const request: HistoryFilterRequest = {};
  if (filters.terminalId !== '') request.terminalId = filters.terminalId;
  // Every status ticked is the same question as none ticked; the shorter key shares the cache.
  if (filters.statuses.length > 0 && filters.statuses.length < ALL_STATUSES.length)
    request.status = ALL_STATUSES.filter((status) => filters.statuses.includes(status));
  if (filters.subtype !== '') request.subtype = filters.subtype;
  if (filters.personId !== '') request.personId = filters.personId;
  const from = localDayStart(filters.from);
  if (from !== undefined) request.from = from;
  const to = localDayStart(filters.to, 1);
  if (to !== undefined) request.to = to;
  const search = filters.search.trim().slice(0, SEARCH_MAX_CHARS);
  if (search !== '') request.search = search;
  return request;
}

/**
 * Whether "from" is a later day than "to": such a range holds no print, and saying so beats an empty table
 * that reads as a day without prints. Only two real days are compared; a half-typed one is the field's own problem.
 */
export function isDateRangeInverted(filters: Pick<HistoryFilters, 'from' | 'to'>): boolean {
  const from = localDayStart(filters.from);
  const to = localDayStart(filters.to);
  return from !== undefined && to !== undefined && from > to;
}

export function hasFilters(filters: HistoryFilters): boolean {
  return Object.keys(filterRequest(filters)).length > 0;
}

/** Whether main can sort by this column: the table offers sorting exactly where prints.list does. */
export function isSortField(field: string): field is SortField {
  return (PrintSortField.options as readonly string[]).includes(field);
}

/** A click on a column header: the same column turns its order around; another starts newest or A→Z first. */
export function nextSort(current: HistorySort, field: SortField): HistorySort {
  if (current.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: field === 'createdAt' || field === 'updatedAt' ? 'desc' : 'asc' };
}

export function toggleStatus(statuses: readonly PrintStatus[], status: PrintStatus): PrintStatus[] {
  return statuses.includes(status) ? statuses.filter((candidate) => candidate !== status) : [...statuses, status];
}
