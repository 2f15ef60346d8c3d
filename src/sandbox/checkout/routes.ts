import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Spec 4.2, 4.6, 6. Placeholder: issue 5 fills it. */
export function registerCheckout(app: FastifyInstance, context: SandboxContext): void {
  void app;
  void context;
}
