import type { AppInfo, Environment, Settings, SettingsPatch } from '../../../shared/ipc/channels/app';
import type { CredentialsService } from '../credentials/credentials-service';
import type { ChannelHandlers } from '../ipc/dispatch';
import type { EventHub } from '../ipc/events';
import type { SettingsRepository } from '../settings/store';
import type { ConnectionMonitor } from '../platform/connection-monitor';

export type AppHandlers = Pick<ChannelHandlers, 'app.info' | 'connection.status' | 'connection.check' | 'settings.get' | 'settings.update'>;

export interface AppHandlerDependencies {
  settings: SettingsRepository;
  events: EventHub;
  connection: ConnectionMonitor;
  credentials: Pick<CredentialsService, 'configureProduction' | 'status'>;
  /** Switches the print queue to the new environment now, so its unfinished prints resume at once. */
  environmentChanged(): void;
  /** Refuses a patch whose values the services cannot use (a store address the pg client cannot read), before it is saved. */
  checkSettings?(patch: SettingsPatch): void;
  /** The store database block changed: publishing and the whole-store reads follow it. */
  storeDatabaseChanged?(): void;
  /** Where the platform of an environment is: the embedded sandbox or the production base URL. */
  platformBaseUrl(environment: Environment): string;
  sandboxBaseUrl: string;
  version: string;
  shell: AppInfo['shell'];
}

/** The app's own channels: what it is, whether the platform answers, and the settings. */
export function createAppHandlers(dependencies: AppHandlerDependencies): AppHandlers {
  const { settings, events, connection, credentials } = dependencies;

  /** Everything that hangs on a setting follows it: the platform probed, the tokens, the print queue. */
  function followSettings(before: Settings, next: Settings): void {
    const environmentChanged = before.environment !== next.environment;
    const baseUrlChanged = before.production.baseUrl !== next.production.baseUrl;
    const productionClientChanged = baseUrlChanged || before.production.clientId !== next.production.clientId;
    if (environmentChanged || (next.environment === 'production' && productionClientChanged)) void connection.recheck();
    // A new production client makes the old tokens worthless; the service announces its new status itself.
    if (productionClientChanged) credentials.configureProduction({ clientChanged: true });
    else if (environmentChanged) events.emit('credentials.changed', credentials.status());
    if (environmentChanged) dependencies.environmentChanged();
    if (JSON.stringify(before.storeDatabase) !== JSON.stringify(next.storeDatabase)) dependencies.storeDatabaseChanged?.();
  }

  return {
    'app.info': () => {
      const environment = settings.get().environment;
      return {
        name: 'Counter',
        version: dependencies.version,
        environment,
        platformBaseUrl: dependencies.platformBaseUrl(environment),
        sandboxControlUrl: environment === 'sandbox' ? `${dependencies.sandboxBaseUrl}/__sandbox` : null,
        shell: dependencies.shell,
      };
    },
    'connection.status': () => connection.status(),
    'connection.check': () => connection.check(),
    'settings.get': () => settings.get(),
    'settings.update': (patch) => {
      dependencies.checkSettings?.(patch);
      const before = settings.get();
      const next = settings.update(patch);
      events.emit('settings.changed', next);
      followSettings(before, next);
      return next;
    },
  };
}
