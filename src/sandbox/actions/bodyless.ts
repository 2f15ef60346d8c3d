import type { FastifyInstance } from 'fastify';

/**
 * Registers routes that take no request body in a scope whose only content-type parser accepts and
 * discards anything. Fastify would otherwise refuse `Content-Type: application/json` with an empty
 * body, which many HTTP clients send on a bare POST (spec 4.5: cancel has no body).
 */
export function registerBodyless(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    routes(scope);
  });
}
