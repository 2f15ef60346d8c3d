import { UNFINISHED_PRINT_STATUSES } from '../../../shared/lifecycle/print';
import { CLOSED_SALE_STATUSES } from '../../../shared/lifecycle/terminal-sale';
import type { ChannelHandlers } from '../ipc/dispatch';
import type { BusyReason } from './policy';

/**
 * Prints on their way (a print set aside waits for a person, not for the platform, and resumes after a
 * restart, so it does not hold an update back); sales the terminal or the platform still has to finish
 * (an `unconfirmed` one waits for a person too).
 */
const BUSY_PRINTS = UNFINISHED_PRINT_STATUSES.filter((status) => status !== 'needs_attention');

export interface CounterActivity {
  busy(): Promise<BusyReason[]>;
  setOpenDialogs(open: number): void;
}

export function createCounterActivity(handlers: () => Pick<ChannelHandlers, 'prints.list' | 'terminalSales.list'>): CounterActivity {
  let openDialogs = 0;
  return {
    async busy() {
      const reasons: BusyReason[] = [];
      const prints = await handlers()['prints.list']({
        filters: { status: [...BUSY_PRINTS] },
        sort: { field: 'createdAt', direction: 'desc' },
        page: { index: 0, size: 1 },
      });
      if (prints.total > 0) reasons.push('print');
      const { sales } = await handlers()['terminalSales.list']({});
      if (sales.some((sale) => !CLOSED_SALE_STATUSES.includes(sale.status) && sale.status !== 'unconfirmed')) reasons.push('sale');
      if (openDialogs > 0) reasons.push('dialog');
      return reasons;
    },
    setOpenDialogs(open) {
      openDialogs = open;
    },
  };
}
