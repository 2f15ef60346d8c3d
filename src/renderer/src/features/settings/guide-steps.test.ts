import { describe, expect, it } from 'vitest';
import { guideSteps, type GuideFacts } from './guide-steps';

const T1 = 'NEWLAND_N950__SBX0000001';
const base: GuideFacts = {
  environment: 'sandbox',
  credentials: { state: 'idle', identity: 'application', signInInProgress: false },
  selectedTerminalId: null,
  terminalNames: {},
  listed: [T1],
  testPrint: null,
  testPrintStatus: undefined,
};

describe('the set-up guide’s steps, from facts', () => {
  it('starts with the sandbox connected as a demo account and the rest to do', () => {
    expect(guideSteps(base)).toEqual({ connect: 'done', terminals: 'todo', test: 'todo', doneCount: 1 });
  });

  it('in production, connected only once a token is held; a sign-in under way is waiting; a failure says so', () => {
    const production = { ...base, environment: 'production' as const };
    expect(guideSteps({ ...production, credentials: { ...base.credentials, state: 'not_configured' } }).connect).toBe('todo');
    expect(guideSteps({ ...production, credentials: { ...base.credentials, state: 'idle' } }).connect).toBe('todo');
    expect(guideSteps({ ...production, credentials: { ...base.credentials, state: 'idle', signInInProgress: true } }).connect).toBe('waiting');
    expect(guideSteps({ ...production, credentials: { ...base.credentials, state: 'error' } }).connect).toBe('failed');
    expect(guideSteps({ ...production, credentials: { state: 'ready', identity: 'user', signInInProgress: false } }).connect).toBe('done');
  });

  it('counts the terminal step done only for a chosen terminal with a name, still on the account', () => {
    expect(guideSteps({ ...base, selectedTerminalId: T1 }).terminals).toBe('todo');
    expect(guideSteps({ ...base, selectedTerminalId: T1, terminalNames: { [T1]: 'Caja 1' } }).terminals).toBe('done');
    expect(guideSteps({ ...base, selectedTerminalId: T1, terminalNames: { [T1]: 'Caja 1' }, listed: ['OTHER'] }).terminals).toBe('todo');
  });

  it('follows the test print: waiting until the terminal prints it, done only when processed, failed when it did not print', () => {
    const named = { ...base, selectedTerminalId: T1, terminalNames: { [T1]: 'Caja 1' } };
    const testPrint = { environment: 'sandbox' as const, terminalId: T1, printId: 'p1' };
    expect(guideSteps({ ...named, testPrint, testPrintStatus: 'queued' }).test).toBe('waiting');
    expect(guideSteps({ ...named, testPrint, testPrintStatus: 'on_terminal' }).test).toBe('waiting');
    expect(guideSteps({ ...named, testPrint, testPrintStatus: 'failed' }).test).toBe('failed');
    expect(guideSteps({ ...named, testPrint, testPrintStatus: 'processed' })).toEqual({ connect: 'done', terminals: 'done', test: 'done', doneCount: 3 });
  });

  it('does not count a test print of another environment or another terminal', () => {
    const named = { ...base, selectedTerminalId: T1, terminalNames: { [T1]: 'Caja 1' } };
    expect(guideSteps({ ...named, testPrint: { environment: 'production', terminalId: T1, printId: 'p1' }, testPrintStatus: 'processed' }).test).toBe('todo');
    expect(guideSteps({ ...named, testPrint: { environment: 'sandbox', terminalId: 'OTHER', printId: 'p1' }, testPrintStatus: 'processed' }).test).toBe('todo');
  });
});
