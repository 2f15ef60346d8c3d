import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffStatus } from '../../../shared/ipc/channels/staff';
import { roleMay, type Permission } from '../../../shared/staff/roles';
import { queryKeyOf, useContractEvent, useContractQuery } from './hooks';

/** Who is signed in and who may sign in: read by the shell, the lock screen and any screen that hides what a role may not do. */
export const useStaffStatus = () => useContractQuery('staff.status', {}, { staleTime: Infinity });

/** Keeps the cached status current from `staff.changed` (a sign-in, a lock, a change to the list). */
export function useLiveStaffStatus(): void {
  const client = useQueryClient();
  const put = useCallback((status: StaffStatus) => client.setQueryData(queryKeyOf('staff.status', {}), status), [client]);
  useContractEvent('staff.changed', put);
}

/** Whether the signed-in person's role holds `permission` (false while locked): what a screen shows, never what main allows. */
export function useMay(permission: Permission): boolean {
  const status = useStaffStatus();
  const role = status.data?.signedIn?.role;
  return role !== undefined && roleMay(role, permission);
}

export { setApprovalRequester, type ApprovalRequester } from './approval-requester';
