import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PrintStatus, PrintSummary } from '../../../../shared/ipc/channels/prints';
import { UNFINISHED_PRINT_STATUSES } from '../../../../shared/lifecycle/print';
import { useContractEvent, useContractQuery } from '../../api/hooks';
import { useTerminalLabel } from '../../api/terminal-names';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatRecent } from '../../lib/datetime';
import { PrintTimeline } from '../../components/print-timeline/PrintTimeline';
import { queueMessages } from './messages';
import './queue.css';
import { ScreenFrame } from '../../screens/ScreenFrame';

const FINISHED: PrintStatus[] = ['processed', 'failed', 'canceled'];
const RECENT_COUNT = 20;
/** The contract's largest page: a terminal queue longer than this is a problem the Manager screen shows better. */
const ACTIVE_LIMIT = 200;

interface TerminalGroup {
  terminalId: string;
  /** Oldest first: the order the terminal takes them in. */
  active: PrintSummary[];
  /** Newest first. */
  finished: PrintSummary[];
}

function groupByTerminal(active: readonly PrintSummary[], finished: readonly PrintSummary[]): TerminalGroup[] {
  const groups = new Map<string, TerminalGroup>();
  const groupOf = (terminalId: string): TerminalGroup => {
    let group = groups.get(terminalId);
    if (group === undefined) {
      group = { terminalId, active: [], finished: [] };
      groups.set(terminalId, group);
    }
    return group;
  };
  for (const print of active) groupOf(print.terminalId).active.push(print);
  for (const print of finished) groupOf(print.terminalId).finished.push(print);
  // Terminals with something on the way come first: that is what the cashier is watching.
  return [...groups.values()].sort((a, b) => Number(b.active.length > 0) - Number(a.active.length > 0) || a.terminalId.localeCompare(b.terminalId));
}

function usePrintLists() {
  const client = useQueryClient();
  const active = useContractQuery(
    'prints.list',
    { filters: { status: [...UNFINISHED_PRINT_STATUSES] }, sort: { field: 'createdAt', direction: 'asc' }, page: { index: 0, size: ACTIVE_LIMIT } },
    // Fresh until main says a print changed: no timer, no refetch on focus.
    { staleTime: Infinity },
  );
  const finished = useContractQuery(
    'prints.list',
    { filters: { status: FINISHED }, sort: { field: 'updatedAt', direction: 'desc' }, page: { index: 0, size: RECENT_COUNT } },
    { staleTime: Infinity },
  );
  const [lastChange, setLastChange] = useState<PrintSummary | undefined>(undefined);
  const onChanged = useCallback(
    (print: PrintSummary) => {
      setLastChange(print);
      // A change can move a print between the two lists, so both are read again rather than patched.
      void client.invalidateQueries({ queryKey: ['prints.list'] });
    },
    [client],
  );
  useContractEvent('print.changed', onChanged);
  return { active, finished, lastChange };
}

function PrintRow({ print, behind, finished }: { print: PrintSummary; behind: PrintSummary | undefined; finished: boolean }) {
  const t = useFeatureT(queueMessages);
  const language = useLanguage();
  const time = formatRecent(finished ? print.updatedAt : print.createdAt, language);
  return (
    <li className="queue-row" data-testid="queue-row" data-reference={print.externalReference} data-status={print.status}>
      <div className="queue-row-what">
        <span className="queue-reference">{print.externalReference}</span>
        <span className="queue-meta">
          {t(`subtype.${print.subtype}`)} ·{' '}
          <time dateTime={finished ? print.updatedAt : print.createdAt}>{fillMessage(t(finished ? 'finishedAt' : 'queuedAt'), { time })}</time>
        </span>
        {behind !== undefined ? (
          <span className="queue-behind" data-testid="queue-behind">
            {fillMessage(t('behind'), { reference: behind.externalReference })}
          </span>
        ) : null}
      </div>
      <PrintTimeline print={print} compact live={false} />
    </li>
  );
}

function TerminalSection({ group }: { group: TerminalGroup }) {
  const t = useFeatureT(queueMessages);
  const headingId = `queue-terminal-${group.terminalId}`;
  // This screen lists no terminals itself: the label reads the account's list for the platform's name.
  const label = useTerminalLabel({ readList: true })(group.terminalId);
  return (
    <section className="queue-terminal" aria-labelledby={headingId} data-testid="queue-terminal" data-terminal={group.terminalId}>
      <header className="queue-terminal-header">
        <h2 id={headingId}>
          <span className="queue-terminal-kicker">{t('term.terminal')}</span> {label.text}{' '}
          {label.text !== group.terminalId && <span className="queue-terminal-id">{group.terminalId}</span>}
        </h2>
        <span className="queue-counts">{fillMessage(t('counts'), { active: group.active.length, finished: group.finished.length })}</span>
      </header>
      <h3 className="queue-section-title">{t('section.active')}</h3>
      {group.active.length === 0 ? (
        <p className="queue-none">{t('none.active')}</p>
      ) : (
        <ol className="queue-list" data-testid="queue-active">
          {group.active.map((print, index) => (
            <PrintRow key={print.id} print={print} behind={index === 0 ? undefined : group.active[index - 1]} finished={false} />
          ))}
        </ol>
      )}
      {group.finished.length === 0 ? null : (
        <>
          <h3 className="queue-section-title">{t('section.finished')}</h3>
          <ul className="queue-list queue-list-finished" data-testid="queue-finished">
            {group.finished.map((print) => (
              <PrintRow key={print.id} print={print} behind={undefined} finished />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Prints on their way to each terminal and the last ones finished, live from main's events. */
export function QueueScreen() {
  const t = useFeatureT(queueMessages);
  const { active, finished, lastChange } = usePrintLists();
  const groups = useMemo(() => groupByTerminal(active.data?.items ?? [], finished.data?.items ?? []), [active.data, finished.data]);
  const failure = active.error ?? finished.error;

  return (
    <ScreenFrame screen="queue" className="queue-screen">
      {/* One voice for the whole list: each row announcing itself would talk over the others. */}
      <p className="visually-hidden" role="status" data-testid="queue-announcement">
        {lastChange === undefined
          ? ''
          : fillMessage(t('term.printStatus'), { reference: lastChange.externalReference, status: t(`printStatus.${lastChange.status}`) })}
      </p>
      {failure !== null ? (
        <p className="queue-problem" role="alert">
          {fillMessage(t('error'), { reason: failure.message })}
        </p>
      ) : active.isPending || finished.isPending ? (
        <p className="hint" role="status">
          {t('loading')}
        </p>
      ) : groups.length === 0 ? (
        <p className="queue-empty" data-testid="queue-empty">
          {t('empty')}
        </p>
      ) : (
        <>
          {groups.map((group) => (
            <TerminalSection key={group.terminalId} group={group} />
          ))}
          <p className="queue-footnote">{fillMessage(t('recent'), { count: RECENT_COUNT })}</p>
        </>
      )}
    </ScreenFrame>
  );
}
