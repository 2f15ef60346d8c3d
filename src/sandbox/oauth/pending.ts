import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock';
import type { ValidAuthorization } from './authorize';

/** How long a shown consent page can still be answered, and how many may wait at once. */
const PENDING_LIFETIME_MS = 10 * 60 * 1000;
const PENDING_MAX = 1000;

/** Consent pages shown and not yet answered. Short-lived and bounded; not persisted. */
export class PendingAuthorizations {
  private readonly entries = new Map<string, { authorization: ValidAuthorization; createdAt: number }>();

  constructor(private readonly clock: Clock) {}

  add(authorization: ValidAuthorization): string {
    const now = this.clock.now();
    for (const [id, entry] of this.entries) if (entry.createdAt + PENDING_LIFETIME_MS <= now) this.entries.delete(id);
    while (this.entries.size >= PENDING_MAX) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
    const id = randomUUID();
    this.entries.set(id, { authorization, createdAt: now });
    return id;
  }

  /** Single use: answering a page twice (back button, double submit) must not mint two codes. */
  take(id: string): ValidAuthorization | undefined {
    const entry = this.entries.get(id);
    this.entries.delete(id);
    if (entry === undefined || entry.createdAt + PENDING_LIFETIME_MS <= this.clock.now()) return undefined;
    return entry.authorization;
  }

  clear(): void {
    this.entries.clear();
  }
}
