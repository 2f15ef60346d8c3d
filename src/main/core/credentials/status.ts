import type { Environment, Settings } from '../../../shared/ipc/channels/app';
import type { CredentialsStatus, TokenTypeMarker } from '../../../shared/ipc/channels/credentials';
import { cashierMessage } from '../platform/messages';
import type { SecretVault, TokenRecord } from './vault';

export function tokenTypeMarker(accessToken: string): TokenTypeMarker {
  const marker = accessToken.split('-', 1)[0];
  return marker === 'APP_USR' || marker === 'TEST' ? marker : 'unknown';
}

export interface StatusFacts {
  now: number;
  settings: Settings;
  vault: SecretVault;
  identity: 'application' | 'user';
  authorizationUrl: string;
  lastError: string | undefined;
  signInEnvironment: Environment | undefined;
}

function state(facts: StatusFacts, token: TokenRecord | undefined): CredentialsStatus['state'] {
  const environment = facts.settings.environment;
  const productionConfigured = facts.settings.production.clientId !== '' && (facts.vault.read('production').clientSecret ?? '') !== '';
  if (environment === 'production' && !productionConfigured) return 'not_configured';
  if (facts.lastError === 'sign_in_required') return 'sign_in_required';
  if (facts.lastError !== undefined) return 'error';
  if (token !== undefined && facts.now < token.expiresAt) return 'ready';
  return facts.identity === 'user' ? 'sign_in_required' : 'idle';
}

/** What the renderer may know of the current environment's credentials: metadata, never a token or a secret. */
export function credentialsStatus(facts: StatusFacts): CredentialsStatus {
  const { settings, vault } = facts;
  const environment = settings.environment;
  const held = vault.read(environment).token;
  const token = held !== undefined && (environment === 'sandbox' || held.clientId === settings.production.clientId) ? held : undefined;
  return {
    environment,
    state: state(facts, token),
    identity: facts.identity,
    token:
      token === undefined
        ? null
        : {
            type: tokenTypeMarker(token.accessToken),
            userId: token.userId,
            grant: token.grant,
            scopes: token.scopes,
            liveMode: token.liveMode,
            obtainedAt: new Date(token.obtainedAt).toISOString(),
            expiresAt: new Date(token.expiresAt).toISOString(),
            renewable: token.refreshToken !== null,
          },
    signInInProgress: facts.signInEnvironment === environment,
    production: {
      baseUrl: settings.production.baseUrl,
      clientId: settings.production.clientId,
      redirectUri: settings.production.redirectUri,
      hasClientSecret: (vault.read('production').clientSecret ?? '') !== '',
      authorizationUrl: facts.authorizationUrl,
    },
    secretStorage: { encryptionAvailable: vault.encryptionAvailable(), plaintextAllowed: vault.plaintextAllowed(), mode: vault.mode() },
    lastError: facts.lastError === undefined ? null : { code: facts.lastError, message: cashierMessage(facts.lastError, settings.language) },
  };
}
