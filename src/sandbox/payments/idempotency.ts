import { createHash } from 'node:crypto';
import type { Clock } from '../../shared/clock';
import { SandboxError } from '../errors';
import type { CheckoutState } from '../checkout/state';

/**
 * X-Idempotency-Key on `POST /v1/payments`, with the print actions' rules (spec 7.2, 8): per user, a key
 * seen with the same body within 24 hours replays the first answer; with another body it is a 409.
 */

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The print actions' limit (docs/decisions-actions.part.md), so one key format fits both. */
const MAX_KEY_LENGTH = 255;

/** Key order does not make two bodies different. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonical(member)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprint(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

export interface IdempotentAnswer {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  // Optional here (4.6 lists no such header for payments): a blank key is no key.
  if (key === undefined || key === '') return undefined;
  if (key.length > MAX_KEY_LENGTH) {
    throw new SandboxError(400, 'bad_request', 'invalid X-Idempotency-Key', [{ code: 'property_value', description: `X-Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters`, data: { property: 'X-Idempotency-Key' } }]);
  }
  return key;
}

export function runIdempotent(
  state: CheckoutState,
  clock: Clock,
  userId: number,
  key: string | undefined,
  body: unknown,
  run: () => { statusCode: number; body: unknown },
): IdempotentAnswer {
  if (key === undefined) return { ...run(), replayed: false };
  const now = clock.now();
  for (const [mapKey, entry] of state.idempotency) if (now - entry.created_at >= IDEMPOTENCY_WINDOW_MS) state.idempotency.delete(mapKey);
  const mapKey = `${userId} ${key}`;
  const print = fingerprint(body);
  const previous = state.idempotency.get(mapKey);
  if (previous !== undefined) {
    if (previous.fingerprint !== print) {
      throw new SandboxError(409, 'idempotency_key_already_used', 'this X-Idempotency-Key was already used with a different request in the last 24 hours');
    }
    return { statusCode: previous.status_code, body: structuredClone(previous.body), replayed: true };
  }
  const answer = run();
  // Only successes are remembered: a refused body may be corrected and sent again under the same key.
  if (answer.statusCode < 400) {
    state.idempotency.set(mapKey, { user_id: userId, key, fingerprint: print, status_code: answer.statusCode, body: structuredClone(answer.body), created_at: now });
  }
  return { ...answer, replayed: false };
}
