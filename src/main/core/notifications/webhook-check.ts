import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { Logger } from '../ports';
import { createSeenSet } from './dedupe';
import type { WebhookNotification } from './parse';
import { verifyWebhookSignature } from './signature';

/**
 * What a webhook's signature says: `new_event` when it is the platform's and announces an event not
 * seen before, `verified` when it is the platform's without an event id, `unsigned` when there is no
 * signature to check (then it is only a hint, like an IPN); `forged`, `stale`, `duplicate` and
 * `unverifiable` (the secret cannot be read now) are not acted on.
 */
export type WebhookCheck = 'forged' | 'stale' | 'duplicate' | 'unverifiable' | 'new_event' | 'verified' | 'unsigned';

export interface WebhookCheckOptions {
  clock: Clock;
  secret(): Promise<string>;
  environment?(): Environment;
  logger: Logger;
  replayMemoryMs: number;
  replayMemoryEntries: number;
  productionToleranceSeconds: number;
}

export function createWebhookCheck(options: WebhookCheckOptions): (notification: WebhookNotification) => Promise<WebhookCheck> {
  const { clock, logger } = options;
  // Only verified webhooks are remembered: an unsigned or forged one must not be able to shadow the real one.
  const seenRequests = createSeenSet({ clock, ttlMs: options.replayMemoryMs, maxEntries: options.replayMemoryEntries });
  const seenEvents = createSeenSet({ clock, ttlMs: options.replayMemoryMs, maxEntries: options.replayMemoryEntries });
  return async (notification) => {
    if (notification.signature === undefined) return 'unsigned';
    let secret: string;
    try {
      secret = await options.secret();
    } catch (error) {
      logger.error('the application secret is not available; a signed webhook cannot be verified', { error: String(error) });
      return 'unverifiable';
    }
    // The sandbox may run on a clock of its own (tests move it by hours), so only production checks the ts.
    const tolerance = options.environment?.() === 'production' ? { toleranceSeconds: options.productionToleranceSeconds, nowMs: clock.now() } : {};
    const verified = await verifyWebhookSignature({
      secret,
      signature: notification.signature,
      requestId: notification.requestId,
      dataId: notification.id,
      ...tolerance,
    });
    if (!verified.ok) return verified.reason === 'stale' ? 'stale' : 'forged';
    if (notification.requestId !== undefined && seenRequests.seenBefore(notification.requestId)) return 'duplicate';
    if (notification.eventId === undefined) return 'verified';
    return seenEvents.seenBefore(`${notification.topic}:${notification.eventId}`) ? 'duplicate' : 'new_event';
  };
}
