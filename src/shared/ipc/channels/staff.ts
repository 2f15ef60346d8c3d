import { z } from 'zod';
import { channel, NoInput } from '../define';
import { Pin, Role } from '../../staff/roles';

export const PersonId = z.string().min(1).max(64);
const DisplayName = z
  .string()
  .trim()
  .min(1, { error: 'a name is needed' })
  .max(60)
  .regex(/^[^\p{Cc}]+$/u, { error: 'a name is one line of text' });

/** A person as anyone may see them: never the PIN nor its hash. */
export const Person = z.object({
  id: PersonId,
  name: z.string(),
  role: Role,
  /** While set, this person's PIN is refused without being checked (too many wrong PINs). */
  lockedUntil: z.iso.datetime().nullable(),
});
export type Person = z.infer<typeof Person>;

/** The embedded sandbox's demo people, named on the lock screen so a demo can be signed into at once. */
export const DemoPerson = z.object({ name: z.string(), role: Role, pin: z.string() });
export type DemoPerson = z.infer<typeof DemoPerson>;

export const StaffStatus = z.object({
  /** False until the owner is set up (first start asks for the owner's name and PIN). */
  ready: z.boolean(),
  signedIn: Person.nullable(),
  people: z.array(Person),
  /** Seconds without a key or a click before the counter locks itself; 0: never. */
  idleLockSeconds: z.number().int().nonnegative(),
  /** Only on the embedded sandbox's demo: who is there and their PINs. Empty otherwise. */
  demo: z.array(DemoPerson),
});
export type StaffStatus = z.infer<typeof StaffStatus>;

export const SignInRequest = z.strictObject({ personId: PersonId, pin: z.string().max(16) });
export const SetUpOwnerRequest = z.strictObject({ name: DisplayName, pin: Pin });
export const SavePersonRequest = z.strictObject({ id: PersonId.optional(), name: DisplayName, role: Role, pin: Pin.optional() });
export const ResetPinRequest = z.strictObject({ id: PersonId, pin: Pin });
export const IdleLockRequest = z.strictObject({
  seconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60),
});

/**
 * A manager's approval of one call: the manager's PIN, and exactly the channel and request it is for.
 * The answer is a grant the call then carries (the reserved `staffApproval` field of its request),
 * good once, for that channel and that request only, for a short time.
 */
export const ApproveRequest = z.strictObject({
  managerId: PersonId,
  pin: z.string().max(16),
  channel: z.string().min(1).max(64),
  request: z.unknown(),
});
export const Approval = z.object({ grant: z.string(), expiresAt: z.iso.datetime(), approvedBy: Person });
export type Approval = z.infer<typeof Approval>;

/** The field of a request that carries an approval's grant; the dispatcher takes it off before the channel's schema sees the request. */
export const APPROVAL_FIELD = 'staffApproval';

export const AuditEntry = z.object({
  /** Grows with every entry: the key of the audit's paging. */
  seq: z.number().int().positive(),
  at: z.iso.datetime(),
  counter: z.string(),
  personId: z.string().nullable(),
  personName: z.string().nullable(),
  approvedById: z.string().nullable(),
  approvedByName: z.string().nullable(),
  action: z.string(),
  /** What it was done to: a print's or sale's id, a person's id; null when nothing in particular. */
  subject: z.string().nullable(),
  /** A short account of what was asked (never a PIN, a secret or a customer's data). */
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditFilters = z
  .strictObject({
    personId: PersonId.optional(),
    action: z.string().max(64).optional(),
    /** at ≥ from */
    from: z.iso.datetime({ offset: true }).optional(),
    /** at < to */
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .default({});
export type AuditFilters = z.infer<typeof AuditFilters>;

export const AuditListRequest = z.strictObject({
  filters: AuditFilters,
  /** The `seq` of the last entry of the page before: the next page has only older entries. */
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export const AuditPage = z.object({ entries: z.array(AuditEntry), next: z.number().int().positive().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditExport = z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int().nonnegative(), truncated: z.boolean() });

export const staffChannels = {
  /** Works while locked: the lock screen reads who may sign in. */
  'staff.status': channel(NoInput, StaffStatus),
  /** Only while no owner exists. */
  'staff.setUpOwner': channel(SetUpOwnerRequest, StaffStatus),
  'staff.signIn': channel(SignInRequest, StaffStatus),
  /** Locks the counter (on demand, after idle time, or to switch person). */
  'staff.lock': channel(NoInput, StaffStatus),
  'staff.save': channel(SavePersonRequest, Person),
  'staff.resetPin': channel(ResetPinRequest, Person),
  'staff.setIdleLock': channel(IdleLockRequest, StaffStatus),
  'staff.approve': channel(ApproveRequest, Approval),
  'audit.list': channel(AuditListRequest, AuditPage),
  'audit.export': channel(z.strictObject({ filters: AuditFilters }), AuditExport),
};

export const staffEvents = {
  /** Someone signed in, the counter locked, or the list of people changed. */
  'staff.changed': StaffStatus,
};
