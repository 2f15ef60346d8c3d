import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DayStatus } from '../../../../shared/ipc/channels/day';
import { queryKeyOf, useContractEvent } from '../../api/hooks';
import { ScreenFrame } from '../../screens/ScreenFrame';
import { useDayStatus } from './api';
import { ReconciliationPanel } from './Reconciliation';
import { OpenShiftForm, OpenShiftPanel } from './ShiftPanel';
import { StoreDayPanel } from './StoreDay';
import { ZReports } from './ZReports';
import './day.css';

/** The counter's day: the shift (open it, record cash, read the X, close with the Z), the Z reports, the reconciliation, and the whole store's day. */
export function DayScreen() {
  const client = useQueryClient();
  const status = useDayStatus();
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['day.status'] });
    void client.invalidateQueries({ queryKey: ['day.zReports'] });
    void client.invalidateQueries({ queryKey: ['day.xReport'] });
  }, [client]);
  // The close unmounts its form before the mutation's own callbacks could run: the event refreshes the Zs too.
  const onChanged = useCallback(
    (next: DayStatus) => {
      client.setQueryData(queryKeyOf('day.status', {}), next);
      void client.invalidateQueries({ queryKey: ['day.zReports'] });
    },
    [client],
  );
  useContractEvent('day.changed', onChanged);
  const day = status.data;
  return (
    <ScreenFrame screen="day" className="day-screen" testId="day-screen">
      {status.error !== null && <p role="alert">{status.error.message}</p>}
      {day !== undefined &&
        (day.shift === null ? <OpenShiftForm onDone={refresh} /> : <OpenShiftPanel shift={day.shift} overnight={day.openOverMidnight} onChange={refresh} />)}
      <ZReports />
      {day !== undefined && <ReconciliationPanel shifts={day.recent} />}
      <StoreDayPanel />
    </ScreenFrame>
  );
}
