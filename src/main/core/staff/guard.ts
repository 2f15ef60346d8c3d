import type { ChannelName } from '../../../shared/ipc/contract';
import type { Admission, CallGuard } from '../ipc/dispatch';
import { CHANNEL_RULES, verdict, type Escalation } from '../../../shared/staff/permissions';
import type { StaffRecords, StaffRow } from '../history/staff-records';
import { StaffError } from './errors';
import type { StaffService } from './staff-service';
import { AUDIT_DETAIL_KEYS } from '../../../shared/staff/audit-details';

interface Callers {
  readonly person: StaffRow | undefined;
  readonly approver: StaffRow | undefined;
}

/** Calls made too often to be worth a line each (the editor's autosave, reading the trail itself, the prune's and the diagnostics' previews), and the staff channels, which write their own. */
export const NOT_AUDITED: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'drafts.save',
  'drafts.get',
  'audit.list',
  'manager.pruneCount',
  'diagnostics.preview',
  'staff.signIn',
  'staff.setUpOwner',
  'staff.lock',
  'staff.approve',
  // Reread at every change another counter publishes: a line each would bury the trail.
  'day.storeDay',
]);

const fieldOf = (value: unknown, field: string): string | undefined => {
  const found = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
  return typeof found === 'string' ? found : undefined;
};
const idOf = (value: unknown): string | undefined => fieldOf(value, 'id');
/** What a call is about: its record's id, or the shift a call of the day names. */
const subjectOf = (request: unknown, response: unknown): string | null =>
  idOf(request) ?? fieldOf(request, 'shiftId') ?? idOf(response) ?? fieldOf(response, 'shiftId') ?? null;

export function auditDetail(request: unknown): string {
  if (request === null || typeof request !== 'object') return '';
  const fields = Object.entries(request as Record<string, unknown>).filter(
    ([key, value]) =>
      (AUDIT_DETAIL_KEYS as readonly string[]).includes(key) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'),
  );
  return fields.map(([key, value]) => `${key}=${String(value)}`).join(' ');
}

/** Which escalations a call's request brings, read from the audit trail (who made the print or sale, how often it was reprinted). */
export function escalationsOf(records: StaffRecords, channel: ChannelName, request: unknown, personId: string): Set<Escalation> {
  const found = new Set<Escalation>();
  const id = idOf(request);
  if (id === undefined) return found;
  const madeBy = channel === 'terminalSales.cancel' ? 'terminalSales.charge' : 'prints.enqueue';
  const rule = CHANNEL_RULES[channel];
  if (rule.access === 'permission' && rule.beyond?.when === 'othersWork') {
    const maker = records.firstBy(madeBy, id);
    if (typeof maker === 'string' && maker !== personId) found.add('othersWork');
  }
  if (rule.access === 'permission' && rule.beyond?.when === 'reprintedBefore' && records.countFor('prints.reprint', id) > 0) found.add('reprintedBefore');
  return found;
}

export function createCallGuard(staff: StaffService): CallGuard {
  const refuse = (person: StaffRow, channel: ChannelName, missing: string, approvable: boolean): never => {
    staff.audit({
      personId: person.id,
      personName: person.name,
      approvedById: null,
      approvedByName: null,
      action: 'refused',
      subject: channel,
      detail: missing,
    });
    throw new StaffError('forbidden', { name: person.name, permission: missing }, approvable);
  };
  return {
    async before(channel, carriesApproval) {
      if (CHANNEL_RULES[channel].access === 'anyone') return;
      await staff.ready();
      const person = staff.signedIn();
      if (person === undefined) throw new StaffError('signed_out');
      const first = verdict(person.role, channel);
      if (!first.allowed && !(first.approvable && carriesApproval)) refuse(person, channel, first.missing, first.approvable);
    },
    async admit(channel, request, approval) {
      if (CHANNEL_RULES[channel].access === 'anyone') return { channel, request, by: { person: staff.signedIn(), approver: undefined } };
      const person = staff.signedIn();
      if (person === undefined) throw new StaffError('signed_out');
      const escalations = escalationsOf(staff.records(), channel, request, person.id);
      const asked = verdict(person.role, channel, escalations);
      if (asked.allowed) return { channel, request, by: { person, approver: undefined } satisfies Callers };
      if (!asked.approvable || approval === undefined) return refuse(person, channel, asked.missing, asked.approvable);
      const approver = staff.people.row(staff.approvals.take(approval, channel, request, person.id));
      // The approver's role is read again now: one demoted since the approval no longer lends anything.
      if (!verdict(approver.role, channel, escalations).allowed) throw new StaffError('approval_invalid');
      return { channel, request, by: { person, approver } satisfies Callers };
    },
    within(admission, work) {
      const { person, approver } = (admission.by ?? {}) as Partial<Callers>;
      const by =
        person === undefined
          ? null
          : { personId: person.id, personName: person.name, approvedById: approver?.id ?? null, approvedByName: approver?.name ?? null };
      return staff.actingAs(by, work);
    },
    settle(admission: Admission, response) {
      const rule = CHANNEL_RULES[admission.channel];
      const { person, approver } = (admission.by ?? {}) as Partial<Callers>;
      if (rule.access !== 'permission' || NOT_AUDITED.has(admission.channel) || person === undefined) return;
      staff.audit({
        personId: person.id,
        personName: person.name,
        approvedById: approver?.id ?? null,
        approvedByName: approver?.name ?? null,
        action: admission.channel,
        subject: subjectOf(admission.request, response),
        detail: auditDetail(admission.request),
      });
    },
  };
}
