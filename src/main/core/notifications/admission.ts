import type { Clock } from '../../../shared/clock';
import type { Logger } from '../ports';
import type { ParsedNotification } from './parse';
import type { ReadBackScheduler } from './read-back';
import { createSourceLimit } from './source-limit';

/**
 * Whether a notification may cost a read-back (docs/decisions.md, §6.3 flood limits). A refused one is
 * not acknowledged, so the platform sends it again 15 minutes later (spec 6.3): a genuine notification
 * is late, never lost, whereas a 200 without a read would drop it for good.
 */
export interface Refusal {
  status: 429 | 503;
  error: string;
  message: string;
  retryAfterSeconds: number;
}

export interface AdmissionOptions {
  clock: Clock;
  scheduler: Pick<ReadBackScheduler, 'isPending' | 'stats'>;
  logger: Logger;
  sourceBurst: number;
  sourcePerSecond: number;
  sourceMemory: number;
  maxPendingReadBacks: number;
}

/** Waiting this long before resending is what the platform does anyway (6.3); the header only says so. */
const BUSY_RETRY_AFTER_SECONDS = 60;

export function createAdmission(options: AdmissionOptions): (notification: ParsedNotification, verified: boolean, source: string) => Refusal | undefined {
  const { scheduler, logger } = options;
  const sourceLimit = createSourceLimit({
    clock: options.clock,
    burst: options.sourceBurst,
    perSecond: options.sourcePerSecond,
    maxSources: options.sourceMemory,
  });
  return (notification, verified, source) => {
    const fields = { source, topic: notification.topic, id: notification.id };
    // A resource already waiting for its read costs nothing more: merged, always accepted.
    if (scheduler.isPending(notification.topic, notification.id)) return undefined;
    if (!verified) {
      const taken = sourceLimit.take(source);
      if (!taken.ok) {
        logger.warn('notifications from one source over its limit were not acknowledged', fields);
        return {
          status: 429,
          error: 'too_many_notifications',
          message: 'too many unsigned notifications from this address',
          retryAfterSeconds: taken.retryAfterSeconds,
        };
      }
    }
    if (scheduler.stats().pending >= options.maxPendingReadBacks) {
      logger.warn('too many read-backs are pending; a notification was not acknowledged', fields);
      return {
        status: 503,
        error: 'busy',
        message: 'too many notifications are being read back; send it again later',
        retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
      };
    }
    return undefined;
  };
}
