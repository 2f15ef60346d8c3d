import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { ReceiverStatus } from '../../../shared/ipc/channels/checkout';
import type { PointOrder } from '../../../shared/platform/orders';
import type { PlatformClient } from '../platform/client';
import type { Logger } from '../ports';
import { createNotificationReceiver, type NotificationReceiver, type NotificationReceiverConfig } from './receiver';
import { readNotifiedResource, type NotifiedResource } from './resources';

/** What the checkout follows: everything the platform notifies but point orders. */
export type CheckoutNotification = Exclude<NotifiedResource, { topic: 'order' }>;

export interface NotificationsAreaOptions {
  platform: PlatformClient;
  clock: Clock;
  logger: Logger;
  /** The current environment; signatures are held to a timestamp tolerance in production only. */
  environment(): Environment;
  /** The current environment's client_secret (credentials service), to verify webhook signatures. */
  applicationSecret(): Promise<string>;
  config?: NotificationReceiverConfig;
  /** Payments, merchant orders, chargebacks and payment intents, as read back: the checkout's sales (core/checkout). */
  checkout(notified: CheckoutNotification): Promise<void> | void;
  /** The terminal sales (core/sales), told of a point order the platform notified (topic `order`). */
  terminalSales(): Promise<{ notified(order: PointOrder): void }>;
}

export interface NotificationsArea {
  readonly receiver: NotificationReceiver;
  /** The receiver's notification URL once it listens; null when it could not start. */
  readonly listening: Promise<string | null>;
  status(): ReceiverStatus;
  close(): Promise<void>;
}

/**
 * The platform's webhook receiver (spec 6), started with the app: notifications for sales of an earlier
 * run may already be on their way (6.3 retries). The receiver acknowledges and reads back (receiver.ts);
 * each resource read back goes to whom it concerns: a point order to the terminal sales, every other
 * topic to the checkout.
 */
export function createNotificationsArea(options: NotificationsAreaOptions): NotificationsArea {
  const { platform, clock, logger } = options;
  const receiver = createNotificationReceiver({
    ...options.config,
    clock,
    secret: options.applicationSecret,
    read: (topic, id) => readNotifiedResource(platform, topic, id),
    onResource: async (notified) => {
      // An order's webhook: approval shows as soon as the platform tells, not at the sales' next poll.
      if (notified.topic === 'order')
        void options.terminalSales().then(
          (sales) => sales.notified(notified.resource),
          () => undefined,
        );
      else await options.checkout(notified);
    },
    environment: options.environment,
    logger,
  });
  const listening = receiver.start().catch((error: unknown) => {
    logger.error('the notification receiver could not start', { error: String(error), host: options.config?.host, port: options.config?.port });
    return null;
  });
  return {
    receiver,
    listening,
    status: () => receiver.status(),
    async close() {
      await listening;
      await receiver.stop();
    },
  };
}
