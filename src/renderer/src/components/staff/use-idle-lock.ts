import { useEffect } from 'react';
import type { StaffStatus } from '../../../../shared/ipc/channels/staff';

const ACTIVITY = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/**
 * Locks the counter after `idleLockSeconds` without a key, a click or a move (0: never), and on Alt+L
 * at any time. Main refuses every call once locked, so this only decides when, not whether, it holds.
 */
export function useIdleLock(status: StaffStatus | undefined, lock: () => void): void {
  const signedIn = status?.signedIn !== null && status?.signedIn !== undefined;
  const seconds = status?.idleLockSeconds ?? 0;
  useEffect(() => {
    if (!signedIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(timer);
      if (seconds > 0) timer = setTimeout(lock, seconds * 1000);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.key.toLowerCase() === 'l') {
        event.preventDefault();
        lock();
      }
    };
    restart();
    for (const name of ACTIVITY) window.addEventListener(name, restart, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, restart);
      window.removeEventListener('keydown', onKey);
    };
  }, [signedIn, seconds, lock]);
}
