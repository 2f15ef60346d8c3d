import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import type { StoreChanged } from '../../../shared/ipc/channels/store';
import { CHANGES_WINDOW_MS, coalesceChanges } from './coalesce';

describe('store changes for the screens', () => {
  it('turn 200,000 notifications into at most one event per window, the last word never lost', async () => {
    const clock = createManualClock();
    const emitted: StoreChanged[] = [];
    const changes = coalesceChanges((change) => emitted.push(change), clock);
    for (let index = 0; index < 200_000; index++) changes.push({ kind: 'prints', counterId: `counter-${index % 3}` });
    expect(emitted).toHaveLength(1);
    await clock.advance(CHANGES_WINDOW_MS);
    expect(emitted).toEqual([
      { kind: 'prints', counterId: 'counter-0' },
      { kind: 'resync', counterId: null },
    ]);
    await clock.advance(CHANGES_WINDOW_MS);
    changes.push({ kind: 'commands', counterId: 'counter-1' });
    changes.push({ kind: 'commands', counterId: 'counter-1' });
    await clock.advance(CHANGES_WINDOW_MS);
    expect(emitted.slice(2)).toEqual([
      { kind: 'commands', counterId: 'counter-1' },
      { kind: 'commands', counterId: 'counter-1' },
    ]);
    changes.close();
  });
});
