import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from '../../../shared/clock';
import type { MadeBy } from '../../../shared/staff/made-by';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { Person, StaffStatus } from '../../../shared/ipc/channels/staff';
import type { EventHub } from '../ipc/events';
import { createStaffRecords, type StaffRecords, type StaffRow } from '../history/staff-records';
import type { DatabaseSync } from '../history/sqlite';
import type { Logger } from '../ports';
import { createApprovals } from './approvals';
import { createAuditWriter, type AuditLine } from './audit-writer';
import { StaffError } from './errors';
import { createPeople, DEMO_PEOPLE, plainDemoName, toPerson } from './people';
import type { PinCost } from './pin-hash';

export const DEFAULT_IDLE_LOCK_SECONDS = 300;
const IDLE_KEY = 'idle-lock-seconds';
/** Set while the demo people are as seeded: the demo signs its owner in at start. */
const DEMO_KEY = 'demo-people';
const NOBODY_APPROVED = { approvedById: null, approvedByName: null } as const;

export interface StaffServiceOptions {
  clock: Clock;
  events: EventHub;
  logger: Logger;
  /** Which counter this is, for the audit trail (the store database's counter id, or "local"). */
  counter(): string;
  /** Resolves once the current environment's local database is open (and attached here). */
  opened(): Promise<unknown>;
  /** Test only: a cheaper PIN hash. */
  pinCost?: PinCost;
}

/** What the lock screen and the shell show: who is there, who is signed in, the idle lock, the demo's PINs. */
function statusOf(records: StaffRecords | undefined, signed: StaffRow | undefined, now: number): StaffStatus {
  if (records === undefined) return { ready: false, signedIn: null, people: [], idleLockSeconds: DEFAULT_IDLE_LOCK_SECONDS, demo: [] };
  const rows = records.people();
  return {
    ready: rows.some((row) => row.role === 'owner'),
    signedIn: signed === undefined ? null : toPerson(signed, now),
    people: rows.map((row) => toPerson(row, now)),
    idleLockSeconds: Number(records.setting(IDLE_KEY) ?? DEFAULT_IDLE_LOCK_SECONDS),
    demo: records.setting(DEMO_KEY) === '1' ? [...DEMO_PEOPLE] : [],
  };
}

/** A demo made by an earlier version named its people with their role in English ("Olivia (owner)"). */
function renameEarlierDemoPeople(records: StaffRecords, now: number): void {
  for (const row of records.people()) {
    const plain = plainDemoName(row.name, row.role);
    if (plain !== undefined) records.put({ ...row, name: plain }, new Date(now).toISOString());
  }
}

/**
 * Who is signed in, the staff list and the audit trail of the current environment's local database. The
 * guard runs each admitted call's handler inside `actingAs`, so what the call makes can ask `acting()` who
 * made it (a sale's loop resumed at start, or a command from another counter, is made by nobody).
 */
export function createStaffService(options: StaffServiceOptions) {
  const { clock } = options;
  let attached: { records: StaffRecords; environment: Environment } | undefined;
  let signedInId: string | undefined;
  let seeding: Promise<void> = Promise.resolve();
  /** Who was signed in when the last database closed (an environment switch): still signed in on the next one. */
  let carried: StaffRow | undefined;
  const auditWriter = createAuditWriter(clock, options.counter);
  const records = (): StaffRecords => {
    if (attached === undefined) throw new StaffError('staff_unavailable');
    return attached.records;
  };
  const people = createPeople(records, clock, options.pinCost);
  const approvals = createApprovals(clock);

  const signedInRow = (): StaffRow | undefined => (signedInId === undefined || attached === undefined ? undefined : records().person(signedInId));

  const status = (): StaffStatus => statusOf(attached?.records, signedInRow(), clock.now());
  const changed = (): StaffStatus => {
    const now = status();
    options.events.emit('staff.changed', now);
    return now;
  };

  const audit = (line: AuditLine): void => auditWriter.write(line);
  const calls = new AsyncLocalStorage<MadeBy | null>();

  /**
   * The person signed in before a switch stays signed in: found by id, or, on a database with no owner
   * yet (production's first use), brought in as its owner with the same PIN.
   */
  function carryOver(into: StaffRecords): void {
    const person = carried;
    carried = undefined;
    if (person === undefined) return;
    if (into.person(person.id) === undefined) {
      if (person.role !== 'owner' || into.people().some((row) => row.role === 'owner')) return;
      into.put(person, new Date(clock.now()).toISOString());
    }
    signedInId = person.id;
  }

  /** The sandbox's demo starts with its three people, the owner signed in: `npm start` opens a working counter. */
  async function seedDemo(): Promise<void> {
    if (records().people().length === 0) {
      for (const demo of DEMO_PEOPLE) await people.add(demo.name, demo.role, demo.pin);
      records().setSetting(DEMO_KEY, '1');
    }
    if (records().setting(DEMO_KEY) !== '1') return;
    renameEarlierDemoPeople(records(), clock.now());
    const owner = records()
      .people()
      .find((row) => row.role === 'owner');
    if (owner !== undefined && signedInId === undefined) {
      signedInId = owner.id;
      audit({ ...NOBODY_APPROVED, personId: owner.id, personName: owner.name, action: 'staff.signIn', subject: owner.id, detail: 'demo start' });
    }
  }

  return {
    people,
    approvals,
    status,
    changed,
    audit,
    records,
    /** The records of the database open now, or undefined between databases. */
    opened: (): StaffRecords | undefined => attached?.records,
    /** Resolves once the current environment's people are there to be asked (the demo's seeded). */
    async ready(): Promise<void> {
      await options.opened();
      await seeding;
    },
    /** The current environment's database: the sandbox's gets the demo people; switching environments signs everyone out. */
    attach(db: DatabaseSync, environment: Environment): { close(): void } {
      const mine = { records: createStaffRecords(db), environment };
      attached = mine;
      signedInId = undefined;
      approvals.clear();
      carryOver(mine.records);
      auditWriter.attach(mine.records);
      seeding = (environment === 'sandbox' ? seedDemo() : Promise.resolve())
        .then(() => void changed())
        .catch((error: unknown) => options.logger.error('the demo staff could not be set up', { error: String(error) }));
      return {
        close() {
          if (attached !== mine) return;
          carried = signedInRow();
          attached = undefined;
          auditWriter.attach(undefined);
          signedInId = undefined;
        },
      };
    },
    signedIn: (): StaffRow | undefined => signedInRow(),
    actingAs: <T>(by: MadeBy | null, work: () => T): T => calls.run(by, work),
    /** The caller (and approver) of the call being handled; outside any call nobody, never whoever is signed in. */
    acting: (): MadeBy | null => calls.getStore() ?? null,
    signInAs(row: StaffRow): void {
      signedInId = row.id;
    },
    lock(): void {
      signedInId = undefined;
      approvals.clear();
    },
    /** The demo's PINs stop being shown once the staff list is changed by hand. */
    leaveDemo(): void {
      if (records().setting(DEMO_KEY) === '1') records().setSetting(DEMO_KEY, '0');
    },
    setIdleLock: (seconds: number): void => records().setSetting(IDLE_KEY, String(seconds)),
    person: (id: string): Person => toPerson(people.row(id), clock.now()),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
