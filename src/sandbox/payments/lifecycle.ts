import { defineLifecycle } from '../../shared/lifecycle/kit';
import type { PaymentStatus } from '../../shared/platform/payments';

/**
 * What a merchant may do to a payment through the API (cancel, capture, refund), as a table: a
 * request the table has no row for is refused with the payment left as it was.
 */
export const PAYMENT_LIFECYCLE = defineLifecycle({
  name: 'payment',
  states: ['pending', 'in_process', 'authorized', 'approved', 'rejected', 'cancelled', 'refunded', 'in_mediation', 'charged_back'] satisfies PaymentStatus[],
  events: ['cancel', 'capture', 'refund_part', 'refund_rest'],
  initial: ['pending', 'in_process', 'authorized', 'approved', 'rejected'],
  moves: [
    { from: 'pending', on: 'cancel', to: 'cancelled' },
    { from: 'in_process', on: 'cancel', to: 'cancelled' },
    { from: 'authorized', on: 'cancel', to: 'cancelled' },
    { from: 'authorized', on: 'capture', to: 'approved' },
    { from: 'approved', on: 'refund_part', to: 'approved' },
    { from: 'approved', on: 'refund_rest', to: 'refunded' },
  ],
});
