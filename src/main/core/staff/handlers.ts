import { channels, isChannelName } from '../../../shared/ipc/contract';
import type { AuditFilters } from '../../../shared/ipc/channels/staff';
import { verdict } from '../../../shared/staff/permissions';
import type { StaffRow } from '../history/staff-records';
import type { ChannelHandlers } from '../ipc/dispatch';
import { csvRow } from '../manager/csv';
import { StaffError } from './errors';
import { escalationsOf, auditDetail } from './guard';
import type { StaffService } from './staff-service';

type StaffChannel =
  'staff.status' | 'staff.setUpOwner' | 'staff.signIn' | 'staff.lock' | 'staff.save' | 'staff.resetPin' | 'staff.setIdleLock' | 'staff.approve';

/** At most this many rows in one CSV of the audit trail (the newest, with the filters applied). */
export const AUDIT_CSV_MAX_ROWS = 100_000;
const AUDIT_CSV_COLUMNS = ['seq', 'at', 'counter', 'person_id', 'person', 'approved_by_id', 'approved_by', 'action', 'subject', 'detail'];

function signedInOrThrow(staff: StaffService): StaffRow {
  const person = staff.signedIn();
  if (person === undefined) throw new StaffError('signed_out');
  return person;
}

/** A PIN check whose failure is in the audit trail too (a failed sign-in, a failed approval), then thrown on. */
async function checked(staff: StaffService, action: string, id: string, pin: string): Promise<StaffRow> {
  try {
    return await staff.people.check(id, pin);
  } catch (error) {
    const person = staff.records().person(id);
    if (person !== undefined)
      staff.audit({ personId: person.id, personName: person.name, approvedById: null, approvedByName: null, action, subject: id, detail: '' });
    staff.changed();
    throw error;
  }
}

function sessionHandlers(staff: StaffService): Pick<ChannelHandlers, 'staff.status' | 'staff.setUpOwner' | 'staff.signIn' | 'staff.lock'> {
  const record = (person: StaffRow, action: string, detail = ''): void =>
    staff.audit({ personId: person.id, personName: person.name, approvedById: null, approvedByName: null, action, subject: person.id, detail });
  return {
    'staff.status': async () => {
      await staff.ready();
      return staff.status();
    },
    'staff.setUpOwner': async ({ name, pin }) => {
      await staff.ready();
      if (staff.status().ready) throw new StaffError('owner_exists');
      const owner = await staff.people.add(name, 'owner', pin);
      staff.signInAs(owner);
      record(owner, 'staff.setUpOwner');
      return staff.changed();
    },
    'staff.signIn': async ({ personId, pin }) => {
      await staff.ready();
      const person = await checked(staff, 'staff.signInFailed', personId, pin);
      staff.signInAs(person);
      record(person, 'staff.signIn');
      return staff.changed();
    },
    'staff.lock': async () => {
      await staff.ready();
      const person = staff.signedIn();
      staff.lock();
      if (person !== undefined) record(person, 'staff.lock');
      return staff.changed();
    },
  };
}

function setUpHandlers(staff: StaffService): Pick<ChannelHandlers, 'staff.save' | 'staff.resetPin' | 'staff.setIdleLock' | 'staff.approve'> {
  const record = (action: string, subject: string, detail: string): void => {
    const by = signedInOrThrow(staff);
    staff.audit({ personId: by.id, personName: by.name, approvedById: null, approvedByName: null, action, subject, detail });
  };
  return {
    'staff.save': async ({ id, name, role, pin }) => {
      if (id !== undefined) {
        const before = staff.people.row(id);
        const owners = staff
          .records()
          .people()
          .filter((row) => row.role === 'owner');
        // The counter always keeps an owner: the one who can reset everyone else's PIN.
        if (before.role === 'owner' && role !== 'owner' && owners.length === 1) throw new StaffError('forbidden', { name: before.name, permission: 'owner' });
      } else if (pin === undefined) throw new StaffError('person_unknown');
      const saved =
        id === undefined ? await staff.people.add(name, role, pin ?? '') : await staff.people.change(id, { name, role, ...(pin === undefined ? {} : { pin }) });
      staff.leaveDemo();
      record('staff.save', saved.id, auditDetail({ name, role }));
      staff.changed();
      return staff.person(saved.id);
    },
    'staff.resetPin': async ({ id, pin }) => {
      const saved = await staff.people.change(id, { pin });
      staff.leaveDemo();
      record('staff.resetPin', saved.id, '');
      staff.changed();
      return staff.person(saved.id);
    },
    'staff.setIdleLock': ({ seconds }) => {
      staff.setIdleLock(seconds);
      record('staff.setIdleLock', 'idle-lock', `seconds=${seconds}`);
      return staff.changed();
    },
    'staff.approve': async ({ managerId, pin, channel, request }) => {
      const requester = signedInOrThrow(staff);
      if (!isChannelName(channel)) throw new StaffError('approval_invalid');
      const parsed = channels[channel].request.safeParse(request ?? {});
      if (!parsed.success) throw new StaffError('approval_invalid');
      const approver = await checked(staff, 'staff.approveFailed', managerId, pin);
      if (approver.id === requester.id || !verdict(approver.role, channel, escalationsOf(staff.records(), channel, parsed.data, requester.id)).allowed) {
        throw new StaffError('forbidden', { name: approver.name, permission: channel });
      }
      const { grant, expiresAt } = staff.approvals.issue({ channel, request: parsed.data, requesterId: requester.id, approverId: approver.id });
      staff.audit({
        personId: requester.id,
        personName: requester.name,
        approvedById: approver.id,
        approvedByName: approver.name,
        action: 'staff.approve',
        subject: channel,
        detail: auditDetail(parsed.data),
      });
      return { grant, expiresAt: new Date(expiresAt).toISOString(), approvedBy: staff.person(approver.id) };
    },
  };
}

function auditCsv(staff: StaffService, filters: AuditFilters): { csv: string; rows: number; truncated: boolean } {
  const lines = [csvRow(AUDIT_CSV_COLUMNS)];
  let before: number | undefined;
  let truncated = false;
  for (;;) {
    const page = staff.records().page(filters, before, 1000);
    for (const entry of page) {
      lines.push(
        csvRow([
          entry.seq,
          entry.at,
          entry.counter,
          entry.personId,
          entry.personName,
          entry.approvedById,
          entry.approvedByName,
          entry.action,
          entry.subject,
          entry.detail,
        ]),
      );
    }
    if (lines.length - 1 >= AUDIT_CSV_MAX_ROWS) {
      truncated = page.length === 1000;
      break;
    }
    if (page.length < 1000) break;
    before = page[page.length - 1]?.seq;
  }
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, rows: lines.length - 1, truncated };
}

export function createStaffHandlers(staff: StaffService): Pick<ChannelHandlers, StaffChannel | 'audit.list' | 'audit.export'> {
  return {
    ...sessionHandlers(staff),
    ...setUpHandlers(staff),
    'audit.list': ({ filters, before, limit }) => {
      const entries = staff.records().page(filters, before, limit);
      return { entries, next: entries.length === limit ? (entries[entries.length - 1]?.seq ?? null) : null };
    },
    'audit.export': ({ filters }) => {
      const { csv, rows, truncated } = auditCsv(staff, filters);
      return { fileName: `counter-audit-${new Date().toISOString().slice(0, 10)}.csv`, csv, rows, truncated };
    },
  };
}

export type { StaffChannel };
