import type { Clock } from '../../../shared/clock';
import type { NewAuditEntry, StaffRecords } from '../history/staff-records';

export type AuditLine = Omit<NewAuditEntry, 'at' | 'counter'>;

/**
 * Appends to the audit trail of the database attached now; an entry made while none is (an environment
 * switch under way) waits and goes into the next one, never dropped.
 */
export function createAuditWriter(clock: Clock, counter: () => string) {
  const pending: NewAuditEntry[] = [];
  let into: StaffRecords | undefined;
  const flush = (): void => {
    while (into !== undefined && pending.length > 0) {
      into.append(pending[0]!);
      pending.shift();
    }
  };
  return {
    write(line: AuditLine): void {
      pending.push({ ...line, at: new Date(clock.now()).toISOString(), counter: counter() });
      flush();
    },
    attach(records: StaffRecords | undefined): void {
      into = records;
      flush();
    },
  };
}
