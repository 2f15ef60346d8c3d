import type { Clock } from '../../../shared/clock';
import type { CredentialsStatus } from '../../../shared/ipc/channels/credentials';
import type { Logger } from '../ports';
import type { PlatformClient } from '../platform/client';
import type { TokenSource } from '../platform/transport';
import type { KeyValueStore, SettingsRepository } from '../settings/store';
import { createApplication, type ApplicationCredentials } from './application';
import { createSignInFlow } from './sign-in';
import { credentialsStatus } from './status';
import { createTokenKeeper } from './token-keeper';
import type { SecretVault } from './vault';

export { DEFAULT_PRODUCTION_AUTHORIZATION_URL, type ApplicationCredentials } from './application';
export { tokenTypeMarker } from './status';
export { refreshDueAt, RENEWED_TOKEN_REFUSED_MS } from './token-keeper';

export interface CredentialsServiceOptions {
  clock: Clock;
  settings: SettingsRepository;
  /** For the non-secret credential settings of our own (identity, authorization URL). */
  store: KeyValueStore;
  vault: SecretVault;
  /** Talks to the platform of the current environment (token endpoint). */
  platform: PlatformClient;
  /** The seeded sandbox application: passed in, or read once from the sandbox's accounts endpoint. */
  sandboxApplication: () => Promise<ApplicationCredentials>;
  sandboxBaseUrl: string;
  /** Opens the system browser (Electron's shell.openExternal). */
  openExternal: (url: string) => Promise<void>;
  logger?: Logger;
  signInTimeoutMs?: number;
  /** A token this young that the platform refuses is not renewed again (default RENEWED_TOKEN_REFUSED_MS). */
  refusedTokenHoldMs?: number;
}

export interface CredentialsService {
  /** The bearer tokens of the current environment, for the platform transport. */
  readonly tokens: TokenSource;
  status(): CredentialsStatus;
  verify(): Promise<CredentialsStatus>;
  signIn(): Promise<CredentialsStatus>;
  cancelSignIn(): CredentialsStatus;
  signOut(): CredentialsStatus;
  allowPlaintext(allow: boolean): CredentialsStatus;
  /** Stores production's secret and/or authorization page; tokens of the previous client are forgotten. */
  configureProduction(change: { clientSecret?: string; authorizationUrl?: string; clientChanged: boolean }): CredentialsStatus;
  onChange(listener: (status: CredentialsStatus) => void): () => void;
  /** The current environment's client_secret, only to verify webhook signatures in main (never to the renderer). */
  applicationSecret(): Promise<string>;
  close(): void;
}

/**
 * The token lifecycle (spec 2.1, 2.2, 5): client_credentials for the application's own access,
 * authorization_code with PKCE S256 in the system browser for a user's, refresh before expiry and once
 * on a 401, single-flight per environment so concurrent callers wait for the one refresh in flight.
 * Each environment keeps its own tokens. Wiring of its parts: who the app is (application.ts), the
 * tokens (token-keeper.ts), the sign-in (sign-in.ts) and what the renderer sees (status.ts).
 */
export function createCredentialsService(options: CredentialsServiceOptions): CredentialsService {
  const { clock, settings, vault } = options;
  const listeners = new Set<(status: CredentialsStatus) => void>();
  const application = createApplication({ ...options });
  const keeper = createTokenKeeper({
    clock,
    vault,
    platform: options.platform,
    application,
    refusedTokenHoldMs: options.refusedTokenHoldMs,
    onSettled: notify,
  });
  const signIn = createSignInFlow({ ...options, application, onChange: notify, setError: keeper.setError });

  function status(): CredentialsStatus {
    const environment = application.environment();
    return credentialsStatus({
      now: clock.now(),
      settings: settings.get(),
      vault,
      identity: application.identity(environment),
      authorizationUrl: application.authorizationUrl(),
      lastError: keeper.lastError(environment),
      signInEnvironment: signIn.inProgress(),
    });
  }

  function notify(): void {
    if (listeners.size === 0) return;
    const snapshot = status();
    for (const listener of listeners) listener(snapshot);
  }

  return {
    tokens: keeper.tokens,
    status,
    async verify() {
      await keeper.renew(application.environment());
      return status();
    },
    async signIn() {
      await signIn.run();
      return status();
    },
    cancelSignIn() {
      signIn.cancel();
      return status();
    },
    signOut() {
      const environment = application.environment();
      signIn.abort();
      vault.writeToken(environment, undefined);
      application.setIdentity(environment, 'application');
      keeper.setError(environment, undefined);
      notify();
      return status();
    },
    allowPlaintext(allow) {
      vault.setPlaintextAllowed(allow);
      notify();
      return status();
    },
    configureProduction(change) {
      // A secret given for another origin is forgotten by the vault itself (security/secret-origin.ts).
      if (change.clientSecret !== undefined) vault.writeClientSecret('production', change.clientSecret === '' ? undefined : change.clientSecret);
      if (change.authorizationUrl !== undefined) application.setAuthorizationUrl(change.authorizationUrl);
      if (change.clientChanged || change.clientSecret !== undefined) {
        // A token belongs to the client that got it; a new client (or secret) starts from its own credentials.
        vault.writeToken('production', undefined);
        application.setIdentity('production', 'application');
        keeper.setError('production', undefined);
      }
      notify();
      return status();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    applicationSecret: async () => (await application.credentials(application.environment())).clientSecret,
    close() {
      signIn.close();
      listeners.clear();
    },
  };
}
