import type { MadeBy } from '../../../shared/staff/made-by';
import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { DatabaseSync } from '../history/sqlite';
import type { EventHub } from '../ipc/events';
import type { CheckoutNotification, NotificationsArea } from '../notifications/area';
import type { PlatformClient } from '../platform/client';
import { silentLogger, type Logger } from '../ports';
import type { KeyValueStore, SettingsRepository } from '../settings/store';
import { createCheckoutHandlers, type CheckoutHandlers } from './handlers';
import { createSaleTracker } from './sale-tracker';
import { createCheckoutBook } from './sales-book';

export interface CheckoutOptions {
  platform: PlatformClient;
  /** The settings file, where the sales were kept before they moved to the history (imported once from it). */
  store: KeyValueStore;
  settings: SettingsRepository;
  events: EventHub;
  clock: Clock;
  /** Resolves once the current environment's history is open (the print queue's switch opens it). */
  historyReady(): Promise<unknown>;
  /** The notification receiver's area (core/notifications/area.ts): its URL goes into every preference. */
  notifications: Pick<NotificationsArea, 'listening' | 'status'>;
  logger?: Logger;
  /** Who makes a checkout sale now (the staff's caller of the call being handled). */
  actor?: () => MadeBy | null;
}

export interface Checkout {
  readonly handlers: CheckoutHandlers;
  /** What a notification says about a checkout sale (the notifications area routes them here). */
  track(notified: CheckoutNotification): Promise<void>;
  /** Keeps the sales of an environment in its opened history; given to the print switch's opener. */
  attach(db: DatabaseSync, environment: Environment): { close(): void };
}

/**
 * Checkout preferences with industry data (spec 4.2, 2.5) and the sales they become, kept in the
 * environment's history and followed through the platform's notifications (4.6, 4.7, 6): the sale
 * tracker finds the sale each resource read back belongs to and keeps it, emitting `checkoutSale.changed`.
 */
export function createCheckout(options: CheckoutOptions): Checkout {
  const { platform, settings, events, clock } = options;
  const logger = options.logger ?? silentLogger;
  const book = createCheckoutBook({ store: options.store, environment: () => settings.get().environment, historyReady: options.historyReady, logger });
  const tracker = createSaleTracker({ book, events, platform, logger, isoNow: () => new Date(clock.now()).toISOString() });
  return {
    handlers: createCheckoutHandlers({ platform, settings, events, clock, book, receiver: options.notifications, actor: options.actor }),
    track: (notified) => tracker.apply(notified),
    attach: (db, environment) => book.attach(db, environment),
  };
}
