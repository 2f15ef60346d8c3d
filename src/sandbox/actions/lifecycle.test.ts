import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../shared/clock';
import { ActionStatus, FINAL_ACTION_STATUSES } from '../../shared/platform/terminal-actions';
import { ACTION_LIFECYCLE, ActionEvent, INITIAL_STATUS, isFinal, transition } from './lifecycle';
import { ActionService, type ActionChange } from './service';

const STATUSES = ActionStatus.options;
const EVENTS = ActionEvent.options;
const TRANSITIONS = ACTION_LIFECYCLE.moves;

describe('print action lifecycle: one test per legal row', () => {
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

describe('print action lifecycle: refusals', () => {
  it('refuses an API cancel at the terminal with the reason the 409 cannot_cancel_order carries (spec 3, at_terminal row)', () => {
    const result = transition('on_terminal', 'cancel_api');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/only be cancelled on the terminal/);
  });

  const legal = new Set(TRANSITIONS.map((row) => `${row.from}/${row.on}`));
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
    expect([...ACTION_LIFECYCLE.final].sort()).toEqual([...FINAL_ACTION_STATUSES].sort());
    for (const status of FINAL_ACTION_STATUSES) for (const event of EVENTS) expect(transition(status, event).ok).toBe(false);
  });
});

describe("the action service's status writer", () => {
  it('refuses every move the lifecycle does not list, whatever status the action is in, and leaves the action as it was', () => {
    const service = new ActionService(createManualClock(), () => '4a1c2d3e-0000-4000-8000-000000000001');
    const created = service.create(1001, {
      type: 'print',
      external_reference: 'REF-1',
      config: { point: { terminal_id: 'NEWLAND_N950__SBX0000001', subtype: 'custom' } },
      content: 'hello',
    });
    const changes: ActionChange[] = [];
    service.subscribe((change) => changes.push(change));
    const slice = service.slice(() => undefined);
    const accepted: string[] = [];
    for (const move of ACTION_LIFECYCLE.unlisted()) {
      // Put the action where the move starts, as a restart would load it.
      slice.load({ actions: [{ ...structuredClone(created), status: move.from }], idempotency: [] });
      const before = structuredClone(service.find(created.id));
      const written = service.move(created.id, move.on, move.to, { failureReason: 'out of paper' });
      if (written.ok || !isDeepStrictEqual(service.find(created.id), before)) accepted.push(`${move.from} -${move.on}-> ${move.to}`);
    }
    expect(ACTION_LIFECYCLE.unlisted().length).toBeGreaterThan(0);
    expect(accepted).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('writes a listed move with its history and tells the listeners', () => {
    const service = new ActionService(createManualClock());
    const action = service.create(1001, {
      type: 'print',
      external_reference: 'REF-2',
      config: { point: { terminal_id: 'NEWLAND_N950__SBX0000001', subtype: 'custom' } },
      content: 'hello',
    });
    const changes: ActionChange[] = [];
    service.subscribe((change) => changes.push(change));
    expect(service.move(action.id, 'pickup', 'on_terminal').ok).toBe(true);
    expect(service.move(action.id, 'print_failed', 'failed', { failureReason: 'out of paper' }).ok).toBe(true);
    expect(service.find(action.id)).toMatchObject({ status: 'failed', failureReason: 'out of paper' });
    expect(service.find(action.id)?.history.map((step) => step.event)).toEqual(['create', 'pickup', 'print_failed']);
    expect(changes.map((change) => [change.from, change.event])).toEqual([
      ['created', 'pickup'],
      ['on_terminal', 'print_failed'],
    ]);
  });
});
