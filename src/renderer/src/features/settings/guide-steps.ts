import type { Environment, SetupTestPrint, TerminalNames } from '../../../../shared/ipc/channels/app';
import type { CredentialsStatus } from '../../../../shared/ipc/channels/credentials';
import type { PrintStatus } from '../../../../shared/ipc/channels/prints';

/** done: nothing left to do; todo: the owner's turn; waiting: Counter or the terminal is at work; failed: it did not work. */
export type GuideStepState = 'done' | 'todo' | 'waiting' | 'failed';
export const GUIDE_STEPS = ['connect', 'terminals', 'test'] as const;
export type GuideStep = (typeof GUIDE_STEPS)[number];

export interface GuideFacts {
  environment: Environment;
  credentials: Pick<CredentialsStatus, 'state' | 'identity' | 'signInInProgress'>;
  selectedTerminalId: string | null;
  terminalNames: TerminalNames;
  /** The account's terminals, once read; undefined while unknown. */
  listed: readonly string[] | undefined;
  testPrint: SetupTestPrint | null;
  /** The test print's status as the queue has it now; undefined while unread (or no longer kept). */
  testPrintStatus: PrintStatus | undefined;
}

const FINAL_BAD: ReadonlySet<PrintStatus> = new Set(['failed', 'canceled', 'needs_attention']);

/**
 * Which step of the set-up guide is done, from facts only (the credentials, the settings, the queue), so
 * the guide resumes after a restart where it stood. The sandbox is a connected demo account as it is.
 */
export function guideSteps(facts: GuideFacts): Record<GuideStep, GuideStepState> & { doneCount: number } {
  const { credentials } = facts;
  const connect: GuideStepState = credentials.signInInProgress
    ? 'waiting'
    : facts.environment === 'sandbox'
      ? credentials.state === 'error' || credentials.state === 'sign_in_required'
        ? 'failed'
        : 'done'
      : credentials.state === 'ready'
        ? 'done'
        : credentials.state === 'error'
          ? 'failed'
          : 'todo';
  const chosen = facts.selectedTerminalId;
  const stillListed = chosen !== null && (facts.listed === undefined || facts.listed.includes(chosen));
  const terminals: GuideStepState = stillListed && facts.terminalNames[chosen] !== undefined ? 'done' : 'todo';
  const print = facts.testPrint;
  const test: GuideStepState =
    print === null || print.environment !== facts.environment || print.terminalId !== chosen || facts.testPrintStatus === undefined
      ? 'todo'
      : facts.testPrintStatus === 'processed'
        ? 'done'
        : FINAL_BAD.has(facts.testPrintStatus)
          ? 'failed'
          : 'waiting';
  const states = { connect, terminals, test };
  return { ...states, doneCount: GUIDE_STEPS.filter((step) => states[step] === 'done').length };
}
