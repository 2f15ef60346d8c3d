import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { PlatformClient } from '../platform/client';
import { PlatformError } from '../platform/errors';
import type { TokenSource } from '../platform/transport';
import { credentialsFailure, type Application } from './application';
import type { SecretVault, TokenRecord } from './vault';

const MAX_REFRESH_MARGIN_MS = 24 * 60 * 60_000;

/**
 * A token obtained after a 401 less than this ago and refused with a 401 again is not renewed again: the platform refuses
 * the credentials, not a stale token (spec 5.1, 7.1). Renewing on every 401 made a persistent 401 cost a
 * token request and a create every 1.8 s for as long as it lasted; now the caller gets the 401 and waits
 * its credentials back-off (the print queue's credentialsRetryMs, 30 s), or a change in Settings wakes it.
 */
export const RENEWED_TOKEN_REFUSED_MS = 30_000;

/** Spec 7.1 answers to a refresh that mean the user's grant is gone (expired, revoked, or never given). */
const REFRESH_REFUSALS = new Set(['invalid_grant', 'unauthorized_client', 'forbidden']);

/** Renew ahead of expiry: a tenth of the lifetime, at most a day (a 180-day token renews a day early). */
export function refreshDueAt(token: TokenRecord): number {
  return token.expiresAt - Math.min((token.expiresAt - token.obtainedAt) / 10, MAX_REFRESH_MARGIN_MS);
}

export interface TokenKeeperDependencies {
  clock: Clock;
  vault: SecretVault;
  platform: PlatformClient;
  application: Application;
  refusedTokenHoldMs?: number;
  /** Told after every renewal, whether it worked or not (the status changed). */
  onSettled: () => void;
}

/**
 * The token lifecycle of spec 2.2 and 5: refresh ahead of expiry and once on a 401, single-flight per
 * environment, and each environment's last failure (what the status shows until the next success).
 */
export interface TokenKeeper {
  readonly tokens: TokenSource;
  /** One token request per environment at a time; everyone who asks meanwhile gets its result. */
  renew(environment: Environment): Promise<TokenRecord>;
  lastError(environment: Environment): string | undefined;
  setError(environment: Environment, code: string | undefined): void;
}

export function createTokenKeeper(dependencies: TokenKeeperDependencies): TokenKeeper {
  const { clock, vault, platform, application } = dependencies;
  const inflight = new Map<Environment, Promise<TokenRecord>>();
  const lastError = new Map<Environment, string>();
  /** The token each environment got by renewing after a 401: if it is refused too, soon, it is not renewed again. */
  const renewedOn401 = new Map<Environment, string>();

  const setError = (environment: Environment, code: string | undefined): void => {
    if (code === undefined) lastError.delete(environment);
    else lastError.set(environment, code);
  };

  async function obtainToken(environment: Environment): Promise<TokenRecord> {
    const app = await application.credentials(environment);
    const held = application.heldToken(environment);
    const refreshToken = held?.refreshToken ?? null;
    if (held !== undefined && refreshToken !== null) {
      try {
        const response = await platform.oauth.token({
          grant_type: 'refresh_token',
          client_id: app.clientId,
          client_secret: app.clientSecret,
          refresh_token: refreshToken,
        });
        return application.tokenRecord(response, held.grant, app.clientId);
      } catch (error) {
        if (!(error instanceof PlatformError) || !REFRESH_REFUSALS.has(error.code)) throw error;
        // A refresh token is single-use and revocable: once refused it is gone for good, and a user must sign in again.
        vault.writeToken(environment, undefined);
        if (application.identity(environment) === 'user') throw credentialsFailure('sign_in_required');
      }
    }
    if (application.identity(environment) === 'user') throw credentialsFailure('sign_in_required');
    const response = await platform.oauth.token({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret });
    return application.tokenRecord(response, 'client_credentials', app.clientId);
  }

  function renew(environment: Environment): Promise<TokenRecord> {
    const running = inflight.get(environment);
    if (running !== undefined) return running;
    const next = (async () => {
      try {
        const token = await obtainToken(environment);
        // Stored before anyone uses it: a refresh token is single-use, losing the new one signs the user out.
        vault.writeToken(environment, token);
        setError(environment, undefined);
        return token;
      } catch (error) {
        setError(environment, error instanceof PlatformError ? error.code : 'internal_error');
        throw error;
      } finally {
        inflight.delete(environment);
        dependencies.onSettled();
      }
    })();
    inflight.set(environment, next);
    return next;
  }

  const tokens: TokenSource = {
    async current() {
      const environment = application.environment();
      const held = application.heldToken(environment);
      if (held !== undefined && clock.now() < refreshDueAt(held)) return held.accessToken;
      return (await renew(environment)).accessToken;
    },
    async renew(rejected) {
      const environment = application.environment();
      const held = application.heldToken(environment);
      // Someone renewed while this call was out: use theirs rather than renew again.
      if (held !== undefined && held.accessToken !== rejected) return held.accessToken;
      const holdMs = dependencies.refusedTokenHoldMs ?? RENEWED_TOKEN_REFUSED_MS;
      if (held !== undefined && renewedOn401.get(environment) === rejected && clock.now() - held.obtainedAt < holdMs) {
        throw new PlatformError({
          status: 401,
          code: 'unauthorized',
          retryable: false,
          detail: 'a token obtained after a 401 moments ago was refused as well',
        });
      }
      if (held !== undefined && held.refreshToken === null) vault.writeToken(environment, undefined);
      const renewed = (await renew(environment)).accessToken;
      renewedOn401.set(environment, renewed);
      return renewed;
    },
  };

  return { tokens, renew, lastError: (environment) => lastError.get(environment), setError };
}
