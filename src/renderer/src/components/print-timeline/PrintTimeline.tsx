import { useRef, useState } from 'react';
import type { PrintStatus, PrintSummary } from '../../../../shared/ipc/channels/prints';
import { CANCELABLE_PRINT_STATUSES } from '../../../../shared/lifecycle/print';
import { useContractMutation } from '../../api/hooks';
import { isStatusUnconfirmed, StatusUnconfirmed } from '../status-trust/StatusUnconfirmed';
import { attentionText } from '../../../../shared/i18n/attention';
import { printErrorText } from '../../../../shared/i18n/print-errors';
import { fillMessage, useFeatureT, useLanguage, type CommonKey } from '../../i18n';
import { AttentionActions } from './AttentionActions';
import { timelineMessages, type TimelineMessageKey } from './messages';
import './print-timeline.css';

type StepName = 'queued' | 'sent' | 'on_terminal' | 'outcome';
type StepState = 'done' | 'current' | 'todo' | 'skipped' | 'ok' | 'bad' | 'stopped';

const STEPS: readonly StepName[] = ['queued', 'sent', 'on_terminal', 'outcome'];

/** The steps before the outcome are named by the catalogue's print statuses; `sent` covers sending and created. */
const STEP_LABELS: Readonly<Record<Exclude<StepName, 'outcome'>, CommonKey>> = {
  queued: 'printStatus.queued',
  sent: 'term.sent',
  on_terminal: 'printStatus.on_terminal',
};

/** The platform takes a cancel only before the terminal has the print (spec 3, 7.3 cannot_cancel_order). */

export function canCancelPrint(print: PrintSummary): boolean {
  // Unconfirmed, it may be printing already: no Cancel, which might promise what the terminal no longer allows.
  return CANCELABLE_PRINT_STATUSES.includes(print.status) && !print.cancelRequested && !isStatusUnconfirmed(print);
}

/** Where the print is on the way, as one index into STEPS; `created` has been sent and waits for pickup. */
const POSITION: Record<PrintStatus, number> = { queued: 0, sending: 1, needs_attention: 1, created: 1, on_terminal: 2, processed: 3, failed: 3, canceled: 3 };

function stepStates(print: PrintSummary): StepState[] {
  const at = POSITION[print.status];
  return STEPS.map((_, index) => {
    if (index === 3 && at === 3) return print.status === 'processed' ? 'ok' : print.status === 'failed' ? 'bad' : 'stopped';
    if (index < at) {
      // A print that ended early did not go through the later steps; showing them as done would claim
      // it reached the terminal. Only the terminal reports a failure of an action it holds.
      if (at === 3 && index === 2 && !(print.reachedTerminal ?? (print.status === 'processed' || (print.status === 'failed' && print.actionId !== null))))
        return 'skipped';
      if (at === 3 && index === 1 && print.attempts === 0) return 'skipped';
      return 'done';
    }
    if (index === at) return print.status === 'created' ? 'done' : print.status === 'needs_attention' ? 'stopped' : 'current';
    return 'todo';
  });
}

type StateKey = Extract<TimelineMessageKey, `state.${string}`> | 'term.canceling';

function stateKey(print: PrintSummary): StateKey {
  if (print.cancelRequested && !['processed', 'failed', 'canceled'].includes(print.status)) return 'term.canceling';
  if (print.status === 'sending' && print.lastError !== null) return 'state.retrying';
  return `state.${print.status}`;
}

interface PrintTimelineProps {
  print: PrintSummary;
  /**
   * Make the state line a live region. One per screen is enough: a list of many prints announces
   * its changes once, above the list, rather than every row talking at once.
   */
  live?: boolean;
  /** Smaller, for rows of a list. */
  compact?: boolean;
}

/**
 * One print's way: queued → sent → on terminal → printed / failed / canceled, with its cancel when
 * the platform still allows one. Fed by whoever holds the print; it never asks main by itself.
 */
