import type { CredentialsStatus } from '../../../../shared/ipc/channels/credentials';

/**
 * Whether the current environment can take prints and sales, as a table of the credentials' states.
 * The sandbox always can (its application is built in). In production, `error` stays usable unless the
 * platform refused the credentials themselves: a network failure must not stop a counter that queues
 * its prints offline (docs/decisions.md, Production set-up).
 */
const USABLE_IN_PRODUCTION: Readonly<Record<CredentialsStatus['state'], boolean>> = {
  not_configured: false,
  sign_in_required: false,
  idle: true,
  ready: true,
  error: true,
};

/** Spec 7.1 answers that mean the stored credentials are wrong, not that the platform was unreachable. */
const REFUSED_CREDENTIALS: ReadonlySet<string> = new Set(['invalid_client', 'unauthorized_client', 'invalid_grant', 'not_configured', 'sign_in_required']);

export function environmentUsable(status: Pick<CredentialsStatus, 'environment' | 'state' | 'lastError'>): boolean {
  if (status.environment === 'sandbox') return true;
  if (!USABLE_IN_PRODUCTION[status.state]) return false;
  return status.state !== 'error' || !REFUSED_CREDENTIALS.has(status.lastError?.code ?? '');
}
