import type { Chargeback, MerchantOrder, Payment, PaymentIntent } from '../../../shared/platform/payments';
import type { NotificationTopic } from '../../../shared/platform/notifications';
import type { PointOrder } from '../../../shared/platform/orders';
import type { PlatformClient } from '../platform/client';

/** A notified resource as read back from its 4.6 endpoint: the only version of it Counter trusts. */
export type NotifiedResource =
  | { topic: 'payment'; resource: Payment }
  | { topic: 'merchant_order'; resource: MerchantOrder }
  | { topic: 'chargebacks'; resource: Chargeback }
  | { topic: 'point_integration_ipn'; resource: PaymentIntent }
  | { topic: 'order'; resource: PointOrder };

/** Spec 4.6: one read endpoint per topic, through the typed platform client (bearer token, retries, parsing). */
export async function readNotifiedResource(platform: PlatformClient, topic: NotificationTopic, id: string): Promise<NotifiedResource> {
  switch (topic) {
    case 'payment':
      return { topic, resource: await platform.payments.get(id) };
    case 'merchant_order':
      return { topic, resource: await platform.merchantOrders.get(id) };
    case 'chargebacks':
      return { topic, resource: await platform.chargebacks.get(id) };
    case 'point_integration_ipn':
      return { topic, resource: await platform.paymentIntents.get(id) };
    case 'order':
      return { topic, resource: await platform.orders.get(id) };
  }
}
