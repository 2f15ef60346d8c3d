import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../../shared/clock';
import { AuthorizationCallback } from '../../../shared/platform/oauth';
import { CounterError } from '../errors';
import { sameSecret } from './pkce';

export const LOOPBACK_CALLBACK_PATH = '/callback';

export type LoopbackOutcome = { kind: 'code'; code: string } | { kind: 'denied'; error: string; description?: string };

/** How the sign-in ended after the code came back: the browser's page says only this. */
export type SignInResult = { ok: true } | { ok: false; reason: { en: string; es: string } };

export type SignInErrorCode = 'sign_in_timeout' | 'sign_in_cancelled' | 'sign_in_denied' | 'sign_in_failed' | 'sign_in_port_busy';

export class SignInError extends CounterError {
  declare readonly code: SignInErrorCode;

  constructor(code: SignInErrorCode, detail: string) {
    // A refusal in the browser stands until the user decides otherwise; the others may pass on a new try.
    super({ code, retryable: code !== 'sign_in_denied', message: detail });
    this.name = 'SignInError';
  }
}

export interface LoopbackListener {
  /** http://127.0.0.1:PORT/callback — the redirect_uri of this one sign-in. */
  readonly redirectUri: string;
  /** Settles once: with the code, with the user's refusal, or with a timeout or cancellation. */
  readonly outcome: Promise<LoopbackOutcome>;
  /**
   * The browser's page after a code: held open until the token exchange is over, then "Signed in" only
   * if it worked, else the reason (it said "Signed in" before the exchange, which could still fail).
   */
  answer(result: SignInResult): void;
  cancel(): void;
}

/** The browser's page waits at most this long for the token exchange, then says to look in Counter. */
const ANSWER_WAIT_MS = 30_000;

const PAGE_DONE =
  '<!doctype html><meta charset="utf-8"><title>Counter</title><p>Signed in. You can close this tab and return to Counter.</p><p>Sesión iniciada. Puede cerrar esta pestaña y volver a Counter.</p>';
const PAGE_PENDING =
  '<!doctype html><meta charset="utf-8"><title>Counter</title><p>Counter is still finishing the sign-in. Return to Counter to see whether it worked.</p><p>Counter aún está terminando el inicio de sesión. Vuelva a Counter para ver si funcionó.</p>';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);

function failedPage(reason: { en: string; es: string }): string {
  return (
    '<!doctype html><meta charset="utf-8"><title>Counter</title>' +
    `<p><strong>The sign-in did not complete.</strong> ${escapeHtml(reason.en)} Return to Counter and try again.</p>` +
    `<p><strong>El inicio de sesión no se completó.</strong> ${escapeHtml(reason.es)} Vuelva a Counter e inténtelo de nuevo.</p>`
  );
}
const PAGE_DENIED =
  '<!doctype html><meta charset="utf-8"><title>Counter</title><p>The sign-in was not authorized. Return to Counter.</p><p>No se autorizó el inicio de sesión. Vuelva a Counter.</p>';
const PAGE_BAD =
  '<!doctype html><meta charset="utf-8"><title>Counter</title><p>This link does not belong to the sign-in Counter started.</p><p>Este enlace no corresponde al inicio de sesión de Counter.</p>';

/**
 * The one-shot redirect listener of RFC 8252 §7.3: 127.0.0.1 only, a port the OS picks, one path.
 * A callback whose `state` is not ours is answered 400 and ignored (it may be a forged link), so the
 * real one can still arrive; the first callback with our state settles the sign-in and closes the port.
 */
export async function startLoopbackListener(options: {
  expectedState: string;
  clock: Clock;
  timeoutMs: number;
  /**
   * The exact redirect URI registered for the application (http://127.0.0.1:PORT/path): a platform that
   * matches redirect_uri exactly (spec 2.1, 7.1 invalid_grant) accepts only that port. Absent: any free port.
   */
  redirectUri?: string;
}): Promise<LoopbackListener> {
  const fixed = options.redirectUri === undefined ? undefined : new URL(options.redirectUri);
  const callbackPath = fixed?.pathname ?? LOOPBACK_CALLBACK_PATH;
  let settle: ((outcome: LoopbackOutcome | SignInError) => void) | undefined;
  const outcome = new Promise<LoopbackOutcome>((resolve, reject) => {
    settle = (result) => (result instanceof SignInError ? reject(result) : resolve(result));
  });
  // A rejection nobody awaits yet (the browser is still opening) must not crash the process.
  outcome.catch(() => undefined);

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, page: string): void => {
      response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
      response.end(page);
    };
    if (request.method !== 'GET' || url.pathname !== callbackPath) return reply(404, PAGE_BAD);
    const parsed = AuthorizationCallback.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success || parsed.data.state === undefined || !sameSecret(options.expectedState, parsed.data.state)) return reply(400, PAGE_BAD);
    if ('code' in parsed.data) {
      if (finished) return reply(400, PAGE_BAD);
      waiting = { reply, timer: options.clock.setTimeout(() => answer(undefined), ANSWER_WAIT_MS) };
      finish({ kind: 'code', code: parsed.data.code });
    } else {
      reply(200, PAGE_DENIED);
      finish({ kind: 'denied', error: parsed.data.error, description: parsed.data.error_description });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new SignInError('sign_in_port_busy', `another program listens on ${options.redirectUri ?? 'the redirect port'}`)
          : new SignInError('sign_in_failed', error.message),
      ),
    );
    server.listen(fixed === undefined ? 0 : Number(fixed.port), '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const timer = options.clock.setTimeout(() => finish(new SignInError('sign_in_timeout', `no redirect within ${options.timeoutMs} ms`)), options.timeoutMs);
  let finished = false;
  let waiting: { reply: (status: number, page: string) => void; timer: ReturnType<Clock['setTimeout']> } | undefined;
  /** Answers the browser's held page once; undefined when the exchange took too long. */
  function answer(result: SignInResult | undefined): void {
    const held = waiting;
    if (held === undefined) return;
    waiting = undefined;
    options.clock.clearTimeout(held.timer);
    if (result === undefined) held.reply(200, PAGE_PENDING);
    else if (result.ok) held.reply(200, PAGE_DONE);
    else held.reply(200, failedPage(result.reason));
  }
  function finish(result: LoopbackOutcome | SignInError): void {
    if (finished) return;
    finished = true;
    options.clock.clearTimeout(timer);
    // Let the answer page reach the browser, then stop listening: the port is good for one sign-in only.
    server.close();
    server.closeIdleConnections();
    settle?.(result);
  }

  return {
    redirectUri: `http://127.0.0.1:${port}${callbackPath}`,
    outcome,
    answer,
    cancel: () => {
      finish(new SignInError('sign_in_cancelled', 'the sign-in was cancelled'));
      answer({ ok: false, reason: { en: 'The sign-in was cancelled in Counter.', es: 'El inicio de sesión se canceló en Counter.' } });
    },
  };
}
