import { describe, expect, it } from 'vitest';
import { ListPrintsRequest } from '../../../../shared/ipc/channels/prints';
import { ALL_STATUSES, filterRequest, hasFilters, isDateRangeInverted, isSortField, localDayStart, nextSort, NO_FILTERS, toggleStatus } from './filters';

describe('manager filters', () => {
  it('sends nothing for no choices, so "everything" shares one query key', () => {
    expect(filterRequest(NO_FILTERS)).toEqual({});
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(filterRequest({ ...NO_FILTERS, statuses: ALL_STATUSES, search: '   ' })).toEqual({});
  });

  it('sends the statuses in a fixed order, whatever order they were ticked in', () => {
    expect(filterRequest({ ...NO_FILTERS, statuses: ['failed', 'queued'] }).status).toEqual(['queued', 'failed']);
  });

  it('makes "to" include its whole local day, and "from" start at local midnight', () => {
    const request = filterRequest({ ...NO_FILTERS, from: '2026-01-15', to: '2026-01-15' });
    expect(request.from).toBe(new Date(2026, 0, 15).toISOString());
    expect(request.to).toBe(new Date(2026, 0, 16).toISOString());
    expect(localDayStart('2026-01-31', 1)).toBe(new Date(2026, 1, 1).toISOString());
    expect(localDayStart('')).toBeUndefined();
    expect(localDayStart('15/01/2026')).toBeUndefined();
  });

  it('calls a "from" after the "to" inverted, and nothing else: one day, one side or a half-typed date is fine', () => {
    expect(isDateRangeInverted({ from: '2026-03-02', to: '2026-03-01' })).toBe(true);
    expect(isDateRangeInverted({ from: '2026-01-01', to: '2025-12-31' })).toBe(true);
    expect(isDateRangeInverted({ from: '2026-03-01', to: '2026-03-01' })).toBe(false);
    expect(isDateRangeInverted({ from: '2026-03-01', to: '2026-03-02' })).toBe(false);
    expect(isDateRangeInverted({ from: '2026-03-02', to: '' })).toBe(false);
    expect(isDateRangeInverted({ from: '', to: '2026-03-01' })).toBe(false);
    expect(isDateRangeInverted({ from: '2026-03-02', to: '2026-03' })).toBe(false);
  });

  it('trims the search and keeps it within the contract’s limit', () => {
    const request = filterRequest({ ...NO_FILTERS, search: `  ${'A'.repeat(80)} ` });
    expect(request.search).toHaveLength(64);
    expect(() => ListPrintsRequest.parse({ filters: request })).not.toThrow();
  });

  it('gives prints.list only what it accepts', () => {
    const request = filterRequest({
      terminalId: 'NEWLAND_N950__SBX0000002',
      statuses: ['processed'],
      subtype: 'invoice',
      from: '2026-01-01',
      to: '2026-01-31',
      search: 'ctr-2026',
      personId: 'person-1',
    });
    expect(request.personId).toBe('person-1');
    expect(ListPrintsRequest.parse({ filters: request }).filters).toEqual(request);
  });

  it('sorts a new column newest or A→Z first, and turns the same column around', () => {
    expect(nextSort({ field: 'createdAt', direction: 'desc' }, 'createdAt')).toEqual({ field: 'createdAt', direction: 'asc' });
    expect(nextSort({ field: 'createdAt', direction: 'desc' }, 'externalReference')).toEqual({ field: 'externalReference', direction: 'asc' });
    expect(nextSort({ field: 'status', direction: 'asc' }, 'updatedAt')).toEqual({ field: 'updatedAt', direction: 'desc' });
  });

  it('offers sorting exactly on the fields main sorts by', () => {
    expect(isSortField('createdAt')).toBe(true);
    expect(isSortField('externalReference')).toBe(true);
    expect(isSortField('no_such_field')).toBe(false);
  });

  it('ticks and unticks a status', () => {
    expect(toggleStatus(['queued'], 'failed')).toEqual(['queued', 'failed']);
    expect(toggleStatus(['queued', 'failed'], 'queued')).toEqual(['failed']);
  });
});
