import type { SaleStatus } from '../../../shared/ipc/channels/orders';

/**
 * Where a sale's status may go, as data (like the sandbox's TRANSITIONS): only forward, so a late or
 * repeated answer (an old poll, a webhook after the poll) never moves a sale back. A poll may skip
 * `at_terminal` when the card was quicker than the poll (docs/decisions.md "Charge on the terminal").
 */
export const SALE_TRANSITIONS: Readonly<Record<SaleStatus, readonly SaleStatus[]>> = {
  created: ['at_terminal', 'processed', 'failed', 'action_required', 'expired', 'canceled'],
  at_terminal: ['processed', 'failed', 'action_required', 'expired', 'canceled'],
  action_required: ['processed', 'failed', 'expired', 'canceled'],
  processed: ['refunded'],
  failed: [],
  expired: [],
  canceled: [],
  refunded: [],
};

export function canMove(from: SaleStatus, to: SaleStatus): boolean {
  return SALE_TRANSITIONS[from].includes(to);
}

/** Nothing can happen to the order on the platform any more: polling stops. */
export function isFinalSaleStatus(status: SaleStatus): boolean {
  return SALE_TRANSITIONS[status].length === 0;
}

/** The terminal has not picked the order up: the only time the cashier may cancel (Orders API cancel). */
export function isCancelable(status: SaleStatus): boolean {
  return status === 'created';
}
