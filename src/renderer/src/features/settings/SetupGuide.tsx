import { useCallback, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CredentialsStatus } from '../../../../shared/ipc/channels/credentials';
import type { PrintSummary } from '../../../../shared/ipc/channels/prints';
import { queryKeyOf, useAppInfo, useContractEvent, useContractMutation, useContractQuery, useSettings } from '../../api/hooks';
import { PrintTimeline } from '../../components/print-timeline/PrintTimeline';
import { fillMessage } from '../../i18n';
import { useCredentialsAction, useCredentialsStatus } from './api';
import type { GuideMessageKey } from './guide-messages';
import { guideSteps, type GuideStep, type GuideStepState } from './guide-steps';
import { GuideTerminals } from './GuideTerminals';
import { useSignInPage } from './sign-in-page';
import { useGuideT } from './use-guide-t';
import './setup-guide.css';

/** The guide's test print as the queue has it, kept current by main's `print.changed` events. */
function useGuidePrint(printId: string | undefined): { print: PrintSummary | undefined; settled: boolean } {
  const client = useQueryClient();
  const query = useContractQuery('prints.get', { id: printId ?? '', includeContent: false }, { enabled: printId !== undefined, retry: false });
  const onChange = useCallback(
    (print: PrintSummary) => {
      if (print.id !== printId) return;
      client.setQueryData(queryKeyOf('prints.get', { id: print.id, includeContent: false }), (before: object | undefined) => ({ ...before, ...print }));
    },
    [client, printId],
  );
  useContractEvent('print.changed', onChange);
  if (printId === undefined) return { print: undefined, settled: true };
  return { print: query.data, settled: !query.isPending || query.isError };
}

/**
 * Settings' first-run guide for a store owner: connect the account, choose and name the terminal, print a
 * test ticket. Each step's state comes from facts (credentials, settings, the queue), so it resumes after a
 * restart; it folds away once all three are done and opens again from its button.
 */
export function SetupGuide() {
  const t = useGuideT();
  const settings = useSettings().data;
  const status = useCredentialsStatus().data;
  const connected = status !== undefined && (status.environment === 'sandbox' || status.state === 'ready');
  const terminals = useContractQuery('terminals.list', {}, { staleTime: 60_000, enabled: connected, retry: 1 });
  const testPrint = settings?.setupTestPrint ?? null;
  const current = testPrint !== null && testPrint.environment === status?.environment ? testPrint : null;
  const { print, settled } = useGuidePrint(current?.printId);
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  // Folded only when found complete: a guide finished while the owner watches stays open on its last step.
  const [seenIncomplete, setSeenIncomplete] = useState(false);
  if (settings === undefined || status === undefined) return null;
  const steps = guideSteps({
    environment: status.environment,
    credentials: status,
    selectedTerminalId: settings.selectedTerminalId,
    terminalNames: settings.terminalNames,
    listed: terminals.data?.terminals.map((terminal) => terminal.id),
    testPrint: current,
    testPrintStatus: print?.status,
  });
  const allDone = steps.doneCount === 3;
  const known = settled && (!connected || !terminals.isPending || terminals.isError);
  if (known && !allDone && !seenIncomplete) setSeenIncomplete(true);
  const shown = open ?? (seenIncomplete || !allDone);
  return (
    <section className="card setup-guide" aria-labelledby="guide-title" data-testid="setup-guide" data-done={steps.doneCount}>
      <div className="guide-head">
        <h2 id="guide-title">{t('guide.title')}</h2>
        <p className="guide-progress" data-testid="guide-progress">
          {allDone ? t('guide.allDone') : fillMessage(t('guide.progress'), { done: steps.doneCount })}
        </p>
        <button type="button" className="button" aria-expanded={shown} aria-controls="guide-steps" onClick={() => setOpen(!shown)} data-testid="guide-toggle">
          {shown ? t('guide.hide') : t('guide.show')}
        </button>
      </div>
      {shown ? (
        <ol className="guide-steps" id="guide-steps">
          <GuideStepItem step="connect" number={1} state={steps.connect}>
            <ConnectStep status={status} state={steps.connect} />
          </GuideStepItem>
          <GuideStepItem step="terminals" number={2} state={steps.terminals}>
            {steps.connect === 'done' ? <GuideTerminals settings={settings} query={terminals} /> : <p className="hint">{t('guide.terminals.needsConnect')}</p>}
          </GuideStepItem>
          <GuideStepItem step="test" number={3} state={steps.test}>
            <TestStep
              terminalId={steps.terminals === 'done' ? settings.selectedTerminalId : null}
              terminalName={settings.selectedTerminalId === null ? undefined : settings.terminalNames[settings.selectedTerminalId]}
              print={current === null || current.terminalId !== settings.selectedTerminalId ? undefined : print}
              state={steps.test}
            />
          </GuideStepItem>
        </ol>
      ) : null}
    </section>
  );
}

const TITLES: Record<GuideStep, GuideMessageKey> = { connect: 'guide.connect.title', terminals: 'guide.terminals.title', test: 'guide.test.title' };

