import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { addFormBodyParser } from '../form-body';
import type { RedirectPolicy } from './authorize';
import { registerCodeAndRedirectControl, registerRevocationControl } from './control-routes';
import { registerTokenAndConsent, TOKEN_BODY_LIMIT_BYTES } from './endpoints';
import { PendingAuthorizations } from './pending';
import type { RateLimit } from './rate-limit';
import { OAuthService } from './service';

export interface OAuthModule {
  readonly service: OAuthService;
  /** Changed by the control route (control-routes.ts); the CLI's --strict-redirects sets it at start. */
  readonly redirectPolicy: RedirectPolicy;
}

/**
 * Spec 2.1, 2.2, 4.1, 5, 7.1, 8 and the authorization page of docs/decisions.md: the token endpoint, the
 * consent page, the bearer check (`context.authenticate`), and the control routes that touch OAuth
 * state. Persisted as the `oauth` slice.
 */
export function registerOAuth(app: FastifyInstance, context: SandboxContext, options: { rateLimit: RateLimit | null; strictRedirects?: boolean }): OAuthModule {
  const service = new OAuthService(context, options.rateLimit);
  // Not part of the persisted state nor of a reset: like --token-rate-limit, it is how this sandbox was started.
  const redirectPolicy: RedirectPolicy = { strict: options.strictRedirects ?? false, redirectUris: {} };
  const pending = new PendingAuthorizations(context.clock);

  // Assigned now, not inside the plugin below, so modules registered after this call already see it.
  context.authenticate = (request) => service.authenticate(request.headers.authorization);
  context.registerSlice('oauth', {
    save: () => {
      service.prune();
      return service.store.save();
    },
    load: (data) => service.store.load(data),
    reset: () => {
      service.store.clear();
      service.resetTransient();
      pending.clear();
    },
  });

  void app.register((scope, _options, done) => {
    // Encapsulated: only these routes take form bodies, as OAuth servers do (RFC 6749 §4.1.3).
    addFormBodyParser(scope, TOKEN_BODY_LIMIT_BYTES);
    registerTokenAndConsent(scope, context, { service, redirectPolicy, pending });
    registerCodeAndRedirectControl(scope, context, { service, redirectPolicy });
    registerRevocationControl(scope, context, service);
    done();
  });

  return { service, redirectPolicy };
}
