import { useState, type FormEvent } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Settings } from '../../../../shared/ipc/channels/app';
import type { TerminalList, TerminalSummary } from '../../../../shared/ipc/channels/terminals';
import type { CallError } from '../../api/bridge';
import { useUpdateSettings } from '../../api/hooks';
import { fillMessage } from '../../i18n';
import type { GuideMessageKey } from './guide-messages';
import { useGuideT } from './use-guide-t';

interface Draft {
  chosen: string | null;
  names: Record<string, string>;
}

/** The names as they would be saved: trimmed, and an emptied one sent as '' so main forgets it. */
function namesPatch(draft: Draft, saved: Settings['terminalNames'], listed: readonly TerminalSummary[]): Record<string, string> {
  const patch: Record<string, string> = {};
  for (const terminal of listed) {
    const name = (draft.names[terminal.id] ?? '').trim();
    if (name !== (saved[terminal.id] ?? '')) patch[terminal.id] = name;
  }
  return patch;
}

/** Step 2: the account's terminals (the platform's list), the one this counter uses, and the store's names for them. */
export function GuideTerminals({ settings, query }: { settings: Settings; query: UseQueryResult<TerminalList, CallError> }) {
  const t = useGuideT();
  const update = useUpdateSettings();
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const [problem, setProblem] = useState<GuideMessageKey | undefined>(undefined);
  if (query.isPending) return <p className="hint">{t('guide.terminals.loading')}</p>;
  if (query.isError)
    return (
      <>
        <p className="field-problem" role="alert">
          {fillMessage(t('guide.terminals.failed'), { message: query.error.message })}
        </p>
        <div className="guide-actions">
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('guide.terminals.reload')}
          </button>
        </div>
      </>
    );
  const listed = query.data.terminals;
  if (listed.length === 0) return <p className="hint">{t('guide.terminals.none')}</p>;
  const shown: Draft = draft ?? { chosen: settings.selectedTerminalId, names: { ...settings.terminalNames } };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const chosenName = shown.chosen === null ? '' : (shown.names[shown.chosen] ?? '').trim();
    const found: GuideMessageKey | undefined = shown.chosen === null ? 'guide.terminals.chooseOne' : chosenName === '' ? 'guide.terminals.nameIt' : undefined;
    setProblem(found);
    if (found !== undefined) return;
    update.mutate({ selectedTerminalId: shown.chosen, terminalNames: namesPatch(shown, settings.terminalNames, listed) });
    setDraft(undefined);
  };
  return (
    <form className="guide-terminals" onSubmit={save} noValidate data-testid="guide-terminals">
      <p className="hint">{t('guide.terminals.lead')}</p>
      {listed.map((terminal, index) => (
        <fieldset key={terminal.id} className={`guide-terminal${shown.chosen === terminal.id ? ' guide-terminal-chosen' : ''}`} data-testid="guide-terminal">
          <legend>
            <span className="guide-terminal-name">{terminal.externalPosId ?? terminal.id}</span> <span className="guide-terminal-id mono">{terminal.id}</span>
          </legend>
          <label className="radio">
            <input
              type="radio"
              name="guide-terminal"
              value={terminal.id}
              checked={shown.chosen === terminal.id}
              disabled={!terminal.canPrint}
              onChange={() => setDraft({ ...shown, chosen: terminal.id })}
              data-testid="guide-terminal-use"
            />
            {t('guide.terminals.use')}
          </label>
          <label htmlFor={`guide-name-${index}`}>{t('guide.terminals.name')}</label>
          <input
            id={`guide-name-${index}`}
            value={shown.names[terminal.id] ?? ''}
            maxLength={40}
            placeholder={terminal.externalPosId ?? ''}
            aria-describedby={`guide-name-${index}-note`}
            onChange={(event) => setDraft({ ...shown, names: { ...shown.names, [terminal.id]: event.target.value } })}
            data-testid="guide-terminal-name"
          />
          <p id={`guide-name-${index}-note`} className="hint guide-terminal-note">
            {terminal.canPrint
              ? terminal.externalPosId === null
                ? ''
                : fillMessage(t('guide.terminals.platformName'), { name: terminal.externalPosId })
              : t('guide.terminals.cannotPrint')}
          </p>
        </fieldset>
      ))}
      <div className="guide-actions">
        <button type="submit" className="button button-primary" disabled={update.isPending} data-testid="guide-terminals-save">
          {t('guide.terminals.save')}
        </button>
        <span className={problem === undefined && !update.isError ? 'hint' : 'field-problem'} role="status" data-testid="guide-terminals-status">
          {problem !== undefined
            ? t(problem)
            : update.isError
              ? update.error.message
              : update.isSuccess && draft === undefined
                ? t('guide.terminals.saved')
                : ''}
        </span>
      </div>
    </form>
  );
}
