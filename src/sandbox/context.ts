import type { FastifyRequest } from 'fastify';
import type { Clock } from '../shared/clock';
import type { SeedData } from './accounts';

/** Who is calling a protected route: resolved from the bearer token by the OAuth module (spec 5). */
/** Who a request acts for; one object per access token, shared by its requests, so never changed. */
export interface Principal {
  readonly userId: number;
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly accessToken: string;
  readonly liveMode: boolean;
}

/** A module's part of the sandbox state, saved and loaded by `--state FILE` and cleared by reset. */
export interface PersistentSlice {
  save(): unknown;
  load(data: unknown): void;
  reset(): void;
}

export interface SandboxContext {
  readonly clock: Clock;
  seed: SeedData;
  /** Resolves the bearer token of a protected request, or throws 401 `unauthorized` (spec 5.1). */
  authenticate(request: FastifyRequest): Principal;
  registerSlice(name: string, slice: PersistentSlice): void;
  /** The externally visible base URL of this sandbox, e.g. for init_point links: the configured public address. */
  baseUrlFor(request: FastifyRequest): string;
  /** Whether notifications may go to hosts other than loopback (docs/decisions.md, "Sandbox exposure"). */
  readonly allowRemoteNotifications: boolean;
}
