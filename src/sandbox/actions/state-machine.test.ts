import { describe, expect, it } from 'vitest';
import { ActionStatus, FINAL_ACTION_STATUSES } from '../../shared/platform/terminal-actions';
import { ActionEvent, INITIAL_STATUS, isFinal, transition, TRANSITIONS } from './state-machine';

const STATUSES = ActionStatus.options;
const EVENTS = ActionEvent.options;

describe('print action state machine: one test per legal row', () => {
  it.each([
    ['created', 'cancel_api', 'canceled'],
    ['created', 'pickup', 'on_terminal'],
    ['created', 'cancel_terminal', 'canceled'],
    ['on_terminal', 'cancel_terminal', 'canceled'],
    ['on_terminal', 'print_ok', 'processed'],
    ['on_terminal', 'print_failed', 'failed'],
  ] as const)('%s --%s--> %s', (from, event, to) => {
    expect(transition(from, event)).toEqual({ ok: true, to });
  });

  it('has exactly those six rows', () => {
    expect(TRANSITIONS).toHaveLength(6);
  });

  it('creates actions in status created (spec 3, first row)', () => {
    expect(INITIAL_STATUS).toBe('created');
  });
});

describe('print action state machine: refusals', () => {
  it('refuses an API cancel at the terminal with the reason the 409 cannot_cancel_order carries (spec 3, at_terminal row)', () => {
    const result = transition('on_terminal', 'cancel_api');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/only be cancelled on the terminal/);
  });

  const legal = new Set(TRANSITIONS.map((row) => `${row.from}/${row.event}`));
  const illegal = STATUSES.flatMap((from) => EVENTS.filter((event) => !legal.has(`${from}/${event}`)).map((event) => [from, event] as const));

  it.each(illegal)('refuses %s --%s-->', (from, event) => {
    const result = transition(from, event);
    expect(result).toMatchObject({ ok: false, from, event });
  });

  it('covers every (status, event) pair as either a row or a refusal', () => {
    expect(illegal.length + TRANSITIONS.length).toBe(STATUSES.length * EVENTS.length);
  });

  it('makes processed, failed and canceled final, as the shared FINAL_ACTION_STATUSES tells the app', () => {
    expect(STATUSES.filter((status) => isFinal(status)).sort()).toEqual([...FINAL_ACTION_STATUSES].sort());
    for (const status of FINAL_ACTION_STATUSES) for (const event of EVENTS) expect(transition(status, event).ok).toBe(false);
  });
});
