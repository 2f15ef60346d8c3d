import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';

/**
 * Spec 4.1, 5, 7.1. Minimal first cut (client_credentials only, so the other sandbox modules can be
 * exercised); issue 3 completes every flow and error row.
 */
export function registerOAuth(app: FastifyInstance, context: SandboxContext): void {
  const tokens = new Map<string, Principal & { expiresAt: number }>();
  const lifetimeSeconds = 15_552_000;

  context.authenticate = (request) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer (\S+)$/i.exec(header);
    const token = match?.[1] === undefined ? undefined : tokens.get(match[1]);
    if (token === undefined || token.expiresAt <= context.clock.now()) throw new SandboxError(401, 'unauthorized', 'invalid access token');
    return token;
  };

  app.post('/oauth/token', { config: { malformedBodyCode: 'invalid_request' } }, (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const application = context.seed.applications.find((candidate) => candidate.client_id === body['client_id'] && candidate.client_secret === body['client_secret']);
    if (application === undefined) throw new SandboxError(400, 'invalid_client', 'invalid client_id or client_secret');
    if (body['grant_type'] !== 'client_credentials') throw new SandboxError(400, 'unsupported_grant_type', 'grant_type not supported yet');
    const now = new Date(context.clock.now());
    const stamp = [now.getUTCMonth() + 1, now.getUTCDate(), now.getUTCHours()].map((part) => String(part).padStart(2, '0')).join('');
    const accessToken = `APP_USR-${application.client_id}-${stamp}-${randomBytes(16).toString('hex')}-${application.owner_user_id}`;
    tokens.set(accessToken, {
      userId: application.owner_user_id,
      clientId: application.client_id,
      scopes: ['read', 'write'],
      accessToken,
      liveMode: true,
      expiresAt: context.clock.now() + lifetimeSeconds * 1000,
    });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: lifetimeSeconds,
      scope: 'read write',
      user_id: application.owner_user_id,
      refresh_token: '',
      public_key: `APP_USR-${randomBytes(16).toString('hex')}`,
      live_mode: true,
    };
  });
}
