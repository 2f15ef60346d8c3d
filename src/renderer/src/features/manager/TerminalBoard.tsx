import { memo, useEffect, useState } from 'react';
import type { ManagerBoard, TerminalCard } from '../../../../shared/ipc/channels/manager';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { agoText, formatCount, fullTime } from './format';
import { managerMessages } from './messages';
import { StatusPill } from './StatusPill';
import { useTerminalLabel } from '../../api/terminal-names';

/** "12 s ago" has to move on by itself; only this clock ticks, the data comes from main's events. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const Card = memo(function Card({ card, now, onOpenPrint }: { card: TerminalCard; now: number; onOpenPrint(id: string): void }) {
  const t = useFeatureT(managerMessages);
  const language = useLanguage();
  const titleId = `terminal-card-${card.id}`;
  const label = useTerminalLabel()(card.id, card.name);
  return (
    <li
      className={`terminal-card${card.current === null ? '' : ' terminal-card-busy'}${card.failuresToday > 0 || card.attention.length > 0 ? ' terminal-card-failing' : ''}`}
      aria-labelledby={titleId}
      data-testid="terminal-card"
      data-terminal={card.id}
    >
      <header className="terminal-card-header">
        <h3 id={titleId} className="terminal-name">
          {label.local ?? label.platform}
          {label.local === null ? null : <span className="terminal-platform-name"> ({label.platform})</span>}
        </h3>
        {card.operatingMode === null ? null : (
          <span
            className={`terminal-mode${card.canPrint === false ? ' terminal-mode-off' : ''}`}
            title={card.canPrint === false ? `${t('card.mode')}: ${t('card.cannotPrint')}` : t('card.mode')}
          >
            {card.operatingMode}
          </span>
        )}
      </header>
      <p className="terminal-id mono">
        {card.id}
        {card.listed ? null : <span className="terminal-unlisted"> · {t('card.unlisted')}</span>}
      </p>
      <div className="terminal-now" data-testid="card-current">
        <span className="terminal-label">{t('card.holds')}</span>
        {card.current === null ? (
          <span className="terminal-idle">
            {card.canPrint === false ? t('card.cannotPrint') : card.attention.length > 0 ? t('card.nothingSending') : t('card.idle')}
          </span>
        ) : (
          <>
            <StatusPill status={card.current.status} />
            <button
              type="button"
              className="link-button mono terminal-reference"
              onClick={() => onOpenPrint(card.current?.id ?? '')}
              aria-label={fillMessage(t('card.open'), { reference: card.current.externalReference })}
              data-testid="card-reference"
            >
              {card.current.externalReference}
            </button>
          </>
        )}
      </div>
      {card.attention.length === 0 ? null : (
        <div className="terminal-attention" data-testid="card-attention">
          <span className="terminal-label">
            {fillMessage(t(card.attention.length === 1 ? 'card.attention.one' : 'card.attention.other'), {
              count: formatCount(card.attention.length, language),
            })}
          </span>
          {card.attention.map((print) => (
            <button
              key={print.id}
              type="button"
              className="link-button mono terminal-reference"
              onClick={() => onOpenPrint(print.id)}
              aria-label={fillMessage(t('card.open'), { reference: print.externalReference })}
            >
              {print.externalReference}
            </button>
          ))}
        </div>
      )}
      <dl className="terminal-facts">
        <div>
          <dt>{t('card.queued')}</dt>
          <dd data-testid="card-queued">{formatCount(card.queued, language)}</dd>
        </div>
        <div>
          <dt>{t('card.lastAnswered')}</dt>
          <dd data-testid="card-answered">
            {card.lastAnsweredAt === null ? (
              t('card.neverAnswered')
            ) : (
              <time dateTime={card.lastAnsweredAt} title={fullTime(card.lastAnsweredAt, language)}>
                {agoText(card.lastAnsweredAt, now, t)}
              </time>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('card.failuresToday')}</dt>
          <dd data-testid="card-failures" className={card.failuresToday > 0 ? 'terminal-failures' : undefined}>
            {formatCount(card.failuresToday, language)}
          </dd>
        </div>
      </dl>
    </li>
  );
});

/** Every terminal of the store at once, live: what each holds, what waits, when it last answered. */
const BOARD_COLLAPSED_KEY = 'counter.manager.boardCollapsed';

export const TerminalBoard = memo(function TerminalBoard({
  board,
  loading,
  error,
  onOpenPrint,
}: {
  board: ManagerBoard | undefined;
  loading: boolean;
  error: string | undefined;
  onOpenPrint(id: string): void;
}) {
  const t = useFeatureT(managerMessages);
  const now = useNow(1_000);
  // Folded away, the history gets the screen's height (at 768 px the cards leave it ~7 rows); remembered.
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(BOARD_COLLAPSED_KEY) === 'true');
  const toggle = () => {
    localStorage.setItem(BOARD_COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };
  return (
    <section className="manager-board" aria-labelledby="manager-board-title" data-testid="terminal-board">
      <h2 id="manager-board-title" className="manager-section-title">
        <button
          type="button"
          className="board-toggle"
          aria-expanded={!collapsed}
          aria-controls="manager-board-cards"
          onClick={toggle}
          data-testid="board-toggle"
        >
          <span aria-hidden="true">{collapsed ? '▸' : '▾'}</span> {t('board.title')}
          {collapsed && board !== undefined ? <span className="board-count"> ({board.terminals.length})</span> : null}
        </button>
      </h2>
      {collapsed ? null : (
        <div id="manager-board-cards" className="manager-board-body">
          {error === undefined ? null : <p className="notice notice-bad">{error}</p>}
          {board === undefined || board.terminalsProblem === null ? null : (
            <p className="notice notice-warn">{fillMessage(t('board.terminalsProblem'), { reason: board.terminalsProblem })}</p>
          )}
          {board === undefined ? (
            loading ? (
              <p className="hint" role="status">
                {t('board.loading')}
              </p>
            ) : null
          ) : board.terminals.length === 0 ? (
            <p className="hint">{t('board.empty')}</p>
          ) : (
            <ul className="terminal-cards">
              {board.terminals.map((card) => (
                <Card key={card.id} card={card} now={now} onOpenPrint={onOpenPrint} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
});