function GuideStepItem({ step, number, state, children }: { step: GuideStep; number: number; state: GuideStepState; children: ReactNode }) {
  const t = useGuideT();
  return (
    <li className={`guide-step guide-step-${state}`} data-testid={`guide-step-${step}`} data-state={state} aria-labelledby={`guide-step-${step}-title`}>
      <h3 className="guide-step-title" id={`guide-step-${step}-title`}>
        <span className="guide-step-number" aria-hidden="true">
          {state === 'done' ? '✓' : number}
        </span>
        <span>{t(TITLES[step])}</span>
        <span className={`guide-badge guide-badge-${state}`} data-testid={`guide-step-${step}-state`}>
          {t(`guide.state.${state}`)}
        </span>
      </h3>
      <div className="guide-step-body">{children}</div>
    </li>
  );
}

function connectLine(status: CredentialsStatus, state: GuideStepState, t: ReturnType<typeof useGuideT>): string {
  if (state === 'waiting') return t('guide.connect.waiting');
  if (state === 'failed') return fillMessage(t('guide.connect.failed'), { message: status.lastError?.message ?? '' });
  if (status.identity === 'user' && status.token !== null) return fillMessage(t('guide.connect.signedIn'), { userId: status.token.userId });
  if (status.environment === 'sandbox') return t('guide.connect.demo');
  return status.state === 'not_configured' ? t('guide.connect.needsApp') : t('guide.connect.production');
}

/** Step 1: signing in opens the platform's page (a new tab in the browser host); no ID or secret typed here. */
function ConnectStep({ status, state }: { status: CredentialsStatus; state: GuideStepState }) {
  const t = useGuideT();
  const signIn = useCredentialsAction('credentials.signIn');
  const cancel = useCredentialsAction('credentials.cancelSignIn');
  const signInPage = useSignInPage();
  const signedIn = status.identity === 'user' && status.token !== null;
  return (
    <>
      {status.environment === 'sandbox' && !signedIn ? <p className="hint">{t('guide.connect.sandbox')}</p> : null}
      <p className="guide-line" role="status" data-testid="guide-connect-line">
        {connectLine(status, state, t)}
      </p>
      <div className="guide-actions">
        {status.signInInProgress ? (
          <>
            {signInPage.url === null ? null : (
              <a className="button" href={signInPage.url} target="_blank" rel="noopener noreferrer" data-testid="guide-sign-in-link">
                {t('guide.connect.openAgain')}
              </a>
            )}
            <button type="button" className="button" onClick={() => void cancel.run({})} data-testid="guide-cancel-sign-in">
              {t('guide.connect.cancel')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className={`button${state === 'done' ? '' : ' button-primary'}`}
            disabled={status.state === 'not_configured'}
            onClick={() => {
              signInPage.expect();
              void signIn.run({}).catch(() => undefined);
            }}
            data-testid="guide-sign-in"
          >
            {signedIn ? t('guide.connect.signInAgain') : t('guide.connect.signIn')}
          </button>
        )}
      </div>
    </>
  );
}

const TEST_LINES: Partial<Record<GuideStepState, GuideMessageKey>> = { done: 'guide.test.done', failed: 'guide.test.failed', waiting: 'guide.test.waiting' };

/** Step 3: a test ticket through the print queue; its timeline shows what the terminal answered, nothing more. */
function TestStep({
  terminalId,
  terminalName,
  print,
  state,
}: {
  terminalId: string | null;
  terminalName: string | undefined;
  print: PrintSummary | undefined;
  state: GuideStepState;
}) {
  const t = useGuideT();
  const info = useAppInfo().data;
  const send = useContractMutation('setup.testPrint');
  if (terminalId === null) return <p className="hint">{t('guide.test.needsTerminal')}</p>;
  const line = TEST_LINES[state];
  const sandboxPaper =
    info?.sandboxControlUrl === null || info === undefined ? null : `${info.sandboxControlUrl}/terminals/${encodeURIComponent(terminalId)}/view`;
  return (
    <>
      <p className="hint">{t('guide.test.lead')}</p>
      {line === undefined ? null : (
        <p className={`guide-line guide-line-${state}`} role="status" data-testid="guide-test-line">
          {t(line)}
        </p>
      )}
      {print === undefined ? null : <PrintTimeline print={print} live={false} />}
      <div className="guide-actions">
        <button
          type="button"
          className={`button${state === 'done' ? '' : ' button-primary'}`}
          disabled={send.isPending || state === 'waiting'}
          onClick={() => send.mutate({ terminalId })}
          data-testid="guide-test-print"
        >
          {print === undefined ? fillMessage(t('guide.test.print'), { name: terminalName ?? terminalId }) : t('guide.test.again')}
        </button>
        {sandboxPaper === null ? null : (
          <a className="button" href={sandboxPaper} target="_blank" rel="noopener noreferrer" data-testid="guide-terminal-paper">
            {t('guide.test.openTerminal')}
          </a>
        )}
      </div>
      {send.isError ? (
        <p className="field-problem" role="alert" data-testid="guide-test-error">
          {send.error.message}
        </p>
      ) : null}
    </>
  );
}
