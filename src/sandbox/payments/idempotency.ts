import type { FastifyReply } from 'fastify';
import { type IdempotencyStore, idempotencyConflict, JsonText, lazyFingerprint } from '../idempotency';
import { SandboxError } from '../errors';

/**
 * X-Idempotency-Key on `POST /v1/payments`, with the print actions' rules and store (spec 7.2, 8): per
 * user, a key seen with the same body within 24 hours replays the first answer; with another body it is a 409.
 */

/** The print actions' limit (docs/decisions.md), so one key format fits both. */
const MAX_KEY_LENGTH = 255;

/** An answer as JSON text: written once, sent as is, and remembered as is for a replay. */
export interface IdempotentAnswer {
  statusCode: number;
  json: string;
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
  run: () => { statusCode: number; json: string },
): IdempotentAnswer {
  if (key === undefined) return written(run());
  const decision = store.begin(userId, key, lazyFingerprint(request.method, request.path, request.body));
  if (decision.kind === 'conflict') throw idempotencyConflict(decision.reason);
  if (decision.kind === 'replay') {
    const { status, body } = decision.response;
    // Records from this route and from a loaded state (PaymentStore.load) hold text; any other body is written as Fastify would.
    return { statusCode: status, json: body instanceof JsonText ? body.text : JSON.stringify(body), replayed: true };
  }
  let answer: IdempotentAnswer | undefined;
  try {
    answer = written(run());
  } finally {
    // The text, not the answer object: the payment record it was built from changes later (a refund, a chargeback), the replay must not.
    decision.finish(answer === undefined ? undefined : { status: answer.statusCode, body: new JsonText(answer.json) });
  }
  return answer;
}

function written(answer: { statusCode: number; json: string }): IdempotentAnswer {
  return { statusCode: answer.statusCode, json: answer.json, replayed: false };
}

/** Sends the text as Fastify would have written the object (the same content type, the same bytes). */
export function sendJson(reply: FastifyReply, answer: IdempotentAnswer): FastifyReply {
  return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.json);
}
