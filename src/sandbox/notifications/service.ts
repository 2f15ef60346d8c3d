import { z } from 'zod';
import type { Clock } from '../../shared/clock';
import { channelsFor, type DeliveredTopic } from '../../shared/platform/notifications';
import type { SeedData } from '../accounts';
import { createNotificationDispatcher, type NotificationDispatcher } from './dispatcher';
import { DispatcherState, type DeliveryRecord } from './records';

/**
 * Where notifications go (spec 6.2): the object's own notification_url, else the account's one URL.
 * `source_news` on that URL picks the channels. Everything here is saved with `--state`.
 */

export interface NotifyEvent {
  topic: DeliveredTopic;
  resourceId: string | number;
  /** The webhook `action`, e.g. payment.created. */
  action: string;
  userId: number;
  /** The application whose client_secret signs the webhook: the one whose token created the object. */
  clientId: string;
  liveMode: boolean;
  notificationUrl: string | null | undefined;
}

export interface NotificationService {
  readonly dispatcher: NotificationDispatcher;
  notify(event: NotifyEvent): DeliveryRecord[];
  accountUrl(userId: number): string | null;
  setAccountUrl(userId: number, url: string | null): void;
  save(): unknown;
  load(data: unknown): void;
  reset(): void;
  stop(): void;
}

const ServiceState = z.object({
  account_urls: z.record(z.string(), z.string()),
  dispatcher: DispatcherState,
});

export function createNotificationService(options: {
  clock: Clock;
  seed: () => SeedData;
  ackTimeoutMs?: number;
  concurrency?: number;
  allowRemoteTargets?: boolean;
}): NotificationService {
  const accountUrls = new Map<number, string>();
  const dispatcher = createNotificationDispatcher({
    clock: options.clock,
    secretFor: (clientId) => options.seed().applications.find((application) => application.client_id === clientId)?.client_secret,
    ...(options.ackTimeoutMs === undefined ? {} : { ackTimeoutMs: options.ackTimeoutMs }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    allowRemoteTargets: options.allowRemoteTargets === true,
  });

  return {
    dispatcher,
    notify(event) {
      const objectUrl = event.notificationUrl ?? null;
      const url = objectUrl ?? accountUrls.get(event.userId) ?? null;
      if (url === null) return [];
      // Orders API notifications are webhooks only (docs/decisions.md "Point orders").
      const channels = channelsFor(url).filter((channel) => event.topic !== 'order' || channel === 'webhook');
      return channels.map((channel) =>
        dispatcher.enqueue({
          channel,
          topic: event.topic,
          resourceId: String(event.resourceId),
          action: event.action,
          userId: event.userId,
          clientId: event.clientId,
          liveMode: event.liveMode,
          url,
          urlSource: objectUrl === null ? 'account' : 'object',
        }),
      );
    },
    accountUrl: (userId) => accountUrls.get(userId) ?? null,
    setAccountUrl(userId, url) {
      if (url === null) accountUrls.delete(userId);
      else accountUrls.set(userId, url);
    },
    save() {
      return { account_urls: Object.fromEntries([...accountUrls].map(([userId, url]) => [String(userId), url])), dispatcher: dispatcher.save() };
    },
    load(data) {
      const state = ServiceState.parse(data);
      accountUrls.clear();
      for (const [userId, url] of Object.entries(state.account_urls)) accountUrls.set(Number(userId), url);
      dispatcher.load(state.dispatcher);
    },
    reset() {
      accountUrls.clear();
      dispatcher.reset();
    },
    stop: () => dispatcher.stop(),
  };
}

/** The webhook action for a created or updated record of a topic (payment intents use their state instead). */
export function webhookAction(topic: Exclude<DeliveredTopic, 'point_integration_ipn' | 'order'>, verb: 'created' | 'updated'): string {
  return `${topic}.${verb}`;
}
