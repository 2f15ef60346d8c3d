import type { Clock } from '../../../shared/clock';
import type { ChannelHandlers } from '../ipc/dispatch';
import { createConsoleLogger, type Http, type Logger } from '../ports';
import type { CounterLog } from './counter-log';
import { recordPlatformCalls, type PlatformCall } from './platform-calls';
import { createRateLimit } from './rate-limit';

/** A renderer may write this much: enough for an error burst, not enough to fill the disk in a loop. */
export const RENDERER_LOG_LIMIT = { burst: 50, perSecond: 10 };

export interface LogArea {
  /** The core's logger: the log file when the shell opened one, else the logger it passed, else the console. */
  readonly logger: Logger;
  /** The Http port with every platform call logged and remembered. */
  readonly http: Http;
  recentCalls(): PlatformCall[];
  readonly handlers: Pick<ChannelHandlers, 'log.write'>;
}

export function createLogArea(options: { log?: CounterLog; logger?: Logger; http: Http; clock: Clock }): LogArea {
  const logger = options.log?.for('core') ?? options.logger ?? createConsoleLogger();
  const renderer = options.log?.for('renderer') ?? logger;
  const recorder = recordPlatformCalls(options.http, { clock: options.clock, logger });
  const limit = createRateLimit(options.clock, RENDERER_LOG_LIMIT);
  return {
    logger,
    http: recorder.http,
    recentCalls: recorder.recent,
    handlers: {
      'log.write': (line) => {
        if (!limit.take()) return { written: false };
        const dropped = limit.refusedSince();
        if (dropped > 0) renderer.warn('renderer lines dropped: it wrote faster than the log takes', { dropped });
        renderer[line.level](line.message, line.fields);
        return { written: true };
      },
    },
  };
}
