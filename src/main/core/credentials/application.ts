import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { TokenResponse } from '../../../shared/platform/oauth';
import { silentLogger, type Logger } from '../ports';
import { NO_HTTP_STATUS, PlatformError } from '../platform/errors';
import type { KeyValueStore, SettingsRepository } from '../settings/store';
import type { SecretVault, TokenGrant, TokenRecord } from './vault';

export interface ApplicationCredentials {
  clientId: string;
  clientSecret: string;
}

/** docs/decisions.md: the public authorization host; the production base URL (api) is a different one. */
export const DEFAULT_PRODUCTION_AUTHORIZATION_URL = 'https://auth.mercadopago.com';
const AUTHORIZATION_URL_KEY = 'credentials.production.authorizationUrl';
const identityKey = (environment: Environment) => `credentials.${environment}.identity`;

export function credentialsFailure(code: string): PlatformError {
  return new PlatformError({ status: NO_HTTP_STATUS, code, retryable: false });
}

export interface ApplicationDependencies {
  clock: Clock;
  settings: SettingsRepository;
  store: KeyValueStore;
  vault: SecretVault;
  sandboxApplication: () => Promise<ApplicationCredentials>;
  logger?: Logger;
}

/**
 * Who Counter is on each environment: the application's credentials, whether it acts for the
 * application or a signed-in user, production's authorization page, and the held token of the
 * configured client. Settings and vault are read on every call; this part keeps no state of its own.
 */
export interface Application {
  environment(): Environment;
  credentials(environment: Environment): Promise<ApplicationCredentials>;
  identity(environment: Environment): 'application' | 'user';
  setIdentity(environment: Environment, identity: 'application' | 'user'): void;
  authorizationUrl(): string;
  setAuthorizationUrl(url: string): void;
  /** The held token if it still belongs to the configured client; a token of a replaced client is dropped. */
  heldToken(environment: Environment): TokenRecord | undefined;
  tokenRecord(response: TokenResponse, grant: TokenGrant, clientId: string): TokenRecord;
}

export function createApplication(dependencies: ApplicationDependencies): Application {
  const { clock, settings, store, vault } = dependencies;
  const logger = dependencies.logger ?? silentLogger;
  return {
    environment: () => settings.get().environment,
    async credentials(environment) {
      if (environment === 'sandbox') {
        try {
          return await dependencies.sandboxApplication();
        } catch (error) {
          logger.warn('the sandbox accounts could not be read', { error: String(error) });
          throw credentialsFailure('sandbox_unavailable');
        }
      }
      const clientId = settings.get().production.clientId;
      const clientSecret = vault.read('production').clientSecret;
      if (clientId === '' || clientSecret === undefined || clientSecret === '') throw credentialsFailure('not_configured');
      return { clientId, clientSecret };
    },
    identity: (environment) => (store.get(identityKey(environment)) === 'user' ? 'user' : 'application'),
    setIdentity: (environment, identity) => store.set(identityKey(environment), identity),
    authorizationUrl() {
      const stored = store.get(AUTHORIZATION_URL_KEY);
      return typeof stored === 'string' && stored !== '' ? stored : DEFAULT_PRODUCTION_AUTHORIZATION_URL;
    },
    setAuthorizationUrl: (url) => store.set(AUTHORIZATION_URL_KEY, url),
    heldToken(environment) {
      const token = vault.read(environment).token;
      if (token === undefined) return undefined;
      if (environment === 'production' && token.clientId !== settings.get().production.clientId) {
        vault.writeToken(environment, undefined);
        return undefined;
      }
      return token;
    },
    tokenRecord(response, grant, clientId) {
      const now = clock.now();
      return {
        accessToken: response.access_token,
        refreshToken: response.refresh_token ?? null,
        grant,
        clientId,
        userId: response.user_id,
        scopes: response.scope.split(' ').filter((scope) => scope !== ''),
        liveMode: response.live_mode,
        obtainedAt: now,
        expiresAt: now + response.expires_in * 1000,
      };
    },
  };
}
