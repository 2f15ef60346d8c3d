import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { CredentialsStatus, TokenTypeMarker } from '../../../shared/ipc/channels/credentials';
import { AuthorizationRequest, type TokenResponse } from '../../../shared/platform/oauth';
import { silentLogger, type Logger } from '../ports';
import type { PlatformClient } from '../platform/client';
import { NO_HTTP_STATUS, PlatformError } from '../platform/errors';
import { cashierMessage } from '../platform/messages';
import type { TokenSource } from '../platform/transport';
import type { KeyValueStore, SettingsRepository } from '../settings/store';
import { SignInError, startLoopbackListener, type LoopbackListener } from './loopback';
import { codeChallengeS256, createCodeVerifier, createState } from './pkce';
import type { SecretVault, TokenGrant, TokenRecord } from './vault';

export interface ApplicationCredentials {
  clientId: string;
  clientSecret: string;
}

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
  configureProduction(change: { clientSecret?: string; authorizationUrl?: string; clientChanged: boolean; baseUrlChanged?: boolean }): CredentialsStatus;
  onChange(listener: (status: CredentialsStatus) => void): () => void;
  /** The current environment's client_secret, only to verify webhook signatures in main (never to the renderer). */
  applicationSecret(): Promise<string>;
  dispose(): void;
}

/** docs/decisions.md: the public authorization host; the production base URL (api) is a different one. */
export const DEFAULT_PRODUCTION_AUTHORIZATION_URL = 'https://auth.mercadopago.com';
const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;
const MAX_REFRESH_MARGIN_MS = 24 * 60 * 60_000;

/**
 * A token obtained after a 401 less than this ago and refused with a 401 again is not renewed again: the platform refuses
 * the credentials, not a stale token (spec 5.1, 7.1). Renewing on every 401 made a persistent 401 cost a
 * token request and a create every 1.8 s (issue 14); now the caller gets the 401 and waits its credentials
 * back-off (the print queue's credentialsRetryMs, 30 s), or a change in Settings wakes it.
 */
export const RENEWED_TOKEN_REFUSED_MS = 30_000;

/** Spec 7.1 answers to a refresh that mean the user's grant is gone (expired, revoked, or never given). */
const REFRESH_REFUSALS = new Set(['invalid_grant', 'unauthorized_client', 'forbidden']);

const identityKey = (environment: Environment) => `credentials.${environment}.identity`;
const AUTHORIZATION_URL_KEY = 'credentials.production.authorizationUrl';

export function tokenTypeMarker(accessToken: string): TokenTypeMarker {
  const marker = accessToken.split('-', 1)[0];
  return marker === 'APP_USR' || marker === 'TEST' ? marker : 'unknown';
}

/** Renew ahead of expiry: a tenth of the lifetime, at most a day (a 180-day token renews a day early). */
export function refreshDueAt(token: TokenRecord): number {
  return token.expiresAt - Math.min((token.expiresAt - token.obtainedAt) / 10, MAX_REFRESH_MARGIN_MS);
}

function credentialsFailure(code: string): PlatformError {
  return new PlatformError({ status: NO_HTTP_STATUS, code, retryable: false });
}

/**
 * The token lifecycle (spec 2.1, 2.2, 5): client_credentials for the application's own access,
 * authorization_code with PKCE S256 in the system browser for a user's, refresh before expiry and once
 * on a 401, single-flight per environment so concurrent callers wait for the one refresh in flight.
 * Each environment keeps its own tokens.
 */
