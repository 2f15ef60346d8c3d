import { memo } from 'react';
import type { PrintSummary } from '../../../../shared/ipc/channels/prints';
import type { TerminalSummary } from '../../../../shared/ipc/channels/terminals';
import { lastErrorText } from '../../../../shared/i18n/print-errors';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { counterMessages, type CounterMessageKey } from './messages';
import type { ExternalReferenceProblem } from '../../../../shared/print/external-reference';
import { PRINT_SHORTCUT, shortcutLabel } from './tag-editing';
import { isStatusUnconfirmed, StatusUnconfirmed } from '../../components/status-trust/StatusUnconfirmed';
import { useTerminalLabel, type TerminalLabel } from '../../api/terminal-names';

/** The last print of this screen: being handed to the queue, refused, or accepted and followed live. */
export type PrintOutcome =
  | { readonly state: 'idle' }
  | { readonly state: 'sending' }
  | { readonly state: 'refused'; readonly message: string }
  | { readonly state: 'accepted'; readonly print: PrintSummary };

interface PrintBarProps {
  terminalId: string;
  onTerminalId(value: string): void;
  /** The account's terminals; undefined while unknown, when a typed ID is accepted instead. */
  terminals: readonly TerminalSummary[] | undefined;
  externalReference: string;
  onExternalReference(value: string): void;
  onNewReference(): void;
  referenceProblem: ExternalReferenceProblem | undefined;
  terminalInvalid: boolean;
  /** Why nothing can print yet, or undefined when the button may be pressed. */
  blockedBy: CounterMessageKey | undefined;
  outcome: PrintOutcome;
  onPrint(): void;
  /** The chosen terminal's paper page, in sandbox mode only: where a newcomer sees the receipt come out. */
  paperUrl?: string | undefined;
  /** A picture past the long-picture mark: "Ready to print" says how much paper it takes. */
  longPictureCm?: number | undefined;
}

const IS_MAC = /Mac|iPhone|iPad/.test(navigator.platform);

/** The picker's line: the terminal's names, then its id (what the sandbox's pages and support use). */
/**
 * A terminal as Sell names it, "Front till (CAJA01)": the device id made the closed picker cut the name at
 * 1024 px, and the platform's name is unique in an account. The id stays in the picker's tooltip.
 */
function optionText(terminal: TerminalSummary, label: TerminalLabel, cannotPrint: string): string {
  return terminal.canPrint ? label.text : `${label.text} (${cannotPrint})`;
}

function OutcomeText({ outcome, longPictureCm }: { outcome: PrintOutcome; longPictureCm: number | undefined }) {
  const t = useFeatureT(counterMessages);
  const language = useLanguage();
  switch (outcome.state) {
    case 'idle':
      return <>{longPictureCm === undefined ? t('print.ready') : fillMessage(t('print.readyLong'), { length: longPictureCm })}</>;
    case 'sending':
      return <>{t('print.sending')}</>;
    case 'refused':
      return <>{outcome.message}</>;
    case 'accepted': {
      const { print } = outcome;
      const text = fillMessage(t('term.printStatus'), { status: t(`printStatus.${print.status}`), reference: print.externalReference });
      return (
        <>
          {text}
          {isStatusUnconfirmed(print) ? (
            <>
              {' '}
              <StatusUnconfirmed print={print} />
            </>
          ) : print.lastError !== null && print.status !== 'processed' ? (
            <span className="print-error"> {lastErrorText(print, language)}</span>
          ) : null}
        </>
      );
    }
  }
}

/** Where the print goes and under which reference, and the one big button. */
export const PrintBar = memo(function PrintBar(props: PrintBarProps) {
  const {
    terminalId,
    onTerminalId,
    terminals,
    externalReference,
    onExternalReference,
    onNewReference,
    referenceProblem,
    terminalInvalid,
    blockedBy,
    outcome,
    onPrint,
    paperUrl,
    longPictureCm,
  } = props;
  const t = useFeatureT(counterMessages);
  const label = useTerminalLabel();
  const disabled = blockedBy !== undefined || outcome.state === 'sending';
  const known = terminals !== undefined && terminals.length > 0;
  const outcomeClass = outcome.state === 'accepted' ? `print-status-${outcome.print.status}` : `print-status-${outcome.state}`;

  return (
    <div className="print-bar" data-testid="print-bar">
      <div className="print-field">
        <label htmlFor="counter-terminal">{t('term.terminal')}</label>
        {known ? (
          <select
            id="counter-terminal"
            value={terminalId}
            onChange={(event) => onTerminalId(event.target.value)}
            aria-invalid={terminalInvalid}
            title={terminalId}
            data-testid="terminal"
          >
            {terminalId === '' || terminals.some((terminal) => terminal.id === terminalId) ? null : <option value={terminalId}>{terminalId}</option>}
            {terminals.map((terminal) => (
              <option key={terminal.id} value={terminal.id}>
                {optionText(terminal, label(terminal.id, terminal.externalPosId), t('print.terminalCannotPrint'))}
              </option>
            ))}
          </select>
        ) : (
          <input
            id="counter-terminal"
            className="mono"
            value={terminalId}
            onChange={(event) => onTerminalId(event.target.value)}
            placeholder="MODEL__SERIAL"
            spellCheck={false}
            aria-invalid={terminalInvalid}
            data-testid="terminal"
          />
        )}
        {paperUrl === undefined ? null : (
          <a className="paper-link" href={paperUrl} target="_blank" rel="noreferrer" data-testid="paper-link">
            {t('print.openPaper')}
          </a>
        )}
      </div>
      <div className="print-field print-field-reference">
        <label htmlFor="counter-reference">{t('print.reference')}</label>
        <div className="input-with-button">
          <input
            id="counter-reference"
            className="mono"
            value={externalReference}
            maxLength={80}
            onChange={(event) => onExternalReference(event.target.value)}
            spellCheck={false}
            aria-invalid={referenceProblem !== undefined}
            aria-describedby="counter-reference-problem"
            data-testid="external-reference"
          />
          <button type="button" className="button button-icon" onClick={onNewReference} aria-label={t('print.newReference')} title={t('print.newReference')}>
            ↻
          </button>
        </div>
        <span id="counter-reference-problem" className="field-problem" data-testid="reference-problem">
          {referenceProblem === undefined ? '' : t(`reference.${referenceProblem}` as CounterMessageKey)}
        </span>
      </div>
      <div className="print-action">
        <button
          type="button"
          className="print-button"
          disabled={disabled}
          onClick={onPrint}
          aria-keyshortcuts={PRINT_SHORTCUT.aria}
          aria-describedby="counter-print-status"
          data-testid="print-button"
        >
          <span className="print-button-label">{t('print.button')}</span>
          <kbd>{shortcutLabel(PRINT_SHORTCUT, IS_MAC)}</kbd>
        </button>
        <p
          id="counter-print-status"
          className={`print-status ${blockedBy === undefined ? outcomeClass : 'print-status-blocked'}${longPictureCm === undefined ? '' : ' print-status-long'}`}
          role="status"
          data-testid="print-status"
        >
          {blockedBy !== undefined && outcome.state !== 'sending' ? t(blockedBy) : <OutcomeText outcome={outcome} longPictureCm={longPictureCm} />}
        </p>
      </div>
    </div>
  );
});
