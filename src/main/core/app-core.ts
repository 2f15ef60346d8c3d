import { createSystemClock, type Clock } from '../../shared/clock';
import type { AppInfo, ConnectionState, Environment } from '../../shared/ipc/channels/app';
import type { ChannelHandlers } from './ipc/dispatch';
import { createEventHub, type EventHub } from './ipc/events';
import { createSettingsRepository, type KeyValueStore } from './settings/store';

export interface AppCoreOptions {
  store: KeyValueStore;
  shell: AppInfo['shell'];
  version: string;
  /** The embedded sandbox's base URL; the default platform when no production credentials are set. */
  sandboxBaseUrl: string;
  clock?: Clock;
  fetch?: typeof fetch;
}

export interface AppCore {
  readonly handlers: ChannelHandlers;
  readonly events: EventHub;
  dispose(): Promise<void>;
}

const CONNECTION_TIMEOUT_MS = 5_000;

/** Everything main does for the renderer, Electron-free: the Electron window and the browser host both serve this. */
export function createAppCore(options: AppCoreOptions): AppCore {
  const clock = options.clock ?? createSystemClock();
  const fetchImpl = options.fetch ?? fetch;
  const events = createEventHub();
  const settings = createSettingsRepository(options.store);
  let connection: ConnectionState = { state: 'connecting', checkedAt: null, detail: null };

  const platformBaseUrl = (environment: Environment): string =>
    environment === 'sandbox' ? options.sandboxBaseUrl : settings.get().production.baseUrl;

  const setConnection = (next: ConnectionState): ConnectionState => {
    const changed = next.state !== connection.state || next.detail !== connection.detail;
    connection = next;
    if (changed) events.emit('connection.changed', connection);
    return connection;
  };

  async function checkConnection(): Promise<ConnectionState> {
    const environment = settings.get().environment;
    const base = platformBaseUrl(environment);
    const probeUrl = environment === 'sandbox' ? `${base}/__sandbox/health` : base;
    const checkedAt = new Date(clock.now()).toISOString();
    try {
      const response = await fetchImpl(probeUrl, { signal: AbortSignal.timeout(CONNECTION_TIMEOUT_MS) });
      // Any HTTP answer means the platform is reachable; whether our token is good is the credentials' business.
      await response.body?.cancel();
      return setConnection({ state: 'online', checkedAt, detail: null });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return setConnection({ state: 'offline', checkedAt, detail: `Cannot reach ${base}: ${detail}` });
    }
  }

  const handlers: ChannelHandlers = {
    'app.info': () => {
      const environment = settings.get().environment;
      return {
        name: 'Counter',
        version: options.version,
        environment,
        platformBaseUrl: platformBaseUrl(environment),
        sandboxControlUrl: environment === 'sandbox' ? `${options.sandboxBaseUrl}/__sandbox` : null,
        shell: options.shell,
      };
    },
    'connection.status': () => connection,
    'connection.check': () => checkConnection(),
    'settings.get': () => settings.get(),
    'settings.update': (patch) => {
      const before = settings.get();
      const next = settings.update(patch);
      events.emit('settings.changed', next);
      if (before.environment !== next.environment || before.production.baseUrl !== next.production.baseUrl) void checkConnection();
      return next;
    },
  };

  void checkConnection();

  return {
    handlers,
    events,
    async dispose() {
      // Feature services (print queue, notification receiver) stop here as they are added.
    },
  };
}
