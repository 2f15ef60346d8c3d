import type { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import type { Chargeback, Payment } from '../../../shared/platform/payments';
import type { EventHub } from '../ipc/events';
import type { CheckoutNotification } from '../notifications/area';
import type { PlatformClient } from '../platform/client';
import type { Logger } from '../ports';
import { applyChargeback, applyMerchantOrder, applyPayment } from './sales';
import type { CheckoutBook } from './sales-book';

export interface SaleTrackerOptions {
  book: CheckoutBook;
  events: EventHub;
  platform: PlatformClient;
  logger: Logger;
  isoNow(): string;
}

export interface SaleTracker {
  /** Keeps what a notified resource says on the sale it belongs to, emitting `checkoutSale.changed`. */
  apply(notified: CheckoutNotification): Promise<void>;
}

/**
 * Follows checkout sales through the platform's notifications (spec 4.6, 4.7, 6): finds the sale each
 * read-back resource belongs to and keeps its change.
 */
export function createSaleTracker(options: SaleTrackerOptions): SaleTracker {
  const { book, events, platform, logger, isoNow } = options;

  /**
   * Read, change and write in one synchronous step: read-backs run concurrently, and a sale looked up
   * before an await may be stale by the time it is changed.
   */
  function update(preferenceId: string, change: (sale: CheckoutSale) => CheckoutSale): CheckoutSale | undefined {
    const before = book.get(preferenceId);
    if (before === undefined) return undefined;
    const after = change(before);
    if (after !== before) {
      book.put(after);
      events.emit('checkoutSale.changed', after);
    }
    return after;
  }

  const saleOfMerchantOrder = (orderId: number): CheckoutSale | undefined => book.find((sale) => sale.merchantOrderId === String(orderId))[0];
  const saleOfPaymentId = (paymentId: number): CheckoutSale | undefined =>
    book.find((sale) => sale.payments.some((payment) => payment.id === String(paymentId)))[0];

  /**
   * The sale a payment belongs to: by its merchant order, else by our external reference when exactly
   * one sale has it, else by reading the merchant order (it names the preference).
   */
  async function saleOfPayment(payment: Payment): Promise<CheckoutSale | undefined> {
    const byOrder = payment.order === null ? undefined : saleOfMerchantOrder(payment.order.id);
    if (byOrder !== undefined) return byOrder;
    const reference = payment.external_reference;
    const byReference = reference === null || reference === '' ? [] : book.find((sale) => sale.externalReference === reference);
    if (byReference.length === 1) return byReference[0];
    if (payment.order === null) return undefined;
    const order = await platform.merchantOrders.get(String(payment.order.id));
    return update(order.preference_id, (sale) => applyMerchantOrder(sale, order, isoNow()));
  }

  async function saleOfChargeback(chargeback: Chargeback): Promise<CheckoutSale | undefined> {
    const known = saleOfPaymentId(chargeback.payment_id);
    if (known !== undefined) return known;
    // The chargeback was read before its payment: the payment says which sale it is.
    const payment = await platform.payments.get(String(chargeback.payment_id));
    const sale = await saleOfPayment(payment);
    return sale === undefined ? undefined : update(sale.preferenceId, (current) => applyPayment(current, payment, isoNow()));
  }

  async function apply(notified: CheckoutNotification): Promise<void> {
    // The sales are in the history, which may still be opening (a notification of an earlier run's sale at start).
    await book.ready();
    switch (notified.topic) {
      case 'payment': {
        const sale = await saleOfPayment(notified.resource);
        if (sale === undefined) return logger.info('a payment that is not one of our checkout sales was notified', { paymentId: notified.resource.id });
        update(sale.preferenceId, (current) => applyPayment(current, notified.resource, isoNow()));
        return;
      }
      case 'merchant_order': {
        const order = notified.resource;
        const sale = update(order.preference_id, (current) => applyMerchantOrder(current, order, isoNow()));
        if (sale === undefined) logger.info('a merchant order of no sale of ours was notified', { merchantOrderId: order.id });
        return;
      }
      case 'chargebacks': {
        const sale = await saleOfChargeback(notified.resource);
        if (sale === undefined) return logger.info('a chargeback on no sale of ours was notified', { chargebackId: notified.resource.id });
        update(sale.preferenceId, (current) => applyChargeback(current, notified.resource, isoNow()));
        return;
      }
      case 'point_integration_ipn':
        // Terminal payment intents are not checkout sales; their payment arrives under the payment topic.
        return logger.debug('a terminal payment intent was notified', { intentId: notified.resource.id, state: notified.resource.state });
    }
  }

  return { apply };
}
