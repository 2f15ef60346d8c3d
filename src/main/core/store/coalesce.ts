import type { Clock, TimerHandle } from '../../../shared/clock';
import type { StoreChanged } from '../../../shared/ipc/channels/store';

/** One renderer event at most per this long: a view rereads in ~150 ms anyway, and a burst of NOTIFYs must not flood it. */
export const CHANGES_WINDOW_MS = 250;

export interface CoalescedChanges {
  push(change: StoreChanged): void;
  close(): void;
}

/**
 * Store changes for the screens, coalesced: the first change of a quiet spell goes out at once; those
 * that follow within the window go out together when it ends, as themselves when they were all the same
 * change, else as one `resync` (every view rereads). So any burst of NOTIFYs is at most one event per window.
 */
export function coalesceChanges(emit: (change: StoreChanged) => void, clock: Clock, windowMs = CHANGES_WINDOW_MS): CoalescedChanges {
  let timer: TimerHandle | undefined;
  const waiting = new Map<string, StoreChanged>();
  function flush(): void {
    timer = undefined;
    if (waiting.size === 0) return;
    const [only] = waiting.values();
    const change = waiting.size === 1 && only !== undefined ? only : { kind: 'resync' as const, counterId: null };
    waiting.clear();
    emit(change);
    timer = clock.setTimeout(flush, windowMs);
  }
  return {
    push(change) {
      if (timer === undefined) {
        emit(change);
        timer = clock.setTimeout(flush, windowMs);
        return;
      }
      waiting.set(`${change.kind}/${change.counterId ?? ''}`, change);
    },
    close() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      waiting.clear();
    },
  };
}
