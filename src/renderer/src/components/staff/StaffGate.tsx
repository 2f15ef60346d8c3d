import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveStaffStatus, useStaffStatus } from '../../api/staff';
import { ApprovalDialog } from './ApprovalDialog';
import { LockScreen } from './LockScreen';
import { OwnerSetup } from './OwnerSetup';
import { useIdleLock } from './use-idle-lock';
import { useLock } from './use-staff-actions';
import './staff.css';

/** What had the keyboard when the counter locked gets it back when someone signs in again. */
function useFocusKeptAcrossLock(locked: boolean): void {
  const focused = useRef<Element | null>(null);
  // Before paint: the browser moves the focus out of an inert subtree at its next rendering step.
  useLayoutEffect(() => {
    if (locked) {
      focused.current = document.activeElement;
      return;
    }
    const element = focused.current;
    focused.current = null;
    if (element instanceof HTMLElement && element.isConnected) element.focus();
  }, [locked]);
}

/** Someone signed in: every screen reads again what main refused while the counter was locked (or to the person before). */
function useReadAgainOnSignIn(personId: string | null | undefined): void {
  const client = useQueryClient();
  const before = useRef(personId);
  useEffect(() => {
    const changed = before.current !== personId;
    before.current = personId;
    if (changed && personId !== null && personId !== undefined) {
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'staff.status' });
    }
  }, [client, personId]);
}

/**
 * The counter behind its lock: while nobody is signed in, the screens stay mounted (what was being typed
 * survives a lock) but are hidden and inert, so no amount or customer shows and nothing can be reached.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  useLiveStaffStatus();
  const status = useStaffStatus();
  const lock = useLock();
  const run = lock.run;
  const lockNow = useCallback(() => run({}), [run]);
  useIdleLock(status.data, lockNow);
  const data = status.data;
  const locked = !status.isError && data?.signedIn === null;
  useFocusKeptAcrossLock(locked);
  useReadAgainOnSignIn(data?.signedIn?.id);
  // Until main says who is signed in, the screens are not even mounted: they mount (and take the
  // keyboard focus) only once they may be shown.
  const known = status.isError || data !== undefined;
  return (
    <>
      <div className="staff-gated" data-locked={locked} inert={locked} aria-hidden={locked}>
        {known ? children : null}
      </div>
      {data !== undefined && !data.ready && <OwnerSetup />}
      {data !== undefined && data.ready && data.signedIn === null && <LockScreen status={data} />}
      <ApprovalDialog />
    </>
  );
}
