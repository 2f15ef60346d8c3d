import { z } from 'zod';

/**
 * What a person may do at the counter. `sell` covers selling, charging and printing one's own work
 * (and one reprint of it); everything else is a separate permission so a role is a plain set of them.
 */
export const PERMISSIONS = [
  'sell',
  'refund',
  'cancelOthers',
  'reprint',
  'priceOverride',
  'editTemplates',
  'changeSettings',
  'setUpStore',
  'manageStaff',
  'pruneHistory',
  'exportCsv',
  'viewAudit',
  'reconcile',
] as const;
export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

export const ROLES = ['owner', 'manager', 'cashier'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Each role as a set of permissions: the one table both main (which enforces it) and the renderer (which hides what is refused) read. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  manager: ['sell', 'refund', 'cancelOthers', 'reprint', 'priceOverride', 'editTemplates', 'pruneHistory', 'exportCsv', 'viewAudit', 'reconcile'],
  cashier: ['sell'],
};

/** Permissions a manager (or the owner) may lend a cashier for one action by typing their PIN. */
export const APPROVABLE: ReadonlySet<Permission> = new Set<Permission>(['refund', 'cancelOthers', 'reprint', 'priceOverride']);

export function roleMay(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Who may approve: anyone whose role holds the permission being lent. */
export function mayApprove(role: Role, permission: Permission): boolean {
  return APPROVABLE.has(permission) && roleMay(role, permission);
}

/** A PIN: 4 to 8 digits. */
export const Pin = z.string().regex(/^\d{4,8}$/, { error: 'a PIN is 4 to 8 digits' });
