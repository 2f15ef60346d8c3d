import { useCallback, type ReactNode } from 'react';
import { useLiveStaffStatus, useStaffStatus } from '../../api/staff';
import { ApprovalDialog } from './ApprovalDialog';
import { LockScreen } from './LockScreen';
import { OwnerSetup } from './OwnerSetup';
import { useIdleLock } from './use-idle-lock';
import { useLock } from './use-staff-actions';
import './staff.css';

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
  // Until main answers, nothing is shown either: a counter whose status is unknown is treated as locked.
  const locked = status.isError ? false : data === undefined || data.signedIn === null;
  return (
    <>
      <div className="staff-gated" data-locked={locked} inert={locked} aria-hidden={locked}>
        {children}
      </div>
      {data !== undefined && !data.ready && <OwnerSetup />}
      {data !== undefined && data.ready && data.signedIn === null && <LockScreen status={data} />}
      <ApprovalDialog />
    </>
  );
}
