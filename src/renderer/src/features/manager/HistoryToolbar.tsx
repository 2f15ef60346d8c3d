import { memo, useId } from 'react';
import type { TerminalCard } from '../../../../shared/ipc/channels/manager';
import { PrintSubtype } from '../../../../shared/platform/terminal-actions';
import { useFeatureT } from '../../i18n';
import { useStaffStatus } from '../../api/staff';
import { ALL_STATUSES, isDateRangeInverted, SEARCH_MAX_CHARS, toggleStatus, type HistoryFilters } from './filters';
import { managerMessages } from './messages';
import { useTerminalLabel, withTerminalId } from '../../api/terminal-names';
import { DateField } from '../../components/date-field/DateField';
import { PersonSelect } from '../../components/staff/PersonSelect';

interface HistoryToolbarProps {
  filters: HistoryFilters;
  onFilters(patch: Partial<HistoryFilters>): void;
  onClear(): void;
  terminals: readonly TerminalCard[];
}

/** The table's question: which terminal, statuses, kind, days and reference. Every choice is answered by main. */
export const HistoryToolbar = memo(function HistoryToolbar({ filters, onFilters, onClear, terminals }: HistoryToolbarProps) {
  const t = useFeatureT(managerMessages);
  const people = useStaffStatus().data?.people ?? [];
  const label = useTerminalLabel();
  const inverted = isDateRangeInverted(filters);
  const rangeProblemId = useId();
  const rangeProblem = inverted ? { 'aria-invalid': true, 'aria-describedby': rangeProblemId } : {};
  return (
    <div className="history-filters" role="search" aria-label={t('history.title')}>
      <div className="filter-row">
        <label className="filter filter-search">
          <span className="filter-label">{t('term.reference')}</span>
          <input
            type="search"
            className="mono"
            value={filters.search}
            maxLength={SEARCH_MAX_CHARS}
            placeholder={t('filter.searchPlaceholder')}
            spellCheck={false}
            onChange={(event) => onFilters({ search: event.target.value })}
            data-testid="filter-search"
          />
        </label>
        <label className="filter">
          <span className="filter-label">{t('term.terminal')}</span>
          <select value={filters.terminalId} onChange={(event) => onFilters({ terminalId: event.target.value })} data-testid="filter-terminal">
            <option value="">{t('filter.allTerminals')}</option>
            {terminals.map((terminal) => (
              <option key={terminal.id} value={terminal.id}>
                {withTerminalId(label(terminal.id, terminal.name), terminal.id)}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span className="filter-label">{t('filter.person')}</span>
          <PersonSelect
            people={people}
            value={filters.personId}
            onChange={(personId) => onFilters({ personId })}
            everyone={t('filter.allPeople')}
            testId="filter-person"
          />
        </label>
        <label className="filter">
          <span className="filter-label">{t('filter.subtype')}</span>
          <select
            value={filters.subtype}
            onChange={(event) => onFilters({ subtype: PrintSubtype.safeParse(event.target.value).data ?? '' })}
            data-testid="filter-subtype"
          >
            <option value="">{t('filter.allSubtypes')}</option>
            {PrintSubtype.options.map((subtype) => (
              <option key={subtype} value={subtype}>
                {t(`subtype.${subtype}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span className="filter-label">{t('filter.from')}</span>
          <DateField kind="date" value={filters.from} onChange={(from) => onFilters({ from })} data-testid="filter-from" {...rangeProblem} />
        </label>
        <label className="filter">
          <span className="filter-label">{t('filter.to')}</span>
          <DateField kind="date" value={filters.to} onChange={(to) => onFilters({ to })} data-testid="filter-to" {...rangeProblem} />
        </label>
      </div>
      {inverted && (
        <p className="filter-problem" id={rangeProblemId} role="alert" data-testid="filter-range-problem">
          {t('filter.rangeInverted')}
        </p>
      )}
      <div className="filter-row">
        <fieldset className="filter-statuses" data-testid="filter-status">
          <legend className="filter-label">{t('filter.status')}</legend>
          {ALL_STATUSES.map((status) => (
            <label key={status} className="status-toggle">
              <input
                type="checkbox"
                checked={filters.statuses.includes(status)}
                onChange={() => onFilters({ statuses: toggleStatus(filters.statuses, status) })}
                data-status={status}
              />
              <span>{t(`printStatus.${status}`)}</span>
            </label>
          ))}
        </fieldset>
        <span className="spacer" />
        <button type="button" className="button button-quiet filter-clear" onClick={onClear} data-testid="filter-clear">
          {t('filter.clear')}
        </button>
      </div>
    </div>
  );
});
