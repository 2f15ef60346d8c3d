import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../shared/clock';
import { StaffError } from './errors';

/** How long a manager's approval waits for its call: long enough to press the button again, no longer. */
export const GRANT_LIFETIME_MS = 60_000;

/** JSON with every object's keys sorted: the same request written twice gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface Grant {
  channel: string;
  request: string;
  requesterId: string;
  approverId: string;
  expiresAt: number;
}

/**
 * Manager's approvals waiting for their call: each for one channel and one request (compared as
 * canonical JSON of the parsed request), for the person who asked, taken at most once, within a minute.
 */
export function createApprovals(clock: Clock) {
  const grants = new Map<string, Grant>();
  const sweep = (): void => {
    for (const [key, grant] of grants) if (grant.expiresAt <= clock.now()) grants.delete(key);
  };
  return {
    issue(grant: Omit<Grant, 'expiresAt' | 'request'> & { request: unknown }): { grant: string; expiresAt: number } {
      sweep();
      const token = randomBytes(24).toString('base64url');
      const expiresAt = clock.now() + GRANT_LIFETIME_MS;
      grants.set(token, { ...grant, request: canonicalJson(grant.request), expiresAt });
      return { grant: token, expiresAt };
    },
    /** The approver's id, once; any mismatch spends the grant too, so a grant cannot be probed. */
    take(token: string, channel: string, request: unknown, requesterId: string): string {
      const grant = grants.get(token);
      grants.delete(token);
      const valid =
        grant !== undefined &&
        grant.expiresAt > clock.now() &&
        grant.channel === channel &&
        grant.requesterId === requesterId &&
        grant.request === canonicalJson(request);
      if (!valid) throw new StaffError('approval_invalid');
      return grant.approverId;
    },
    clear: () => grants.clear(),
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
