import type { Chargeback } from '../../shared/platform/payments';
import type { Clock } from '../../shared/clock';
import { SandboxError } from '../errors';
import { notFound } from '../input';
import type { MerchantOrderService } from '../merchant-orders/service';
import { roundMoney } from '../money';
import { webhookAction, type NotificationService } from '../notifications/service';
import type { PaymentService } from '../payments/service';
import { ChargebackStore } from './store';

const DAY = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Chargebacks (topic `chargebacks`, spec 6.1): a buyer disputes an approved payment, which becomes
 * charged_back; its merchant order counts it as returned. Opened from the control API.
 */
export class ChargebackService {
  readonly store = new ChargebackStore();

  constructor(
    private readonly clock: Clock,
    private readonly notifications: NotificationService,
    private readonly payments: PaymentService,
    private readonly merchantOrders: MerchantOrderService,
  ) {}

  open(paymentId: number, input: { amount?: number | undefined; reason?: string | undefined }): Chargeback {
    const record = this.payments.store.get(paymentId);
    if (record === undefined) throw notFound('payment');
    const payment = record.payment;
    if (payment.status !== 'approved') {
      throw new SandboxError(409, 'invalid_payment_status', `only an approved payment can be charged back; this one is ${payment.status}`);
    }
    const amount = roundMoney(input.amount ?? payment.transaction_amount);
    if (amount <= 0 || amount > payment.transaction_amount) {
      throw new SandboxError(400, 'bad_request', 'invalid chargeback', [
        { code: 'property_value', description: `amount must be greater than 0 and at most ${payment.transaction_amount}` },
      ]);
    }
    const now = this.clock.now();
    const chargeback: Chargeback = {
      id: this.store.nextId(),
      payment_id: payment.id,
      payments: [payment.id],
      amount,
      currency_id: payment.currency_id,
      status: 'opened',
      reason: input.reason ?? 'fraud',
      coverage_applied: false,
      coverage_eligible: true,
      documentation_required: true,
      documentation_status: 'pending',
      date_documentation_deadline: iso(now + 10 * DAY),
      live_mode: payment.live_mode,
      date_created: iso(now),
      date_last_updated: iso(now),
    };
    this.store.add({ chargeback, user_id: payment.collector_id, client_id: record.client_id, notification_url: payment.notification_url });
    payment.status = 'charged_back';
    payment.status_detail = 'in_process';
    payment.date_last_updated = iso(now);
    this.notifications.notify({
      topic: 'chargebacks',
      resourceId: chargeback.id,
      action: webhookAction('chargebacks', 'created'),
      userId: payment.collector_id,
      clientId: record.client_id,
      liveMode: payment.live_mode,
      notificationUrl: payment.notification_url,
    });
    this.payments.changed(record);
    const order = payment.order === null ? undefined : this.merchantOrders.store.get(payment.order.id);
    if (order !== undefined) {
      this.merchantOrders.refresh(order);
      this.merchantOrders.notify(order, 'updated');
    }
    return chargeback;
  }
}
