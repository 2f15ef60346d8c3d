import type { Clock } from '../../../shared/clock';
import type { ConnectionState, Environment } from '../../../shared/ipc/channels/app';
import type { EventHub } from '../ipc/events';
import type { PlatformClient } from '../platform/client';

export interface ConnectionMonitor {
  /** The last answer, without asking again. */
  status(): ConnectionState;
  /** Asks the current environment's platform now; `connection.changed` follows when the answer differs. */
  check(): Promise<ConnectionState>;
}

export interface ConnectionMonitorOptions {
  platform: Pick<PlatformClient, 'probe'>;
  clock: Clock;
  events: EventHub;
  environment(): Environment;
  /** Where the current environment's platform is, for the cashier's "Cannot reach …". */
  baseUrl(environment: Environment): string;
}

export function createConnectionMonitor(options: ConnectionMonitorOptions): ConnectionMonitor {
  let connection: ConnectionState = { state: 'connecting', checkedAt: null, detail: null };
  // An environment switch starts a new check; an older one answering later must not overwrite it.
  let latestCheck = 0;

  const settle = (next: ConnectionState): ConnectionState => {
    const changed = next.state !== connection.state || next.detail !== connection.detail;
    connection = next;
    if (changed) options.events.emit('connection.changed', connection);
    return connection;
  };

  return {
    status: () => connection,
    async check() {
      const check = ++latestCheck;
      const environment = options.environment();
      const checkedAt = new Date(options.clock.now()).toISOString();
      const result = await options.platform.probe(environment === 'sandbox' ? 'sandbox' : 'platform').catch((error: unknown) => ({ reachable: false as const, detail: String(error) }));
      if (check !== latestCheck) return connection;
      if (result.reachable) return settle({ state: 'online', checkedAt, detail: null });
      return settle({ state: 'offline', checkedAt, detail: `Cannot reach ${options.baseUrl(environment)}: ${result.detail}` });
    },
  };
}
