import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock, TimerHandle } from '../../shared/clock';
import { SandboxError, sendError } from '../errors';

/**
 * Scripted failures, so the app's retry, timeout and idempotency paths can be exercised on demand:
 * the next `count` requests matching `method` and `pathPattern` answer `status`/`code`, or wait
 * `delayMs` first (on the sandbox clock), or lose their connection (`drop`), or are carried out and then
 * lose their connection before the answer leaves (`dropAnswer`: the answer lost on the way back).
 */
export const FaultRule = z
  .strictObject({
    /** An HTTP method, or `*` for any. */
    method: z
      .string()
      .regex(/^(\*|[A-Za-z]+)$/, { error: 'method is an HTTP method or *' })
      .default('*')
      .transform((method) => method.toUpperCase()),
    /** Glob over the path (no query string): `*` matches any run of characters, `/` included. */
    pathPattern: z.string().startsWith('/', { error: 'pathPattern starts with /' }).max(500),
    /** How many matching requests the rule affects before it disappears. */
    count: z.number().int().min(1).max(100_000).default(1),
    /** Answer this status with the platform's error body. */
    status: z.number().int().min(400).max(599).optional(),
    /** The error code in the body (default derived from the status, e.g. 429 → local_rate_limited). */
    code: z.string().min(1).max(200).optional(),
    message: z.string().max(2000).optional(),
    /** Adds a Retry-After header to a status answer. */
    retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
    /** Hold the request this long (sandbox clock) before answering or dropping; alone, the request then proceeds normally. */
    delayMs: z.number().int().min(0).max(600_000).optional(),
    /** Destroy the connection without an answer (after delayMs, if given). */
    drop: z.boolean().optional(),
    /** Carry the request out, then destroy the connection instead of answering: the client never learns what it made. */
    dropAnswer: z.boolean().optional(),
  })
  .refine((rule) => rule.status !== undefined || rule.delayMs !== undefined || rule.drop === true || rule.dropAnswer === true, {
    error: 'a fault needs status, delayMs, drop: true or dropAnswer: true',
  })
  .refine((rule) => !(rule.dropAnswer === true && (rule.drop === true || rule.status !== undefined)), {
    error: 'dropAnswer carries the request out: it goes with neither drop nor status',
  })
  .refine((rule) => !(rule.drop === true && rule.status !== undefined), { error: 'a fault either answers a status or drops the connection, not both' })
  .refine((rule) => rule.status !== undefined || (rule.code === undefined && rule.message === undefined && rule.retryAfterSeconds === undefined), {
    error: 'code, message and retryAfterSeconds only apply with status',
  });
/** What callers write (defaults may be left out). */
export type FaultRule = z.input<typeof FaultRule>;

export const ActiveFault = z.object({
  id: z.string(),
  method: z.string(),
  pathPattern: z.string(),
  remaining: z.number().int(),
  status: z.number().int().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  retryAfterSeconds: z.number().int().optional(),
  delayMs: z.number().int().optional(),
  drop: z.boolean().optional(),
  dropAnswer: z.boolean().optional(),
});
export type ActiveFault = z.infer<typeof ActiveFault>;

const DEFAULT_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'local_rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

interface Rule extends ActiveFault {
  matcher: RegExp;
}

/** Control routes are never faulted: a test must always be able to clear what it scripted. */
const CONTROL_PREFIX = '/__sandbox';

export class FaultInjector {
  private rules: Rule[] = [];
  private nextId = 1;
  private nextHoldId = 1;
  private readonly held = new Map<number, { timer: TimerHandle; release: () => void }>();

  constructor(
    private readonly clock: Clock,
    private readonly initial: readonly FaultRule[],
  ) {
    this.reset();
  }

  add(input: FaultRule): ActiveFault {
    const rule = FaultRule.parse(input);
    const active: ActiveFault = { id: `fault-${this.nextId++}`, method: rule.method, pathPattern: rule.pathPattern, remaining: rule.count };
    if (rule.status !== undefined) active.status = rule.status;
    if (rule.code !== undefined) active.code = rule.code;
    if (rule.message !== undefined) active.message = rule.message;
    if (rule.retryAfterSeconds !== undefined) active.retryAfterSeconds = rule.retryAfterSeconds;
    if (rule.delayMs !== undefined) active.delayMs = rule.delayMs;
    if (rule.drop !== undefined) active.drop = rule.drop;
    if (rule.dropAnswer !== undefined) active.dropAnswer = rule.dropAnswer;
    this.rules.push({ ...active, matcher: globToRegExp(rule.pathPattern) });
    return active;
  }

  list(): ActiveFault[] {
    return this.rules.map(({ matcher: _matcher, ...rule }) => rule);
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length !== before;
  }

  clear(): number {
    const count = this.rules.length;
    this.rules = [];
    return count;
  }

  /** Back to the rules the sandbox was created with. */
  reset(): void {
    this.rules = [];
    for (const rule of this.initial) this.add(rule);
  }

  /** The first rule matching the request, with one use consumed; rules are tried in the order they were added. */
  take(method: string, path: string): ActiveFault | undefined {
    if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) return undefined;
    const index = this.rules.findIndex((rule) => (rule.method === '*' || rule.method === method) && rule.matcher.test(path));
    const rule = this.rules[index];
    if (rule === undefined) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules.splice(index, 1);
    const { matcher: _matcher, ...fault } = rule;
    return fault;
  }

  /** Lets every held request go on, so closing the server never waits for a clock nobody will advance. */
  releaseAll(): void {
    for (const [id, entry] of this.held) {
      this.clock.clearTimeout(entry.timer);
      this.held.delete(id);
      entry.release();
    }
  }

  hold(delayMs: number): Promise<void> {
    return new Promise((resolve) => {
      const key = this.nextHoldId++;
      const timer = this.clock.setTimeout(() => {
        this.held.delete(key);
        resolve();
      }, delayMs);
      this.held.set(key, { timer, release: resolve });
    });
  }

  /** The onRequest hook: runs before routing handlers and before the body is read. */
  install(app: FastifyInstance): void {
    // The requests a dropAnswer fault let through: their answer is never sent.
    const answersToDrop = new WeakSet<FastifyRequest>();
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
      if (!answersToDrop.has(request)) return done(null, payload);
      request.log.info({ path: request.url }, 'sandbox fault: answer dropped');
      reply.raw.destroy();
      request.raw.socket?.destroy();
      done(null, payload);
    });
    // Callback style, not async: with no rules (the usual case) a request pays one length check, no promise.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      if (this.rules.length === 0) return done();
      const path = request.url.split('?')[0] ?? request.url;
      const fault = this.take(request.method, path);
      if (fault === undefined) return done();
      request.log.info({ fault: fault.id, path }, 'sandbox fault injected');
      const act = (): void => {
        if (fault.drop === true) {
          reply.hijack();
          // Destroying the response ends the socket on a real server and fails app.inject() as a lost connection.
          reply.raw.destroy();
          request.raw.socket?.destroy();
          return;
        }
        if (fault.dropAnswer === true) {
          answersToDrop.add(request);
          return done();
        }
        if (fault.status !== undefined) {
          const headers: Record<string, string> = fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
          const code = fault.code ?? DEFAULT_CODES[fault.status] ?? 'injected_fault';
          const message = fault.message ?? `Injected by sandbox fault ${fault.id}.`;
          void sendError(reply, new SandboxError(fault.status, code, message, [], headers));
          return;
        }
        done();
      };
      if (fault.delayMs !== undefined && fault.delayMs > 0) void this.hold(fault.delayMs).then(act);
      else act();
    });
  }
}
