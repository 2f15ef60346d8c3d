import type { FastifyInstance } from 'fastify';
import { SandboxError } from './errors';

/**
 * `application/x-www-form-urlencoded` bodies, for the routes where real OAuth servers take them (the
 * token endpoint, RFC 6749 §4.1.3, and the consent form). Registered per plugin scope, never globally:
 * the platform's other endpoints are JSON only.
 *
 * A name given twice becomes an array, so the route can answer "duplicated" (spec 7.1 invalid_request)
 * instead of silently keeping one of the values. The object has no prototype: a field called
 * `__proto__` is just a field.
 */
export type FormBody = Record<string, string | string[]>;

export function parseForm(text: string): FormBody {
  const body: FormBody = Object.create(null) as FormBody;
  for (const [name, value] of new URLSearchParams(text)) {
    const existing = body[name];
    if (existing === undefined) body[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else body[name] = [existing, value];
  }
  return body;
}

export function addFormBodyParser(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (_request, payload, done) => {
    try {
      done(null, parseForm(typeof payload === 'string' ? payload : payload.toString('utf8')));
    } catch {
      done(new SandboxError(400, 'bad_request', 'The form body could not be decoded.'), undefined);
    }
  });
}
