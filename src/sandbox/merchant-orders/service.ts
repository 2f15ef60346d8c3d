import type { MerchantOrder, Payment } from '../../shared/platform/payments';
import type { Preference } from '../../shared/platform/preferences';
import { currencyOf, nicknameOf, siteOf } from '../accounts';
import type { SandboxContext } from '../context';
import { roundMoney } from '../money';
import { webhookAction, type NotificationService } from '../notifications/service';
import { MerchantOrderStore, type MerchantOrderRecord } from './store';

/** A point order's charge, which gets a merchant order of its own. */
export interface TerminalCharge {
  userId: number;
  clientId: string;
  liveMode: boolean;
  amount: number;
  currency: string;
  description: string | null;
  externalReference: string;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Merchant orders (topic `merchant_order`, spec 6.1): what groups the payments of one sale. Their
 * payments and totals are always computed from the payments that point at them, never kept twice.
 */
export class MerchantOrderService {
  readonly store = new MerchantOrderStore();

  constructor(
    private readonly context: SandboxContext,
    private readonly notifications: NotificationService,
    /** The payments made in a merchant order (the payments area holds them). */
    private readonly paymentsOf: (orderId: number) => Payment[],
  ) {}

  /** The merchant order of a checkout preference, made at its first payment: its items are the preference's. */
  openForPreference(preference: Preference, liveMode: boolean, payerEmail: string): MerchantOrderRecord {
    const { seed } = this.context;
    const currency = preference.items[0]?.currency_id ?? currencyOf(seed, preference.collector_id);
    const items = preference.items.map((item) => ({
      id: typeof item['id'] === 'string' ? item['id'] : null,
      title: item.title,
      description: typeof item['description'] === 'string' ? item['description'] : null,
      category_id: typeof item['category_id'] === 'string' ? item['category_id'] : null,
      quantity: item.quantity,
      unit_price: item.unit_price,
      currency_id: item.currency_id ?? currency,
    }));
    return this.open(
      {
        external_reference: preference.external_reference ?? null,
        preference_id: preference.id,
        collector: { id: preference.collector_id, nickname: nicknameOf(seed, preference.collector_id) },
        payer: { email: payerEmail },
        items,
        notification_url: preference.notification_url ?? null,
        site_id: siteOf(seed, preference.collector_id),
        total_amount: roundMoney(items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0)),
        is_test: !liveMode,
      },
      preference.client_id,
      liveMode,
    );
  }

  /** A point order's merchant order: one item for the charged amount; no preference (preference_id is empty). */
  openForTerminal(charge: TerminalCharge): MerchantOrderRecord {
    const { seed } = this.context;
    const item = {
      id: null,
      title: charge.description ?? charge.externalReference,
      description: null,
      category_id: null,
      quantity: 1,
      unit_price: roundMoney(charge.amount),
      currency_id: charge.currency,
    };
    return this.open(
      {
        external_reference: charge.externalReference,
        preference_id: '',
        collector: { id: charge.userId, nickname: nicknameOf(seed, charge.userId) },
        payer: null,
        items: [item],
        notification_url: null,
        site_id: siteOf(seed, charge.userId),
        total_amount: roundMoney(charge.amount),
        is_test: !charge.liveMode,
      },
      charge.clientId,
      charge.liveMode,
    );
  }

  /** Recomputes an order's payments and totals from the payments that point at it. */
  refresh(record: MerchantOrderRecord): void {
    const order = record.order;
    const payments = this.paymentsOf(order.id);
    order.payments = payments.map((payment) => ({
      id: payment.id,
      transaction_amount: payment.transaction_amount,
      total_paid_amount: payment.transaction_details.total_paid_amount,
      amount_refunded: payment.transaction_amount_refunded,
      currency_id: payment.currency_id,
      status: payment.status,
      status_detail: payment.status_detail,
      operation_type: payment.operation_type,
      date_approved: payment.date_approved,
      date_created: payment.date_created,
      last_modified: payment.date_last_updated,
    }));
    const paid = roundMoney(payments.filter((payment) => payment.status === 'approved').reduce((sum, payment) => sum + payment.transaction_amount, 0));
    order.paid_amount = paid;
    order.refunded_amount = roundMoney(
      payments.filter((payment) => payment.status === 'charged_back').reduce((sum, payment) => sum + payment.transaction_amount, 0),
    );
    if (paid >= order.total_amount) order.order_status = 'paid';
    else if (payments.some((payment) => payment.status === 'charged_back')) order.order_status = 'reverted';
    else if (payments.some((payment) => payment.status === 'pending' || payment.status === 'in_process')) order.order_status = 'payment_in_process';
    else if (paid > 0) order.order_status = 'partially_paid';
    else order.order_status = 'payment_required';
    order.status = order.order_status === 'paid' ? 'closed' : 'opened';
    order.last_updated = iso(this.context.clock.now());
  }

  /** Tells the order's receivers it was created or changed. */
  notify(record: MerchantOrderRecord, verb: 'created' | 'updated'): void {
    this.notifications.notify({
      topic: 'merchant_order',
      resourceId: record.order.id,
      action: webhookAction('merchant_order', verb),
      userId: record.order.collector.id,
      clientId: record.client_id,
      liveMode: record.live_mode,
      notificationUrl: record.order.notification_url,
    });
  }

  private open(
    fields: Pick<
      MerchantOrder,
      'external_reference' | 'preference_id' | 'collector' | 'payer' | 'items' | 'notification_url' | 'site_id' | 'total_amount' | 'is_test'
    >,
    clientId: string,
    liveMode: boolean,
  ): MerchantOrderRecord {
    const now = iso(this.context.clock.now());
    const order: MerchantOrder = {
      id: this.store.nextId(),
      status: 'opened',
      order_status: 'payment_required',
      external_reference: fields.external_reference,
      preference_id: fields.preference_id,
      payments: [],
      shipments: [],
      collector: fields.collector,
      payer: fields.payer,
      items: fields.items,
      marketplace: 'NONE',
      notification_url: fields.notification_url,
      site_id: fields.site_id,
      total_amount: fields.total_amount,
      paid_amount: 0,
      refunded_amount: 0,
      shipping_cost: 0,
      cancelled: false,
      is_test: fields.is_test,
      date_created: now,
      last_updated: now,
    };
    const record: MerchantOrderRecord = { order, client_id: clientId, live_mode: liveMode };
    this.store.add(record);
    return record;
  }
}
