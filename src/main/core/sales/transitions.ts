import type { TerminalSaleStatus } from '../../../shared/ipc/channels/terminal-sales';

/**
 * Where a sale's status may go, as data (like the sandbox's TRANSITIONS): only forward, so a late or
 * repeated answer (an old poll, a webhook after the poll) never moves a sale back. A poll may skip
 * `at_terminal` when the card was quicker than the poll (docs/decisions.md "Charge on the terminal").
 */
export const SALE_TRANSITIONS: Readonly<Record<TerminalSaleStatus, readonly TerminalSaleStatus[]>> = {
  created: ['at_terminal', 'processed', 'failed', 'action_required', 'expired', 'canceled'],
  at_terminal: ['processed', 'failed', 'action_required', 'expired', 'canceled'],
  action_required: ['processed', 'failed', 'expired', 'canceled'],
  processed: ['refunded'],
  failed: [],
  expired: [],
  canceled: [],
  refunded: [],
};

export function canMove(from: TerminalSaleStatus, to: TerminalSaleStatus): boolean {
  return SALE_TRANSITIONS[from].includes(to);
}

/** Nothing can happen to the order on the platform any more: polling stops. */
export function isFinalSaleStatus(status: TerminalSaleStatus): boolean {
  return SALE_TRANSITIONS[status].length === 0;
}

/** The terminal has not picked the order up: the only time the cashier may cancel (Orders API cancel). */
export function isCancelable(status: TerminalSaleStatus): boolean {
  return status === 'created';
}
