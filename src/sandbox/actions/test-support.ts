import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import type { LightMyRequestResponse } from 'fastify';
import { createManualClock, type ManualClock } from '../../shared/clock';
import { createSandbox, type Sandbox, type SandboxOptions } from '../app';

/** Shared by the action and terminal tests: a sandbox on a manual clock, tokens and valid bodies. */

export const TERMINAL_1 = 'NEWLAND_N950__SBX0000001';
export const TERMINAL_2 = 'NEWLAND_N950__SBX0000002';
export const TERMINAL_3 = 'PAX_A910__SBX0000003';
export const STANDALONE_TERMINAL = 'PAX_A910__SBX0000004';
export const OTHER_USER_TERMINAL = 'NEWLAND_N950__SBX0000009';

const CLIENTS = {
  1001: { client_id: '4815162342', client_secret: 'SBX-counter-secret-7d1f0c2a9b' },
  2002: { client_id: '1618033988', client_secret: 'SBX-pkce-app-secret-44e9a1c3' },
} as const;

const samples = new URL('../../../resources/samples/', import.meta.url);
export const SAMPLE_RECEIPT = readFileSync(new URL('receipt-custom.txt', samples), 'utf8');
export const SAMPLE_DTE = readFileSync(new URL('dte-factura-33.xml', samples), 'utf8');

export interface Harness {
  sandbox: Sandbox;
  clock: ManualClock;
  token: (user?: 1001 | 2002) => Promise<string>;
  create: (body: unknown, options?: { key?: string; token?: string }) => Promise<LightMyRequestResponse>;
  get: (id: string, options?: { token?: string }) => Promise<LightMyRequestResponse>;
  cancel: (id: string, options?: { key?: string; token?: string }) => Promise<LightMyRequestResponse>;
  /** GET /__sandbox/terminals/{id}{path}. */
  terminalGet: (id: string, path?: string) => Promise<LightMyRequestResponse>;
  /** POST /__sandbox/terminals/{id}{path}, with a JSON body when given. */
  terminalPost: (id: string, path?: string, body?: object) => Promise<LightMyRequestResponse>;
  statusOf: (id: string) => Promise<string>;
  close: () => Promise<void>;
}

let keyCounter = 0;
export function freshKey(): string {
  keyCounter++;
  return `test-key-${keyCounter}-${Math.random().toString(36).slice(2)}`;
}

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const clock = options.clock === undefined ? createManualClock() : (options.clock as ManualClock);
  const sandbox = await createSandbox({ ...options, clock });
  const tokens = new Map<number, string>();
  const token = async (user: 1001 | 2002 = 1001): Promise<string> => {
    const cached = tokens.get(user);
    if (cached !== undefined) return cached;
    const response = await sandbox.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', ...CLIENTS[user] } });
    if (response.statusCode !== 200) throw new Error(`token for ${user}: ${response.statusCode} ${response.body}`);
    const accessToken = (response.json() as { access_token: string }).access_token;
    tokens.set(user, accessToken);
    return accessToken;
  };
  const auth = async (explicit: string | undefined): Promise<string> => `Bearer ${explicit ?? (await token())}`;
  const harness: Harness = {
    sandbox,
    clock,
    token,
    create: async (body, { key = freshKey(), token: explicit } = {}) =>
      sandbox.app.inject({
        method: 'POST',
        url: '/terminals/v1/actions',
        headers: { authorization: await auth(explicit), 'x-idempotency-key': key, 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    get: async (id, { token: explicit } = {}) =>
      sandbox.app.inject({ method: 'GET', url: `/terminals/v1/actions/${id}`, headers: { authorization: await auth(explicit) } }),
    cancel: async (id, { key = freshKey(), token: explicit } = {}) =>
      sandbox.app.inject({
        method: 'POST',
        url: `/terminals/v1/actions/${id}/cancel`,
        headers: { authorization: await auth(explicit), 'x-idempotency-key': key },
      }),
    terminalGet: (id, path = '') => sandbox.app.inject({ method: 'GET', url: `/__sandbox/terminals/${id}${path}` }),
    terminalPost: (id, path = '', body) =>
      sandbox.app.inject(
        body === undefined
          ? { method: 'POST', url: `/__sandbox/terminals/${id}${path}` }
          : { method: 'POST', url: `/__sandbox/terminals/${id}${path}`, payload: body },
      ),
    statusOf: async (id) => {
      const response = await harness.get(id);
      return (response.json() as { status: string }).status;
    },
    close: () => sandbox.close(),
  };
  return harness;
}

export function customBody(overrides: { terminal?: string; reference?: string; content?: string } = {}): Record<string, unknown> {
  return {
    type: 'print',
    external_reference: overrides.reference ?? `ref-${freshKey().slice(9, 20)}`.replace(/[^A-Za-z0-9_-]/g, '_'),
    config: { point: { terminal_id: overrides.terminal ?? TERMINAL_1, subtype: 'custom' } },
    content: overrides.content ?? SAMPLE_RECEIPT,
  };
}

export function imageBody(content: string, terminal = TERMINAL_1): Record<string, unknown> {
  return { type: 'print', external_reference: 'img-1', config: { point: { terminal_id: terminal, subtype: 'image' } }, content };
}

export function invoiceBody(content: string = SAMPLE_DTE, terminal = TERMINAL_1): Record<string, unknown> {
  return { type: 'print', external_reference: 'factura-60', config: { point: { terminal_id: terminal, subtype: 'invoice' } }, content };
}

/** A PNG whose left half is black and right half white (with a transparent bottom row). */
export function pngBase64(width: number, height: number): string {
  const png = new pngjs.PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 4;
      const value = x < width / 2 ? 0 : 255;
      png.data[offset] = value;
      png.data[offset + 1] = value;
      png.data[offset + 2] = value;
      png.data[offset + 3] = y === height - 1 ? 0 : 255;
    }
  }
  return pngjs.PNG.sync.write(png).toString('base64');
}

/** A mid-grey JPEG. */
export function jpegBase64(width: number, height: number): string {
  const data = Buffer.alloc(width * height * 4, 128);
  return jpeg.encode({ data, width, height }, 90).data.toString('base64');
}

export interface ErrorBodyShape {
  message: string;
  error: string;
  status: number;
  cause: { code: string | number; description: string; data?: Record<string, unknown> }[];
}

export function errorOf(response: LightMyRequestResponse): ErrorBodyShape {
  return response.json() as ErrorBodyShape;
}
