import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Sandbox } from '../app';
import { DEFAULT_SEED } from '../accounts';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { TokenResponse } from '../../shared/platform/oauth';

/** Helpers shared by the OAuth and control tests (imported by *.test.ts only). */

function seededApplication(index: number): { client_id: string; client_secret: string } {
  const application = DEFAULT_SEED.applications[index];
  if (application === undefined) throw new Error(`DEFAULT_SEED has no application ${index}`);
  return { client_id: application.client_id, client_secret: application.client_secret };
}

/** Counter: PKCE optional, redirect http://127.0.0.1/callback and http://localhost/callback, owner 1001. */
export const COUNTER = seededApplication(0);
/** Kiosk: PKCE required, owner 2002. */
export const KIOSK = seededApplication(1);
/** Reports: read scope only, https redirect, owner 3003. */
export const REPORTS = seededApplication(2);

export const LOOPBACK_CALLBACK = 'http://127.0.0.1:53682/callback';

export async function postToken(sandbox: Sandbox, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return sandbox.app.inject({ method: 'POST', url: '/oauth/token', payload: body });
}

export async function postTokenForm(sandbox: Sandbox, form: string): Promise<LightMyRequestResponse> {
  return sandbox.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
}

/** Asserts a token error: status, code, the platform's body shape, and returns the body. */
export function expectError(response: LightMyRequestResponse, status: number, code: string): PlatformErrorBody {
  expect({ status: response.statusCode, body: response.json() as unknown }).toMatchObject({ status, body: { error: code, status } });
  return PlatformErrorBody.parse(response.json());
}

export function expectTokens(response: LightMyRequestResponse): TokenResponse {
  expect(response.statusCode, response.body).toBe(200);
  return TokenResponse.parse(response.json());
}

export async function clientCredentials(sandbox: Sandbox, extra: Record<string, unknown> = {}): Promise<TokenResponse> {
  return expectTokens(await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER, ...extra }));
}

/** Mints a code through the control shortcut (same checks as the consent page). */
export async function mintCode(sandbox: Sandbox, fields: Record<string, unknown> = {}): Promise<{ code: string; redirectUri: string }> {
  const redirectUri = typeof fields['redirect_uri'] === 'string' ? fields['redirect_uri'] : LOOPBACK_CALLBACK;
  const response = await sandbox.app.inject({
    method: 'POST',
    url: '/__sandbox/oauth/authorize',
    payload: { client_id: COUNTER.client_id, redirect_uri: redirectUri, user_id: 1001, state: 's1', ...fields },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ code: string; redirect_to: string }>();
  return { code: body.code, redirectUri };
}

export async function exchangeCode(
  sandbox: Sandbox,
  code: string,
  redirectUri: string,
  extra: Record<string, unknown> = {},
  credentials = COUNTER,
): Promise<LightMyRequestResponse> {
  return postToken(sandbox, { grant_type: 'authorization_code', ...credentials, code, redirect_uri: redirectUri, ...extra });
}

/** Tokens of user 1001 for Counter via the authorization_code flow. */
export async function userTokens(sandbox: Sandbox, fields: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<TokenResponse> {
  const { code, redirectUri } = await mintCode(sandbox, fields);
  return expectTokens(await exchangeCode(sandbox, code, redirectUri, extra));
}

export async function listTerminals(sandbox: Sandbox, accessToken: string): Promise<LightMyRequestResponse> {
  return sandbox.app.inject({ method: 'GET', url: '/terminals/v1/list', headers: { authorization: `Bearer ${accessToken}` } });
}
