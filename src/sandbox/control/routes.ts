import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** A scripted failure for the next matching requests (issue 3 defines it fully). */
export interface FaultRule {
  method: string;
  pathPattern: string;
  count: number;
  status?: number;
  code?: string;
  delayMs?: number;
  drop?: boolean;
}

/** The control API under /__sandbox. Placeholder: issue 3 fills it. */
export function registerControl(app: FastifyInstance, context: SandboxContext, initialFaults: FaultRule[]): void {
  void initialFaults;
  app.get('/__sandbox/accounts', { schema: { hide: true } }, () => context.seed);
}
