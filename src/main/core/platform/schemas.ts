import { z } from 'zod';

/** Shapes the core parses that are not the platform's, so have no schema in src/shared/platform. */

/** The platform's `limit` range for the terminals list (docs/decisions.md: 1..50). */
export const TERMINALS_PAGE_LIMIT = 50;

/** What `GET {sandbox}/__sandbox/accounts` tells the core: the seeded applications, first one the app's own. */
export const SandboxAccounts = z.object({
  applications: z
    .array(
      z.object({
        client_id: z.string().min(1),
        client_secret: z.string().min(1),
        redirect_uris: z.array(z.string()).optional(),
        owner_user_id: z.number().int().optional(),
      }),
    )
    .min(1),
});
export type SandboxAccounts = z.infer<typeof SandboxAccounts>;
