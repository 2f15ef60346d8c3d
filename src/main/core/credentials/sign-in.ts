import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import { failureText } from '../../../shared/i18n/failures';
import { AuthorizationRequest } from '../../../shared/platform/oauth';
import type { PlatformClient } from '../platform/client';
import { PlatformError } from '../platform/errors';
import type { SettingsRepository } from '../settings/store';
import type { Application, ApplicationCredentials } from './application';
import { SignInError, startLoopbackListener, type LoopbackListener } from './loopback';
import { codeChallengeS256, createCodeVerifier, createState } from './pkce';
import type { SecretVault } from './vault';

const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface SignInDependencies {
  clock: Clock;
  settings: SettingsRepository;
  vault: SecretVault;
  platform: PlatformClient;
  application: Application;
  sandboxBaseUrl: string;
  openExternal: (url: string) => Promise<void>;
  signInTimeoutMs?: number;
  /** Told when a sign-in starts and ends. */
  onChange: () => void;
  setError: (environment: Environment, code: string | undefined) => void;
}

/** A user's sign-in (spec 2.1): authorization_code with PKCE S256 in the system browser, one at a time. */
export interface SignInFlow {
  /** Resolves once the user's token is stored; rejects with the sign-in's or the platform's code. */
  run(): Promise<void>;
  /** Ends the sign-in in progress, if any; it is over at once for `inProgress`. */
  cancel(): void;
  /** Ends the sign-in in progress, if any, which is over once its own clean-up has run. */
  abort(): void;
  inProgress(): Environment | undefined;
  close(): void;
}

export function createSignInFlow(dependencies: SignInDependencies): SignInFlow {
  const { clock, settings, vault, platform, application } = dependencies;
  let active: { environment: Environment; listener: LoopbackListener } | undefined;
  let closed = false;

  function authorizationPage(environment: Environment, app: ApplicationCredentials, listener: LoopbackListener, state: string, verifier: string): string {
    const query = AuthorizationRequest.parse({
      client_id: app.clientId,
      response_type: 'code',
      platform_id: 'mp',
      state,
      redirect_uri: listener.redirectUri,
      code_challenge: codeChallengeS256(verifier),
      code_challenge_method: 'S256',
    });
    const base = environment === 'sandbox' ? dependencies.sandboxBaseUrl : application.authorizationUrl();
    const url = new URL('authorization', base.endsWith('/') ? base : `${base}/`);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
    return url.toString();
  }

  async function complete(environment: Environment, app: ApplicationCredentials, listener: LoopbackListener, state: string, verifier: string): Promise<void> {
    try {
      await dependencies.openExternal(authorizationPage(environment, app, listener, state, verifier));
    } catch (error) {
      listener.cancel();
      throw new SignInError('sign_in_failed', error instanceof Error ? error.message : String(error));
    }
    const outcome = await listener.outcome;
    if (outcome.kind === 'denied') throw new SignInError('sign_in_denied', outcome.description ?? outcome.error);
    try {
      const response = await platform.oauth.token({
        grant_type: 'authorization_code',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        code: outcome.code,
        redirect_uri: listener.redirectUri,
        code_verifier: verifier,
      });
      vault.writeToken(environment, application.tokenRecord(response, 'authorization_code', app.clientId));
      application.setIdentity(environment, 'user');
      listener.answer({ ok: true });
    } catch (error) {
      const code = error instanceof SignInError || error instanceof PlatformError ? error.code : 'internal_error';
      listener.answer({ ok: false, reason: { en: failureText(code, 'en'), es: failureText(code, 'es') } });
      throw error;
    }
  }

  return {
    async run() {
      const environment = application.environment();
      active?.listener.cancel();
      const app = await application.credentials(environment);
      const verifier = createCodeVerifier();
      const state = createState();
      // Production matches redirect_uri exactly (spec 2.1, 7.1 invalid_grant): listen on the registered port.
      // The sandbox accepts any loopback port (RFC 8252 §7.3), so a free one avoids clashes there.
      const redirectUri = environment === 'production' ? settings.get().production.redirectUri : undefined;
      const listener = await startLoopbackListener({
        expectedState: state,
        clock,
        timeoutMs: dependencies.signInTimeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS,
        redirectUri,
      });
      const session = { environment, listener };
      active = session;
      dependencies.onChange();
      try {
        await complete(environment, app, listener, state, verifier);
        dependencies.setError(environment, undefined);
        active = undefined;
      } catch (error) {
        const code = error instanceof SignInError || error instanceof PlatformError ? error.code : 'internal_error';
        // A cancelled sign-in is the user's choice, not a fault of the credentials held.
        if (code !== 'sign_in_cancelled') dependencies.setError(environment, code);
        throw error;
      } finally {
        if (active === session) active = undefined;
        if (!closed) dependencies.onChange();
      }
    },
    cancel() {
      active?.listener.cancel();
      // Over at once: the answer must not still show a sign-in in progress (its own clean-up runs a moment later).
      active = undefined;
    },
    abort: () => active?.listener.cancel(),
    inProgress: () => active?.environment,
    close() {
      closed = true;
      active?.listener.cancel();
    },
  };
}
