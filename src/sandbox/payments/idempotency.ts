import { type IdempotencyStore, idempotencyConflict, requestFingerprint } from '../idempotency';
import { SandboxError } from '../errors';

/**
 * X-Idempotency-Key on `POST /v1/payments`, with the print actions' rules and store (spec 7.2, 8): per
 * user, a key seen with the same body within 24 hours replays the first answer; with another body it is a 409.
 */

/** The print actions' limit (docs/decisions.md), so one key format fits both. */
const MAX_KEY_LENGTH = 255;

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
    throw new SandboxError(400, 'bad_request', 'invalid X-Idempotency-Key', [
      { code: 'property_value', description: `X-Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters`, data: { property: 'X-Idempotency-Key' } },
    ]);
  }
  return key;
}

export function runIdempotent(
  store: IdempotencyStore,
  userId: number,
  key: string | undefined,
  request: { method: string; path: string; body: unknown },
  run: () => { statusCode: number; body: unknown },
): IdempotentAnswer {
  if (key === undefined) return { ...run(), replayed: false };
  const decision = store.begin(userId, key, requestFingerprint(request.method, request.path, request.body));
  if (decision.kind === 'conflict') throw idempotencyConflict(decision.reason);
  // Cloned in and out: the payment record changes later (a chargeback), the replayed answer must not.
  if (decision.kind === 'replay') return { statusCode: decision.response.status, body: structuredClone(decision.response.body), replayed: true };
  let answer: { statusCode: number; body: unknown } | undefined;
  try {
    answer = run();
  } finally {
    decision.finish(answer === undefined ? undefined : { status: answer.statusCode, body: structuredClone(answer.body) });
  }
  return { ...answer, replayed: false };
}
