import type { TerminalCard } from '../../../../../shared/ipc/channels/manager';
import type { StoreBoard, StoreCommand, StorePrintPage } from '../../../../../shared/ipc/channels/store';
import { fillMessage, useFeatureT, useLanguage } from '../../../i18n';
import { NO_FILTERS } from '../filters';
import { formatCount } from '../format';
import { HistoryToolbar } from '../HistoryToolbar';
import { managerMessages } from '../messages';
import { storeViewMessages } from './messages';
import { StorePrintDrawer } from './StorePrintDrawer';
import { StoreTable } from './StoreTable';
import { useStoreHistory } from './use-store-history';

/** How many prints match, said as "capped" past the most the store database counts. */
function CountNote({ page }: { page: StorePrintPage | undefined }) {
  const t = useFeatureT(storeViewMessages);
  const language = useLanguage();
  return (
    <span className="history-note" data-testid="store-count">
      {page === undefined
        ? ''
        : page.total === 1 && !page.totalCapped
          ? t('store.countOne')
          : fillMessage(t(page.totalCapped ? 'store.countCapped' : 'store.count'), { count: formatCount(page.total, language) })}
    </span>
  );
}

function CounterFilter(props: { counterId: string; onCounterId(id: string): void; counters: StoreBoard['counters'] }) {
  const t = useFeatureT(storeViewMessages);
  return (
    <div className="store-filter-row">
      <label className="filter">
        <span className="filter-label">{t('store.counter')}</span>
        <select value={props.counterId} onChange={(event) => props.onCounterId(event.target.value)} data-testid="store-filter-counter">
          <option value="">{t('store.allCounters')}</option>
          {props.counters.map((counter) => (
            <option key={counter.id} value={counter.id}>
              {counter.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Pager({ pageIndex, lastPage, onPage }: { pageIndex: number; lastPage: number; onPage(index: number): void }) {
  const t = useFeatureT(storeViewMessages);
  return (
    <nav className="store-pager" aria-label={fillMessage(t('store.page'), { page: pageIndex + 1 })}>
      <button type="button" className="button" disabled={pageIndex === 0} onClick={() => onPage(pageIndex - 1)}>
        {t('store.previous')}
      </button>
      <span>{fillMessage(t('store.page'), { page: pageIndex + 1 })}</span>
      <button type="button" className="button" disabled={pageIndex >= lastPage} onClick={() => onPage(pageIndex + 1)} data-testid="store-next">
        {t('store.next')}
      </button>
    </nav>
  );
}

/** Where a reprint or cancel asked of another counter stands: waiting (for a counter offline), taken, done or failed. */
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
  else if (command.result?.ok === false)
    // A refusal's reason is the counter's own check (for IT, in English); the sentence around it is the reader's.
    text = fillMessage(t(command.result.code === 'command_refused' ? 'command.refused' : 'command.failed'), { ...values, message: command.result.message });
  else text = fillMessage(t('command.done'), values);
  return (
    <p className="store-command" role="status" data-testid="store-command" data-state={command.state} data-online={String(command.counterOnline)}>
      {text}
    </p>
  );
}

interface StoreHistoryProps {
  terminals: readonly TerminalCard[];
  names: ReadonlyMap<string, string>;
  counters: StoreBoard['counters'];
  ownCounterId: string | undefined;
}

/** Every counter's prints from the store database, filtered, sorted and paged by the server, each open to its drawer. */
export function StoreHistory({ terminals, names, counters, ownCounterId }: StoreHistoryProps) {
  const t = useFeatureT(storeViewMessages);
  const m = useFeatureT(managerMessages);
  const history = useStoreHistory(counters);
  const { page, command, exported, opened } = history;
  return (
    <section className="manager-history store-history" aria-labelledby="store-history-title">
      <div className="history-header">
        <h2 id="store-history-title" className="manager-section-title">
          {t('store.history')}
        </h2>
        <span className="spacer" />
        <span className="history-note" role="status" data-testid="store-export-note">
          {exported.note}
        </span>
        <button type="button" className="button" onClick={exported.run} disabled={exported.pending} data-testid="store-export">
          {exported.pending ? m('export.working') : m('export.button')}
        </button>
        <CountNote page={page.data} />
      </div>
      <CounterFilter counterId={history.counterId} onCounterId={history.setCounterId} counters={counters} />
      <HistoryToolbar filters={history.filters} onFilters={history.changeFilters} onClear={() => history.changeFilters(NO_FILTERS)} terminals={terminals} />
      <CommandNote command={command.command} reference={command.reference} counters={counters} error={command.error?.message} />
      {page.error === null ? null : (
        <p className="store-error" role="alert">
          {page.error.message}
        </p>
      )}
      <StoreTable
        rows={page.data?.items}
        sort={history.sort}
        onSort={history.setSort}
        names={names}
        ownCounterId={ownCounterId}
        online={history.online}
        onOpen={history.setOpened}
        onAsk={history.ask}
      />
      <Pager pageIndex={history.pageIndex} lastPage={history.lastPage} onPage={history.setPageIndex} />
      {opened === undefined ? null : (
        <StorePrintDrawer
          key={`${opened.counterId}/${opened.id}`}
          print={opened}
          ownCounterId={ownCounterId}
          terminals={terminals}
          onAsk={history.ask}
          onClose={history.closeDrawer}
        />
      )}
    </section>
  );
}
