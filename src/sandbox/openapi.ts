import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The OpenAPI document lists every route (a test compares it with the registered ones). Routes that
 * parse their input themselves, to answer with one cause per offending path (input.ts),
 * give their schemas here for the document only: as route schemas Fastify would validate with them first
 * and answer in another shape.
 */
export interface DocumentedSchemas {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Schemas shown in /__sandbox/openapi.json but not used to validate (see openapi.ts). */
    documented?: DocumentedSchemas;
  }
}

export const documentingTransform: SwaggerTransform<FastifySchema> = (input) => {
  const documented = (input.route.config as { documented?: DocumentedSchemas } | undefined)?.documented;
  const schema = documented === undefined ? input.schema : { ...input.schema, ...documented };
  return jsonSchemaTransform({ ...input, schema });
};

/** A registered route as the document names it: `/checkout/pay/:id/` → `/checkout/pay/{id}`. */
export function documentPath(url: string): string {
  const path = url.replace(/:([A-Za-z_][\w]*)/g, '{$1}');
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
