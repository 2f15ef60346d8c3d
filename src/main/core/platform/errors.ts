import { PlatformErrorBody } from '../../../shared/platform/errors';
import { CONTENT_REQUIRED_MESSAGE, CONTENT_TOO_LARGE_MESSAGE, INVALID_BASE64_MESSAGE } from '../../../shared/platform/terminal-actions';
import { CounterError } from '../errors';
import { cashierMessage } from './messages';

/** Status 0 stands for "no HTTP answer at all" (a dropped connection or a timeout). */
export const NO_HTTP_STATUS = 0;

/**
 * Any way a platform call can fail, typed: the platform's own code (spec 7), or one of the client's
 * transport codes. `message` is the cashier's English text; `detail` keeps what the platform said,
 * for logs and support.
 */
export class PlatformError extends CounterError {
  /** NO_HTTP_STATUS (0) when there was no HTTP answer at all. */
  declare readonly status: number;
  readonly detail: string;
  /** From a 429's Retry-After, when the platform gave one. */
  readonly retryAfterMs: number | undefined;

  constructor(init: { status: number; code: string; detail?: string; retryable?: boolean; retryAfterMs?: number }) {
    super({ code: init.code, status: init.status, retryable: init.retryable ?? isTransientStatus(init.status), message: cashierMessage(init.code, 'en') });
    this.name = 'PlatformError';
    this.detail = init.detail ?? '';
    this.retryAfterMs = init.retryAfterMs;
  }

  /** No HTTP answer has no status to show. */
  protected override failureStatus(): number | undefined {
    return this.status === NO_HTTP_STATUS ? undefined : this.status;
  }
}

/** Network trouble, rate limiting and server errors may pass; a 4xx will not change by asking again. */
export function isTransientStatus(status: number): boolean {
  return status === NO_HTTP_STATUS || status === 429 || status >= 500;
}

/**
 * The three 7.2 rows that the spec identifies by message text only; the shared schemas send them with
 * a generic `error`, so the message decides (see docs/decisions.md).
 */
const MESSAGE_ONLY_CODES: ReadonlyArray<[string, string]> = [
  [CONTENT_REQUIRED_MESSAGE, 'content_required'],
  [CONTENT_TOO_LARGE_MESSAGE, 'content_too_large'],
  [INVALID_BASE64_MESSAGE, 'invalid_base64'],
];

/** Turns an HTTP error answer into a PlatformError, whatever its body looks like. */
export function platformErrorFromResponse(status: number, bodyText: string, retryAfterMs: number | undefined): PlatformError {
  let body: PlatformErrorBody | undefined;
  try {
    const parsed = PlatformErrorBody.safeParse(JSON.parse(bodyText));
    if (parsed.success) body = parsed.data;
  } catch {
    body = undefined;
  }
  const messageCode = body === undefined ? undefined : MESSAGE_ONLY_CODES.find(([text]) => body.message.trim() === text)?.[1];
  const code = messageCode ?? (body?.error || fallbackCode(status));
  return new PlatformError({ status, code, detail: body?.message ?? bodyText.slice(0, 300), retryAfterMs });
}

function fallbackCode(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal_error';
  return 'http_error';
}

/** Anything thrown by a platform call, as a PlatformError (a bug in our code stays a bug and is re-thrown). */
export function asPlatformError(error: unknown): PlatformError | undefined {
  return error instanceof PlatformError ? error : undefined;
}
