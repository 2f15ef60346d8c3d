import { useEffect, useRef, useState } from 'react';
import { useTerminalLabel } from '../../api/terminal-names';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/datetime';
import { useBacklog, useDecideBacklog } from './api';
import { backlogMessages } from './messages';

/** After an outage: for each terminal whose prints waited too long, print them all, only the last N, or set them aside. */
export function BacklogPrompt() {
  const t = useFeatureT(backlogMessages);
  const language = useLanguage();
  const backlog = useBacklog();
  const decide = useDecideBacklog();
  const dialog = useRef<HTMLDialogElement>(null);
  const [keep, setKeep] = useState<Record<string, number>>({});
  const [answered, setAnswered] = useState<string | null>(null);
  const terminals = backlog.data?.terminals ?? [];
  // Only while it asks: this dialog is always mounted, and the list needs working credentials.
  const nameOf = useTerminalLabel({ readList: terminals.length > 0 });
  useEffect(() => {
    if (terminals.length > 0 && dialog.current?.open === false) dialog.current.showModal();
    if (terminals.length === 0 && dialog.current?.open === true) dialog.current.close();
  }, [terminals.length]);
  const answer = (request: Parameters<typeof decide.mutate>[0]) =>
    decide.mutate(request, {
      onSuccess: (result) =>
        setAnswered(fillMessage(t('done'), { terminal: nameOf(request.terminalId).text, released: result.released, aside: result.setAside })),
    });
  return (
    <dialog ref={dialog} className="app-dialog" aria-labelledby="backlog-title" data-testid="backlog-dialog">
      <header className="dialog-header">
        <h2 id="backlog-title">{t('title')}</h2>
      </header>
      <p>{fillMessage(t('lead'), { wait: waitText(backlog.data?.staleAfterMinutes ?? 0, t) })}</p>
      <p className="hint">{t('setAsideHint')}</p>
      {decide.isError ? <p className="notice notice-bad">{decide.error.message}</p> : null}
      {answered === null ? null : (
        <p className="notice" role="status">
          {answered}
        </p>
      )}
      <ul className="backlog-terminals">
        {terminals.map((terminal) => {
          const last = Math.min(keep[terminal.terminalId] ?? 1, terminal.waiting);
          return (
            <li key={terminal.terminalId} data-testid="backlog-terminal" data-terminal={terminal.terminalId}>
              <p>
                {fillMessage(t('terminal'), {
                  terminal: nameOf(terminal.terminalId).text,
                  count: terminal.waiting,
                  time: formatDateTime(terminal.oldestAt, language),
                })}
              </p>
              <div className="dialog-buttons">
                <button
                  type="button"
                  className="button"
                  disabled={decide.isPending}
                  onClick={() => answer({ terminalId: terminal.terminalId, decision: 'print_all' })}
                >
                  {fillMessage(t('printAll'), { count: terminal.waiting })}
                </button>
                <label>
                  {t('lastN')}{' '}
                  <input
                    type="number"
                    min={1}
                    max={terminal.waiting}
                    value={last}
                    onChange={(event) => setKeep({ ...keep, [terminal.terminalId]: Math.max(1, Number(event.target.value) || 1) })}
                    data-testid="backlog-keep"
                  />
                </label>
                <button
                  type="button"
                  className="button"
                  disabled={decide.isPending}
                  onClick={() => answer({ terminalId: terminal.terminalId, decision: 'last_n', keep: last })}
                >
                  {t('lastNGo')}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={decide.isPending}
                  onClick={() => answer({ terminalId: terminal.terminalId, decision: 'set_aside' })}
                >
                  {t('setAside')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </dialog>
  );
}

/** The stale time in words: whole minutes, or seconds under a minute (a shortened test setting). */
function waitText(minutes: number, t: (key: 'minutes' | 'seconds') => string): string {
  return minutes >= 1 ? fillMessage(t('minutes'), { count: Math.round(minutes) }) : fillMessage(t('seconds'), { count: Math.round(minutes * 60) });
}