export function createCredentialsService(options: CredentialsServiceOptions): CredentialsService {
  const { clock, settings, store, vault, platform } = options;
  const logger = options.logger ?? silentLogger;
  const listeners = new Set<(status: CredentialsStatus) => void>();
  const inflight = new Map<Environment, Promise<TokenRecord>>();
  const lastError = new Map<Environment, string>();
  /** The token each environment got by renewing after a 401: if it is refused too, soon, it is not renewed again. */
  const renewedOn401 = new Map<Environment, string>();
  let activeSignIn: { environment: Environment; listener: LoopbackListener } | undefined;
  let disposed = false;

  const environment = (): Environment => settings.get().environment;
  const identity = (env: Environment): 'application' | 'user' => (store.get(identityKey(env)) === 'user' ? 'user' : 'application');
  const authorizationUrl = (): string => {
    const stored = store.get(AUTHORIZATION_URL_KEY);
    return typeof stored === 'string' && stored !== '' ? stored : DEFAULT_PRODUCTION_AUTHORIZATION_URL;
  };

  function notify(): void {
    if (listeners.size === 0) return;
    const snapshot = status();
    for (const listener of listeners) listener(snapshot);
  }

  function setError(env: Environment, code: string | undefined): void {
    if (code === undefined) lastError.delete(env);
    else lastError.set(env, code);
  }

  async function applicationCredentials(env: Environment): Promise<ApplicationCredentials> {
    if (env === 'sandbox') {
      try {
        return await options.sandboxApplication();
      } catch (error) {
        logger.warn('the sandbox accounts could not be read', { error: String(error) });
        throw credentialsFailure('sandbox_unavailable');
      }
    }
    const clientId = settings.get().production.clientId;
    const clientSecret = vault.read('production').clientSecret;
    if (clientId === '' || clientSecret === undefined || clientSecret === '') throw credentialsFailure('not_configured');
    return { clientId, clientSecret };
  }

  function toRecord(response: TokenResponse, grant: TokenGrant, clientId: string): TokenRecord {
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
  }

  /** The held token if it still belongs to the configured client; a token of a replaced client is dropped. */
  function heldToken(env: Environment): TokenRecord | undefined {
    const token = vault.read(env).token;
    if (token === undefined) return undefined;
    if (env === 'production' && token.clientId !== settings.get().production.clientId) {
      vault.writeToken(env, undefined);
      return undefined;
    }
    return token;
  }

  async function obtainToken(env: Environment): Promise<TokenRecord> {
    const app = await applicationCredentials(env);
    const held = heldToken(env);
    const refreshToken = held?.refreshToken ?? null;
    if (held !== undefined && refreshToken !== null) {
      try {
        const response = await platform.oauth.token({
          grant_type: 'refresh_token',
          client_id: app.clientId,
          client_secret: app.clientSecret,
          refresh_token: refreshToken,
        });
        return toRecord(response, held.grant, app.clientId);
      } catch (error) {
        if (!(error instanceof PlatformError) || !REFRESH_REFUSALS.has(error.code)) throw error;
        // A refresh token is single-use and revocable: once refused it is gone for good, and a user must sign in again.
        vault.writeToken(env, undefined);
        if (identity(env) === 'user') throw credentialsFailure('sign_in_required');
      }
    }
    if (identity(env) === 'user') throw credentialsFailure('sign_in_required');
    const response = await platform.oauth.token({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret });
    return toRecord(response, 'client_credentials', app.clientId);
  }

  /** One token request per environment at a time; everyone who asks meanwhile gets its result. */
  function renewSingleFlight(env: Environment): Promise<TokenRecord> {
    const running = inflight.get(env);
    if (running !== undefined) return running;
    const next = (async () => {
      try {
        const token = await obtainToken(env);
        // Stored before anyone uses it: a refresh token is single-use, losing the new one signs the user out.
        vault.writeToken(env, token);
        setError(env, undefined);
        return token;
      } catch (error) {
        setError(env, error instanceof PlatformError ? error.code : 'internal_error');
        throw error;
      } finally {
        inflight.delete(env);
        notify();
      }
    })();
    inflight.set(env, next);
    return next;
  }

  const tokens: TokenSource = {
    async current() {
      const env = environment();
      const held = heldToken(env);
      if (held !== undefined && clock.now() < refreshDueAt(held)) return held.accessToken;
      return (await renewSingleFlight(env)).accessToken;
    },
    async renew(rejected) {
      const env = environment();
      const held = heldToken(env);
      // Someone renewed while this call was out: use theirs rather than renew again.
      if (held !== undefined && held.accessToken !== rejected) return held.accessToken;
      if (
        held !== undefined &&
        renewedOn401.get(env) === rejected &&
        clock.now() - held.obtainedAt < (options.refusedTokenHoldMs ?? RENEWED_TOKEN_REFUSED_MS)
      ) {
        throw new PlatformError({
          status: 401,
          code: 'unauthorized',
          retryable: false,
          detail: 'a token obtained after a 401 moments ago was refused as well',
        });
      }
      if (held !== undefined && held.refreshToken === null) vault.writeToken(env, undefined);
      const renewed = (await renewSingleFlight(env)).accessToken;
      renewedOn401.set(env, renewed);
      return renewed;
    },
  };

  function status(): CredentialsStatus {
    const env = environment();
    const current = settings.get();
    const held = vault.read(env).token;
    const token = held !== undefined && (env === 'sandbox' || held.clientId === current.production.clientId) ? held : undefined;
    const errorCode = lastError.get(env);
    const productionConfigured = current.production.clientId !== '' && (vault.read('production').clientSecret ?? '') !== '';
    let state: CredentialsStatus['state'];
    if (env === 'production' && !productionConfigured) state = 'not_configured';
    else if (errorCode === 'sign_in_required') state = 'sign_in_required';
    else if (errorCode !== undefined) state = 'error';
    else if (token !== undefined && clock.now() < token.expiresAt) state = 'ready';
    else state = identity(env) === 'user' ? 'sign_in_required' : 'idle';
    return {
      environment: env,
      state,
      identity: identity(env),
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
      signInInProgress: activeSignIn?.environment === env,
      production: {
        baseUrl: current.production.baseUrl,
        clientId: current.production.clientId,
        redirectUri: current.production.redirectUri,
        hasClientSecret: (vault.read('production').clientSecret ?? '') !== '',
        authorizationUrl: authorizationUrl(),
      },
      secretStorage: { encryptionAvailable: vault.encryptionAvailable(), plaintextAllowed: vault.plaintextAllowed(), mode: vault.mode() },
      lastError: errorCode === undefined ? null : { code: errorCode, message: cashierMessage(errorCode, current.language) },
    };
  }

  async function signIn(): Promise<CredentialsStatus> {
    const env = environment();
    activeSignIn?.listener.cancel();
    const app = await applicationCredentials(env);
    const verifier = createCodeVerifier();
    const state = createState();
    // Production matches redirect_uri exactly (spec 2.1, 7.1 invalid_grant): listen on the registered port.
    // The sandbox accepts any loopback port (RFC 8252 §7.3), so a free one avoids clashes there.
    const redirectUri = env === 'production' ? settings.get().production.redirectUri : undefined;
    const listener = await startLoopbackListener({
      expectedState: state,
      clock,
      timeoutMs: options.signInTimeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS,
      redirectUri,
    });
    const session = { environment: env, listener };
    activeSignIn = session;
    notify();
    try {
      const query = AuthorizationRequest.parse({
        client_id: app.clientId,
        response_type: 'code',
        platform_id: 'mp',
        state,
        redirect_uri: listener.redirectUri,
        code_challenge: codeChallengeS256(verifier),
        code_challenge_method: 'S256',
      });
      const base = env === 'sandbox' ? options.sandboxBaseUrl : authorizationUrl();
      const url = new URL('authorization', base.endsWith('/') ? base : `${base}/`);
      for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
      try {
        await options.openExternal(url.toString());
      } catch (error) {
        listener.cancel();
        throw new SignInError('sign_in_failed', error instanceof Error ? error.message : String(error));
      }
      const outcome = await listener.outcome;
      if (outcome.kind === 'denied') throw new SignInError('sign_in_denied', outcome.description ?? outcome.error);
      const response = await platform.oauth.token({
        grant_type: 'authorization_code',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        code: outcome.code,
        redirect_uri: listener.redirectUri,
        code_verifier: verifier,
      });
      vault.writeToken(env, toRecord(response, 'authorization_code', app.clientId));
      store.set(identityKey(env), 'user');
      setError(env, undefined);
      activeSignIn = undefined;
      return status();
    } catch (error) {
      const code = error instanceof SignInError || error instanceof PlatformError ? error.code : 'internal_error';
      // A cancelled sign-in is the user's choice, not a fault of the credentials held.
      if (code !== 'sign_in_cancelled') setError(env, code);
      throw error;
    } finally {
      if (activeSignIn === session) activeSignIn = undefined;
      if (!disposed) notify();
    }
  }

  return {
    tokens,
    status,
    async verify() {
      await renewSingleFlight(environment());
      return status();
    },
    signIn,
    cancelSignIn() {
      activeSignIn?.listener.cancel();
      // Over at once: the answer must not still show a sign-in in progress (its own clean-up runs a moment later).
      activeSignIn = undefined;
      return status();
    },
    signOut() {
      const env = environment();
      activeSignIn?.listener.cancel();
      vault.writeToken(env, undefined);
      store.set(identityKey(env), 'application');
      setError(env, undefined);
      notify();
      return status();
    },
    allowPlaintext(allow) {
      vault.setPlaintextAllowed(allow);
      notify();
      return status();
    },
    configureProduction(change) {
      // A secret is for the platform it was issued by: never send it to a new address (docs/decisions.md, Production set-up).
      if (change.baseUrlChanged === true && change.clientSecret === undefined) vault.writeClientSecret('production', undefined);
      if (change.clientSecret !== undefined) vault.writeClientSecret('production', change.clientSecret === '' ? undefined : change.clientSecret);
      if (change.authorizationUrl !== undefined) store.set(AUTHORIZATION_URL_KEY, change.authorizationUrl);
      if (change.clientChanged || change.clientSecret !== undefined) {
        // A token belongs to the client that got it; a new client (or secret) starts from its own credentials.
        vault.writeToken('production', undefined);
        store.set(identityKey('production'), 'application');
        setError('production', undefined);
      }
      notify();
      return status();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    applicationSecret: async () => (await applicationCredentials(environment())).clientSecret,
    dispose() {
      disposed = true;
      activeSignIn?.listener.cancel();
      listeners.clear();
    },
  };
}
