import { describe, expect, it } from 'vitest';
import { createLifecycleWriter, defineLifecycle } from './kit';

const door = defineLifecycle({
  name: 'door',
  states: ['closed', 'open', 'locked', 'broken'],
  events: ['push', 'pull', 'lock', 'kick'],
  initial: ['closed'],
  moves: [
    { from: 'closed', on: 'push', to: 'open' },
    { from: 'open', on: 'pull', to: 'closed' },
    { from: 'closed', on: 'lock', to: 'locked' },
    { from: 'closed', on: 'kick', to: 'broken' },
    { from: 'closed', on: 'kick', to: 'open' },
  ],
});

describe('the lifecycle kit', () => {
  it('derives the final and unfinished statuses from the table', () => {
    expect(door.final).toEqual(['locked', 'broken']);
    expect(door.unfinished).toEqual(['closed', 'open']);
    expect(door.isFinal('locked')).toBe(true);
    expect(door.isUnfinished('open')).toBe(true);
  });

  it('answers where an event leads, and only when the table says one place', () => {
    expect(door.next('closed', 'push')).toBe('open');
    expect(door.next('open', 'push')).toBeUndefined();
    expect(door.targets('closed', 'kick')).toEqual(['broken', 'open']);
    expect(door.next('closed', 'kick')).toBeUndefined();
    expect(door.eventsFrom('closed')).toEqual(['push', 'lock', 'kick']);
  });

  it('lists every move it does not allow, and refuses each with a reason', () => {
    const unlisted = door.unlisted();
    expect(unlisted).toHaveLength(4 * 4 * 4 - door.moves.length);
    for (const move of unlisted) expect(door.check(move.from, move.on, move.to).ok).toBe(false);
    expect(door.check('locked', 'push', 'open')).toEqual({ ok: false, reason: 'a door in locked cannot move to open on push' });
  });

  it('refuses a malformed table when it is defined', () => {
    const base = { name: 'door', states: ['a', 'b'] as const, events: ['go'] as const, initial: ['a'] as const };
    expect(() => defineLifecycle({ ...base, moves: [{ from: 'a', on: 'go', to: 'c' as 'b' }] })).toThrow(/unknown status/);
    expect(() => defineLifecycle({ ...base, moves: [{ from: 'a', on: 'run' as 'go', to: 'b' }] })).toThrow(/unknown event/);
    expect(() =>
      defineLifecycle({
        ...base,
        moves: [
          { from: 'a', on: 'go', to: 'b' },
          { from: 'a', on: 'go', to: 'b' },
        ],
      }),
    ).toThrow(/listed twice/);
  });

  it('writes a move only when the record as stored NOW allows it', () => {
    const records = new Map([['front', { status: 'closed' as 'closed' | 'open' | 'locked' | 'broken' }]]);
    const writer = createLifecycleWriter(door, {
      read: (id: string) => records.get(id),
      statusOf: (record) => record.status,
      commit: (record, move, note: string) => {
        record.status = move.to;
        return `${note}: ${move.from} → ${move.to}`;
      },
    });
    expect(writer.move('front', 'lock', 'locked', 'night')).toEqual({ ok: true, written: 'night: closed → locked' });
    // A caller holding an older copy ("closed") cannot push it open any more.
    expect(writer.move('front', 'push', 'open', 'morning')).toEqual({ ok: false, reason: 'a door in locked cannot move to open on push' });
    expect(records.get('front')?.status).toBe('locked');
    expect(writer.move('back', 'push', 'open', 'x')).toEqual({ ok: false, reason: 'no door back' });
  });
});
