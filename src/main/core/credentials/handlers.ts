import type { ChannelHandlers } from '../ipc/dispatch';
import type { EventHub } from '../ipc/events';
import type { SettingsRepository } from '../settings/store';
import type { CredentialsService } from './credentials-service';

export type CredentialsHandlers = Pick<
  ChannelHandlers,
  | 'credentials.status'
  | 'credentials.setProduction'
  | 'credentials.verify'
  | 'credentials.signIn'
  | 'credentials.cancelSignIn'
  | 'credentials.signOut'
  | 'credentials.allowPlaintext'
>;

export interface CredentialsHandlerDependencies {
  credentials: CredentialsService;
  settings: SettingsRepository;
  events: EventHub;
}

/** The credentials channels; sign-in and token refusals are typed errors (spec 7.1), mapped by the dispatcher. */
export function createCredentialsHandlers({ credentials, settings, events }: CredentialsHandlerDependencies): CredentialsHandlers {
  return {
    'credentials.status': () => credentials.status(),
    'credentials.setProduction': (request) => {
      const before = settings.get();
      // The base URL and client ID are settings the renderer shows; the secret goes to the vault only.
      const production = {
        ...(request.baseUrl === undefined ? {} : { baseUrl: request.baseUrl }),
        ...(request.clientId === undefined ? {} : { clientId: request.clientId }),
        ...(request.redirectUri === undefined ? {} : { redirectUri: request.redirectUri }),
      };
      const next = Object.keys(production).length === 0 ? before : settings.update({ production });
      if (next !== before) events.emit('settings.changed', next);
      return credentials.configureProduction({
        clientSecret: request.clientSecret,
        authorizationUrl: request.authorizationUrl,
        clientChanged: before.production.clientId !== next.production.clientId || before.production.baseUrl !== next.production.baseUrl,
      });
    },
    'credentials.verify': () => credentials.verify(),
    'credentials.signIn': () => credentials.signIn(),
    'credentials.cancelSignIn': () => credentials.cancelSignIn(),
    'credentials.signOut': () => credentials.signOut(),
    'credentials.allowPlaintext': (request) => credentials.allowPlaintext(request.allow),
  };
}
