import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../shared/clock';
import type { DemoPerson, Person } from '../../../shared/ipc/channels/staff';
import type { Role } from '../../../shared/staff/roles';
import type { StaffRecords, StaffRow } from '../history/staff-records';
import { StaffError } from './errors';
import { hashPin, verifyPin, type PinCost } from './pin-hash';

/** Wrong PINs in a row before a person is locked out; each further round of them doubles the pause. */
export const PIN_TRIES = 5;
const FIRST_PAUSE_MS = 30_000;
const LONGEST_PAUSE_MS = 60 * 60_000;

/** The pause earned by the `failed`-th wrong PIN in a row: none until PIN_TRIES, then 30 s, 1 min, 2 min… up to an hour. */
export function pauseAfter(failed: number): number {
  if (failed < PIN_TRIES || failed % PIN_TRIES !== 0) return 0;
  return Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (failed / PIN_TRIES - 1));
}

/**
 * The embedded sandbox's demo staff, with PINs anyone may read (the lock screen shows them). Names only:
 * the screens add the role in their language.
 */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { name: 'Olivia', role: 'owner', pin: '1234' },
  { name: 'Manuel', role: 'manager', pin: '2468' },
  { name: 'Carla', role: 'cashier', pin: '1357' },
];

/** The demo's names as an earlier version wrote them, with the role in English ("Olivia (owner)"): the plain name, or undefined. */
export function plainDemoName(name: string, role: string): string | undefined {
  const plain = DEMO_PEOPLE.find((demo) => demo.role === role && name === `${demo.name} (${demo.role})`);
  return plain?.name;
}

export function toPerson(row: StaffRow, now: number): Person {
  const locked = row.locked_until !== null && Date.parse(row.locked_until) > now ? row.locked_until : null;
  return { id: row.id, name: row.name, role: row.role, lockedUntil: locked };
}

/**
 * The people of the counter and their PINs: checks a PIN with the lockout rule, adds and changes people.
 * Every PIN is hashed before it reaches the records, and nothing here returns a hash.
 */
export function createPeople(records: () => StaffRecords, clock: Clock, cost?: PinCost) {
  const now = (): number => clock.now();
  const iso = (): string => new Date(now()).toISOString();
  const row = (id: string): StaffRow => {
    const found = records().person(id);
    if (found === undefined) throw new StaffError('person_unknown');
    return found;
  };

  return {
    row,
    /**
     * The person, if `pin` is theirs. A locked-out person's PIN is not even checked; a wrong one counts
     * toward the next pause, a right one clears the count.
     */
    async check(id: string, pin: string): Promise<StaffRow> {
      const person = row(id);
      if (person.locked_until !== null && Date.parse(person.locked_until) > now()) {
        throw new StaffError('pin_locked', { name: person.name, until: person.locked_until.slice(11, 19) });
      }
      if (await verifyPin(pin, person.pin_hash)) {
        if (person.failed_pins !== 0) records().setFailures(id, 0, null);
        return person;
      }
      const failed = person.failed_pins + 1;
      const pause = pauseAfter(failed);
      const until = pause === 0 ? null : new Date(now() + pause).toISOString();
      records().setFailures(id, failed, until);
      if (until !== null) throw new StaffError('pin_locked', { name: person.name, until: until.slice(11, 19) });
      throw new StaffError('wrong_pin', { left: PIN_TRIES - (failed % PIN_TRIES) });
    },
    async add(name: string, role: Role, pin: string): Promise<StaffRow> {
      const id = randomUUID();
      records().put({ id, name, role, pin_hash: await hashPin(pin, cost) }, iso());
      return row(id);
    },
    async change(id: string, change: { name?: string; role?: Role; pin?: string }): Promise<StaffRow> {
      const person = row(id);
      const pinHash = change.pin === undefined ? person.pin_hash : await hashPin(change.pin, cost);
      records().put({ id, name: change.name ?? person.name, role: change.role ?? person.role, pin_hash: pinHash }, iso());
      // A PIN set by the owner opens a locked-out person's way again.
      if (change.pin !== undefined) records().setFailures(id, 0, null);
      return row(id);
    },
  };
}

export type People = ReturnType<typeof createPeople>;
