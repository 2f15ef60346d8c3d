import { z } from 'zod';

/**
 * How long and how many: without these a client that never finishes its body holds a connection forever
 * (Node's requestTimeout is 0 under Fastify) and any number of them may pile up (docs/decisions.md).
 */
export const ServerLimits = z.object({
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: z.number().int().positive(),
  /** The whole request, body included, must arrive within this; else 408 request_timeout. */
  requestTimeoutMs: z.number().int().positive(),
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: z.number().int().positive(),
  /** A socket with no traffic at all is closed after this: beyond the longest delay fault (600 s) a test may script. */
  idleSocketTimeoutMs: z.number().int().positive(),
  /** How often Node looks for requests past their time (its default 30 s would double a short timeout). */
  timeoutCheckIntervalMs: z.number().int().positive(),
  /** Connections beyond this are closed on arrival. */
  maxConnections: z.number().int().positive(),
});
export type ServerLimits = z.infer<typeof ServerLimits>;

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleSocketTimeoutMs: 660_000,
  timeoutCheckIntervalMs: 1_000,
  maxConnections: 256,
};
