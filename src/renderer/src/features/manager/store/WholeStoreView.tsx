import { useMemo } from 'react';
import type { StoreBoard } from '../../../../../shared/ipc/channels/store';
import type { TerminalCard } from '../../../../../shared/ipc/channels/manager';
import { fillMessage, useFeatureT, useLanguage } from '../../../i18n';
import { formatDateTime } from '../../../lib/datetime';
import { managerMessages } from '../messages';
import { StatusPill } from '../StatusPill';
import { useTerminalLabel } from '../../../api/terminal-names';
import { useStoreBoard, useStoreLiveUpdates, useStoreStatusNow } from './api';
import { storeViewMessages } from './messages';
import { StoreHistory } from './StoreHistory';
import './store.css';

interface WholeStoreProps {
  dayStart: string;
  terminals: readonly TerminalCard[];
}

/** The whole store from its database: every counter's unfinished prints per terminal, and every counter's history. */
export function WholeStoreView({ dayStart, terminals }: WholeStoreProps) {
  const t = useFeatureT(storeViewMessages);
  const language = useLanguage();
  const status = useStoreStatusNow();
  const enabled = status?.enabled;
  const sync = status?.sync;
  useStoreLiveUpdates();
  const board = useStoreBoard(dayStart);
  const label = useTerminalLabel();
  const names = useMemo(() => new Map(terminals.map((card) => [card.id, label(card.id, card.name).text])), [terminals, label]);
  if (enabled === false)
    return (
      <p className="card store-off" data-testid="store-off">
        {t('store.off')}
      </p>
    );
  return (
    <div className="store-view" data-testid="whole-store">
      {board.data?.environment === 'sandbox' ? (
        <p className="notice notice-warn store-sandbox" data-testid="store-sandbox">
          {t('store.sandbox')}
        </p>
      ) : null}
      {sync?.kind === 'error' ? (
        <p className="notice notice-warn" role="alert" data-testid="store-stale">
          {fillMessage(t('store.stale'), { since: formatDateTime(sync.since, language) })}
        </p>
      ) : null}
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
                  <StatusPill status={print.status} raw={print.unknown?.status} />
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
