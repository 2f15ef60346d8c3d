import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Clock } from '../../../shared/clock';
import type { checkoutChannels, CheckoutSale, ReceiverStatus } from '../../../shared/ipc/channels/checkout';
import type { ChannelSpec } from '../../../shared/ipc/define';
import { findIndustry } from '../../../shared/platform/industries';
import { industryReport, type Preference } from '../../../shared/platform/preferences';
import type { EventHub } from '../ipc/events';
import type { PlatformClient } from '../platform/client';
import type { SettingsRepository } from '../settings/store';
import { CheckoutError } from './errors';
import type { MadeBy } from '../../../shared/staff/made-by';
import type { CheckoutBook } from './sales-book';

type HandlersOf<Specs extends Record<string, ChannelSpec>> = {
  [C in keyof Specs]: (request: z.output<Specs[C]['request']>) => Promise<z.output<Specs[C]['response']>> | z.output<Specs[C]['response']>;
};

/** The handlers of the checkout channels, shaped to spread into the app core's ChannelHandlers. */
export type CheckoutHandlers = HandlersOf<typeof checkoutChannels>;

export interface CheckoutHandlersOptions {
  platform: PlatformClient;
  settings: SettingsRepository;
  events: EventHub;
  clock: Clock;
  book: CheckoutBook;
  /** The notification receiver (core/notifications/area.ts): its URL goes into every preference. */
  receiver: { readonly listening: Promise<string | null>; status(): ReceiverStatus };
  /** Who makes a sale now (the staff's caller of the call being handled), kept with it. */
  actor?: (() => MadeBy | null) | undefined;
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

/** The checkout channels: a preference with industry data becomes a sale (spec 4.2, 2.5); the sales and the receiver as they are. */
export function createCheckoutHandlers(options: CheckoutHandlersOptions): CheckoutHandlers {
  const { platform, settings, events, clock, book, receiver } = options;

  async function createPreference(request: Parameters<CheckoutHandlers['checkout.createPreference']>[0]): Promise<CheckoutSale> {
    const notificationUrl = await receiver.listening;
    if (notificationUrl === null) throw new CheckoutError('receiver_unavailable');
    // Before the platform is asked: a preference whose sale could not be kept would be followed by nobody.
    await book.ready();
    const current = settings.get();
    const given = request.preference.external_reference?.trim() ?? '';
    const preference = await platform.checkout.createPreference({
      ...request.preference,
      external_reference: given === '' ? newExternalReference(clock.now()) : given,
      notification_url: notificationUrl,
    });
    const sale = { ...saleOf(preference, current.environment, current.industry, new Date(clock.now()).toISOString()), madeBy: options.actor?.() ?? null };
    book.put(sale);
    events.emit('checkoutSale.changed', sale);
    return sale;
  }

  return {
    'checkout.createPreference': createPreference,
    'checkout.sales': async (request) => {
      await book.ready();
      return { sales: book.list(request.limit) };
    },
    'checkout.sale': async (request) => {
      await book.ready();
      const sale = book.get(request.preferenceId);
      if (sale === undefined) throw new CheckoutError('sale_not_found', 404);
      return sale;
    },
    'checkout.receiver': () => receiver.status(),
  };
}
