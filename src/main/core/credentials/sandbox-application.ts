import type { ApplicationCredentials } from './credentials-service';
import type { PlatformClient } from '../platform/client';

/**
 * The embedded sandbox's seeded application, read once on first need from its accounts endpoint
 * (docs/decisions.md, the app core, §2.1, §5.3), unless the host passed it.
 */
export function sandboxApplicationReader(
  sandbox: Pick<PlatformClient, 'sandbox'>,
  given: ApplicationCredentials | undefined,
): () => Promise<ApplicationCredentials> {
  let reading: Promise<ApplicationCredentials> | undefined;
  return () => {
    if (given !== undefined) return Promise.resolve(given);
    reading ??= sandbox.sandbox.accounts({ maxAttempts: 2 }).then(
      (accounts) => {
        const application = accounts.applications[0];
        if (application === undefined) throw new Error('the sandbox has no application');
        return { clientId: application.client_id, clientSecret: application.client_secret };
      },
      (error: unknown) => {
        // Not cached: the next need asks again (the sandbox may just have been starting).
        reading = undefined;
        throw error;
      },
    );
    return reading;
  };
}