export function PrintTimeline({ print, live = true, compact = false }: PrintTimelineProps) {
  const t = useFeatureT(timelineMessages);
  const language = useLanguage();
  const cancel = useContractMutation('prints.cancel');
  // The failure belongs to the state it was tried in; once the print moves on it no longer applies.
  const [cancelFailure, setCancelFailure] = useState<{ status: PrintStatus; message: string } | undefined>(undefined);
  const stateLine = useRef<HTMLDivElement>(null);
  const states = stepStates(print);
  // A print set aside says why in its state line; its last error is the same reason.
  const error = print.status === 'processed' || print.status === 'needs_attention' ? null : print.lastError;
  const outcomeKey: CommonKey =
    print.status === 'failed' ? 'printStatus.failed' : print.status === 'canceled' ? 'printStatus.canceled' : 'printStatus.processed';

  const onCancel = () => {
    setCancelFailure(undefined);
    cancel.mutate(
      { id: print.id },
      {
        // The button is gone once the print changes; the state line keeps the keyboard where the cashier was.
        onSuccess: () => stateLine.current?.focus(),
        onError: (failure) => setCancelFailure({ status: print.status, message: failure.message }),
      },
    );
  };

  return (
    <div
      className={`print-timeline${compact ? ' print-timeline-compact' : ''}`}
      data-status={print.status}
      data-testid="print-timeline"
      role="group"
      aria-label={fillMessage(t('label'), { reference: print.externalReference })}
    >
      <ol className="timeline-steps">
        {STEPS.map((step, index) => {
          const state = states[index] ?? 'todo';
          const label = t(step === 'outcome' ? outcomeKey : STEP_LABELS[step]);
          return (
            <li
              key={step}
              className={`timeline-step timeline-step-${state}`}
              data-step={step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="timeline-dot" aria-hidden="true" />
              <span className="timeline-label">{label}</span>
              {state === 'done' || state === 'skipped' ? <span className="visually-hidden"> ({t(state)})</span> : null}
            </li>
          );
        })}
      </ol>
      <div className="timeline-detail">
        <div className="timeline-state" ref={stateLine} tabIndex={-1} role={live ? 'status' : undefined} data-testid="timeline-state">
          {isStatusUnconfirmed(print) ? (
            <StatusUnconfirmed print={print} />
          ) : (
            <span className="timeline-state-text">
              {fillMessage(t(stateKey(print)), {
                attempts: print.attempts,
                // From the shared catalogue here, not main's text: it follows a language change at once.
                reason:
                  print.attention === null || print.attention === undefined
                    ? ''
                    : attentionText(print.attention.code, print.lastError?.status ?? null, language),
              })}
            </span>
          )}
          {error !== null ? (
            <div className={`timeline-error${print.status === 'failed' ? ' timeline-error-final' : ''}`} data-testid="timeline-error">
              {/* From its code, like the reason above: main's text keeps the language it was written in. */}
              <span>{printErrorText(error, language)}</span>
              {/* The platform's code is for whoever fixes it, not the cashier: folded away under the sentence. */}
              <details className="timeline-details" data-testid="timeline-error-details">
                <summary>{t('details')}</summary>
                <small className="timeline-code" data-testid="timeline-error-code">
                  {fillMessage(t('code'), { code: error.code })}
                </small>
              </details>
            </div>
          ) : null}
          {print.status === 'on_terminal' ? (
            <span className="timeline-note" data-testid="timeline-on-terminal">
              {t('cancelOnTerminal')}
            </span>
          ) : null}
        </div>
        {canCancelPrint(print) ? (
          <button type="button" className="button timeline-cancel" onClick={onCancel} disabled={cancel.isPending} data-testid="timeline-cancel">
            {t('term.cancelPrint')}
            <span className="visually-hidden"> {print.externalReference}</span>
          </button>
        ) : null}
      </div>
      {print.status === 'needs_attention' ? <AttentionActions print={print} onDone={() => stateLine.current?.focus()} /> : null}
      {cancelFailure !== undefined && cancelFailure.status === print.status ? (
        <p className="timeline-error timeline-error-final" role="alert" data-testid="timeline-cancel-error">
          {cancelFailure.message}
        </p>
      ) : null}
    </div>
  );
}
