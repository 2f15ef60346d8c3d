import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Spec 4.3–4.5. Placeholder: issue 4 fills it. */
export function registerActions(app: FastifyInstance, context: SandboxContext): void {
  void app;
  void context;
}
