import type { Clock } from '../../shared/clock';
import type { Payment, PaymentStatus, Refund } from '../../shared/platform/payments';
import { SandboxError } from '../errors';
import { notFound } from '../input';
import { roundMoney } from '../money';
import { PAYMENT_LIFECYCLE } from './lifecycle';
import type { PaymentRefunds } from './refunds';
import type { PaymentService } from './service';
import type { PaymentRecord } from './store';

/** Cancel, capture and refund of a payment by its collector (`PUT /v1/payments/{id}`, `/v1/payments/{id}/refunds`). */

const iso = (ms: number): string => new Date(ms).toISOString();
const REFUND_ID_BASE = 2_100_000_000;

function refused(payment: Payment, action: string, to: PaymentStatus, on: Parameters<typeof PAYMENT_LIFECYCLE.check>[1]): void {
  const check = PAYMENT_LIFECYCLE.check(payment.status, on, to);
  if (!check.ok) {
    throw new SandboxError(400, 'bad_request', `Invalid operation: cannot ${action} a payment in status ${payment.status}`, [
      { code: 'invalid_status', description: check.reason },
    ]);
  }
}

export class PaymentChanges {
  constructor(
    private readonly clock: Clock,
    private readonly payments: PaymentService,
    private readonly refunds: PaymentRefunds,
  ) {}

  own(userId: number, id: number): PaymentRecord {
    const record = this.payments.store.get(id);
    if (record === undefined || record.payment.collector_id !== userId) throw notFound('payment');
    return record;
  }

  cancel(record: PaymentRecord): Payment {
    const { payment } = record;
    refused(payment, 'cancel', 'cancelled', 'cancel');
    payment.status = 'cancelled';
    payment.status_detail = 'by_collector';
    payment.date_last_updated = iso(this.clock.now());
    this.payments.changed(record);
    return payment;
  }

  /** Captures all of an authorized payment, or less: the payment then is for the amount captured. */
  capture(record: PaymentRecord, amount: number | undefined): Payment {
    const { payment } = record;
    refused(payment, 'capture', 'approved', 'capture');
    if (amount !== undefined && amount > payment.transaction_amount) {
      throw new SandboxError(400, 'bad_request', 'Invalid transaction_amount: a capture cannot exceed the amount authorized', [
        { code: 'property_value', description: `transaction_amount must be at most ${payment.transaction_amount}` },
      ]);
    }
    const now = iso(this.clock.now());
    const captured = roundMoney(amount ?? payment.transaction_amount);
    Object.assign(payment, {
      status: 'approved',
      status_detail: 'accredited',
      captured: true,
      transaction_amount: captured,
      date_approved: now,
      date_last_updated: now,
    });
    payment.transaction_details = {
      ...payment.transaction_details,
      net_received_amount: captured,
      total_paid_amount: captured,
      installment_amount: roundMoney(captured / payment.installments),
    };
    this.payments.changed(record);
    return payment;
  }

  /** Refunds `amount` (the rest of the payment when absent); the refund is kept on the payment's `refunds`. */
  refund(record: PaymentRecord, amount: number | undefined): Refund {
    const { payment } = record;
    const left = roundMoney(payment.transaction_amount - payment.transaction_amount_refunded);
    const value = roundMoney(amount ?? left);
    refused(payment, 'refund', value >= left ? 'refunded' : 'approved', value >= left ? 'refund_rest' : 'refund_part');
    if (value > left) {
      throw new SandboxError(400, 'bad_request', 'Invalid refund amount', [
        { code: 'property_value', description: `amount must be at most ${left}, what is left of the payment` },
      ]);
    }
    const refund: Refund = {
      id: REFUND_ID_BASE + this.payments.store.nextRefundNumber(() => this.refundCount()),
      payment_id: payment.id,
      amount: value,
      amount_refunded_to_payer: value,
      adjustment_amount: 0,
      status: 'approved',
      refund_mode: 'standard',
      source: { id: String(payment.collector_id), name: 'collector', type: 'collector' },
      date_created: iso(this.clock.now()),
      metadata: {},
      reason: null,
      unique_sequence_number: null,
    };
    payment['refunds'] = [...refundsOf(payment), refund];
    this.refunds.refund(payment.id, value);
    return refund;
  }

  /** Every refund on the payments kept: after a restart, refund ids go on from there. */
  private refundCount(): number {
    return this.payments.store.all().reduce((count, payment) => count + refundsOf(payment).length, 0);
  }
}

export function refundsOf(payment: Payment): Refund[] {
  const refunds = payment['refunds'];
  return Array.isArray(refunds) ? (refunds as Refund[]) : [];
}
