import type { Clock } from '../../shared/clock';
import type { Payment } from '../../shared/platform/payments';
import { notFound } from '../input';
import type { MerchantOrderService } from '../merchant-orders/service';
import { roundMoney } from '../money';
import type { PaymentService } from './service';

const iso = (ms: number): string => new Date(ms).toISOString();

/** Refunds of payments: part or all of one, its merchant order following; both notified. */
export class PaymentRefunds {
  constructor(
    private readonly clock: Clock,
    private readonly payments: PaymentService,
    private readonly merchantOrders: MerchantOrderService,
  ) {}

  /** Refunds `amount` of the payment (the Orders API refund of a point order): refunded once nothing is left, else partially. */
  refund(paymentId: number, amount: number): Payment {
    const record = this.payments.store.get(paymentId);
    if (record === undefined) throw notFound('payment');
    const payment = record.payment;
    payment.transaction_amount_refunded = roundMoney(payment.transaction_amount_refunded + amount);
    const total = payment.transaction_amount_refunded >= payment.transaction_amount;
    payment.status = total ? 'refunded' : 'approved';
    payment.status_detail = total ? 'refunded' : 'partially_refunded';
    payment.date_last_updated = iso(this.clock.now());
    this.payments.changed(record);
    const orderRecord = payment.order === null ? undefined : this.merchantOrders.store.get(payment.order.id);
    if (orderRecord !== undefined) {
      this.merchantOrders.refresh(orderRecord);
      // refresh counts chargebacks only; refunds of its payments are added here.
      const refunds = orderRecord.order.payments.reduce((sum, entry) => sum + entry.amount_refunded, 0);
      orderRecord.order.refunded_amount = roundMoney(orderRecord.order.refunded_amount + refunds);
      if (total) orderRecord.order.order_status = 'reverted';
      this.merchantOrders.notify(orderRecord, 'updated');
    }
    return payment;
  }
}
