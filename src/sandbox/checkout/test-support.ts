import { createManualClock, type ManualClock } from '../../shared/clock';
import { DEFAULT_SEED } from '../accounts';
import { createSandbox, type Sandbox, type SandboxSnapshot } from '../app';
import { checkoutServices, type CheckoutServices } from './services';

/** Helpers for the checkout and notification tests (imported by *.test.ts only). */

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json<T = unknown>(): T;
}

export interface TestSandbox {
  readonly sandbox: Sandbox;
  readonly clock: ManualClock;
  readonly services: CheckoutServices;
  /** Bearer token of user 1001 (application 4815162342). */
  readonly token: string;
  /** Bearer token of user 2002 (application 1618033988). */
  readonly otherToken: string;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { body?: unknown; headers?: Record<string, string>; token?: string | null },
  ): Promise<Answer>;
  close(): Promise<void>;
}

export const COUNTER_APP = { client_id: '4815162342', client_secret: 'SBX-counter-secret-7d1f0c2a9b' } as const;

async function token(sandbox: Sandbox, index: number): Promise<string> {
  const application = DEFAULT_SEED.applications[index];
  if (application === undefined) throw new Error(`no seeded application ${index}`);
  const response = await sandbox.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'client_credentials', client_id: application.client_id, client_secret: application.client_secret },
  });
  if (response.statusCode !== 200) throw new Error(`token for ${application.client_id}: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

export async function startTestSandbox(options: { clock?: ManualClock; state?: SandboxSnapshot; ackTimeoutMs?: number } = {}): Promise<TestSandbox> {
  const clock = options.clock ?? createManualClock();
  const sandbox = await createSandbox({ clock, tokenRateLimit: null, ...(options.state === undefined ? {} : { state: options.state }) });
  const services = checkoutServices(sandbox.app);
  services.notifications.dispatcher.configure({ ackTimeoutMs: options.ackTimeoutMs ?? 2_000 });
  const mainToken = await token(sandbox, 0);
  const otherToken = await token(sandbox, 1);
  return {
    sandbox,
    clock,
    services,
    token: mainToken,
    otherToken,
    async call(method, url, callOptions = {}) {
      const bearer = callOptions.token === undefined ? mainToken : callOptions.token;
      const response = await sandbox.app.inject({
        method,
        url,
        headers: { ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }), ...callOptions.headers },
        ...(callOptions.body === undefined ? {} : { payload: callOptions.body as string | object }),
      });
      return { status: response.statusCode, headers: response.headers, body: response.body, json: <T>() => response.json<T>() };
    },
    close: () => sandbox.close(),
  };
}

/** Sets a value deep inside a JSON-like object, creating the objects on the way (`items.0.category_descriptor.event_date`). */
export function setPath(target: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let current: Record<string | number, unknown> = target;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) {
      current[key] = value;
      return;
    }
    const next = current[key];
    if (next === null || typeof next !== 'object') current[key] = typeof path[index + 1] === 'number' ? [] : {};
    current = current[key] as Record<string | number, unknown>;
  }
}
