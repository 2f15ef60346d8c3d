import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Clock } from '../../../shared/clock';
import type { CheckoutErrorCode, checkoutChannels, CheckoutSale } from '../../../shared/ipc/channels/checkout';
import type { Language } from '../../../shared/ipc/channels/app';
import type { ChannelSpec } from '../../../shared/ipc/define';
import { failureText } from '../../../shared/i18n/failures';
import { findIndustry } from '../../../shared/platform/industries';
import { industryReport, type Preference } from '../../../shared/platform/preferences';
import { CounterError } from '../errors';
import type { EventHub } from '../ipc/events';
import { createNotificationReceiver, type NotificationReceiver, type NotificationReceiverConfig } from '../notifications/receiver';
import { readNotifiedResource } from '../notifications/resources';
import type { PointOrder } from '../../../shared/platform/orders';
import type { PlatformClient } from '../platform/client';
import { silentLogger, type Logger } from '../ports';
import type { KeyValueStore, SettingsRepository } from '../settings/store';
import { createSaleTracker } from './sale-tracker';
import { createSalesBook, type SalesBook } from './sales-book';

type HandlersOf<Specs extends Record<string, ChannelSpec>> = {
  [C in keyof Specs]: (request: z.output<Specs[C]['request']>) => Promise<z.output<Specs[C]['response']>> | z.output<Specs[C]['response']>;
};

/** The handlers of the checkout channels, shaped to spread into the app core's ChannelHandlers. */
export type CheckoutHandlers = HandlersOf<typeof checkoutChannels>;

export interface CheckoutOptions {
  platform: PlatformClient;
  store: KeyValueStore;
  settings: SettingsRepository;
  events: EventHub;
  clock: Clock;
  /** The current environment's client_secret (credentials service), to verify webhook signatures. */
  applicationSecret(): Promise<string>;
  receiver?: NotificationReceiverConfig;
  logger?: Logger;
  /** A point order the platform notified (topic `order`), as read back: the terminal sales take it. */
  onOrder?(order: PointOrder): void;
}

export interface Checkout {
  readonly handlers: CheckoutHandlers;
  readonly receiver: NotificationReceiver;
  /** The receiver's notification URL once it listens; null when it could not start. */
  readonly listening: Promise<string | null>;
  dispose(): Promise<void>;
}

/** The checkout's own failure codes; their cashier texts are in the shared catalogue (src/shared/i18n/failures.ts). */
type CheckoutFailureCode = (typeof CheckoutErrorCode)[keyof typeof CheckoutErrorCode];

/** A refusal of the checkout channels themselves (the platform's own come as PlatformError). */
export class CheckoutError extends CounterError {
  declare readonly code: CheckoutFailureCode;

  constructor(code: CheckoutFailureCode, status?: number) {
    // A receiver that cannot listen now may after a restart; an unknown sale stays unknown.
    super({ code, status, retryable: code === 'receiver_unavailable', message: failureText(code, 'en') });
    this.name = 'CheckoutError';
  }

  override cashierMessage(language: Language): string {
    return failureText(this.code, language);
  }
}

/** A reference of our own when the cashier gives none: unique, readable on a statement, no personal data. */
function newExternalReference(now: number): string {
  const day = new Date(now).toISOString().slice(0, 10).replaceAll('-', '');
  return `SALE-${day}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

function saleOf(preference: Preference, environment: CheckoutSale['environment'], industryId: CheckoutSale['industry'], now: string): CheckoutSale {
  const industry = industryId === null ? undefined : findIndustry(industryId);
  const total = preference.items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0);
  const email = preference.payer?.['email'];
  return {
    preferenceId: preference.id,
    externalReference: preference.external_reference ?? '',
    environment,
    industry: industryId,
    createdAt: now,
    updatedAt: now,
    items: preference.items.map((item) => ({ title: item.title, quantity: item.quantity, unitPrice: item.unit_price })),
    total: Math.round(total * 100) / 100,
    currencyId: preference.items[0]?.currency_id ?? null,
    payerEmail: typeof email === 'string' && email !== '' ? email : null,
    initPoint: preference.init_point,
    sandboxInitPoint: preference.sandbox_init_point,
    notificationUrl: preference.notification_url ?? null,
    status: 'created',
    merchantOrderId: null,
    payments: [],
    chargebacks: [],
    report: industry === undefined ? null : industryReport(industry, preference),
  };
}

/**
 * Checkout preferences with industry data (spec 4.2, 2.5) and the sales they become, followed through
 * the platform's notifications (4.6, 4.7, 6): the receiver acknowledges and reads back, the sale tracker
 * finds the sale each resource belongs to and keeps it, emitting `sale.changed`.
 */
export function createCheckout(options: CheckoutOptions): Checkout {
  const { platform, settings, events, clock } = options;
  const logger = options.logger ?? silentLogger;
  const book: SalesBook = createSalesBook(options.store, () => settings.get().environment);
  const isoNow = (): string => new Date(clock.now()).toISOString();

  const tracker = createSaleTracker({ book, events, platform, logger, isoNow });

  const receiver = createNotificationReceiver({
    ...options.receiver,
    clock,
    secret: options.applicationSecret,
    read: (topic, id) => readNotifiedResource(platform, topic, id),
    // Point orders are the terminal sales' (core/orders), not checkout sales.
    onResource: async (notified) => (notified.topic === 'order' ? options.onOrder?.(notified.resource) : tracker.apply(notified)),
    environment: () => settings.get().environment,
    logger,
  });
  // Started with the app: notifications for sales of an earlier run may already be on their way (6.3 retries).
  const started = receiver.start().catch((error: unknown) => {
    logger.error('the notification receiver could not start', { error: String(error), host: options.receiver?.host, port: options.receiver?.port });
    return null;
  });

  async function createPreference(request: Parameters<CheckoutHandlers['checkout.createPreference']>[0]): Promise<CheckoutSale> {
    const notificationUrl = await started;
    if (notificationUrl === null) throw new CheckoutError('receiver_unavailable');
    const current = settings.get();
    const given = request.preference.external_reference?.trim() ?? '';
    const preference = await platform.checkout.createPreference({
      ...request.preference,
      external_reference: given === '' ? newExternalReference(clock.now()) : given,
      notification_url: notificationUrl,
    });
    const sale = saleOf(preference, current.environment, current.industry, isoNow());
    book.put(sale);
    events.emit('checkoutSale.changed', sale);
    return sale;
  }

  return {
    receiver,
    listening: started,
    handlers: {
      'checkout.createPreference': createPreference,
      'checkout.sales': (request) => ({ sales: book.list(request.limit) }),
      'checkout.sale': (request) => {
        const sale = book.get(request.preferenceId);
        if (sale === undefined) throw new CheckoutError('sale_not_found', 404);
        return sale;
      },
      'checkout.receiver': () => receiver.status(),
    },
    async dispose() {
      await started;
      await receiver.stop();
    },
  };
}
