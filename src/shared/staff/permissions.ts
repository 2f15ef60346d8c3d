import type { ChannelName } from '../ipc/contract';
import { APPROVABLE, roleMay, type Permission, type Role } from './roles';

/**
 * When a call asks for more than its channel's permission: acting on someone else's print or sale, or
 * reprinting a print that was already reprinted once. Main finds out from the audit trail.
 */
export type Escalation = 'othersWork' | 'reprintedBefore';

export type ChannelRule =
  /** Works on the lock screen: what it needs to show itself and to let someone sign in. */
  | { readonly access: 'anyone' }
  /** Any signed-in person: reading what the counter already shows. */
  | { readonly access: 'signedIn' }
  | {
      readonly access: 'permission';
      readonly permission: Permission;
      /** A case of this call that needs another permission besides. */
      readonly beyond?: { readonly when: Escalation; readonly permission: Permission };
    };

const anyone = { access: 'anyone' } as const;
const signedIn = { access: 'signedIn' } as const;
const needs = (permission: Permission, beyond?: { when: Escalation; permission: Permission }): ChannelRule =>
  beyond === undefined ? { access: 'permission', permission } : { access: 'permission', permission, beyond };
const ownWork = needs('sell', { when: 'othersWork', permission: 'cancelOthers' });

/**
 * Every channel of the contract and who may call it: main refuses anything else with `forbidden`
 * (core/staff/guard.ts) and the renderer hides it. A channel without a rule does not compile, and the
 * permission test walks every channel for every role.
 */
export const CHANNEL_RULES: Readonly<Record<ChannelName, ChannelRule>> = {
  'app.info': anyone,
  'connection.status': anyone,
  'connection.check': signedIn,
  'settings.get': anyone,
  'settings.update': needs('changeSettings'),
  'setup.testPrint': needs('changeSettings'),
  'credentials.status': signedIn,
  'credentials.setProduction': needs('changeSettings'),
  'credentials.verify': needs('changeSettings'),
  'credentials.signIn': needs('changeSettings'),
  'credentials.cancelSignIn': needs('changeSettings'),
  'credentials.signOut': needs('changeSettings'),
  'credentials.allowPlaintext': needs('changeSettings'),
  'terminals.list': signedIn,
  'prints.enqueue': needs('sell'),
  'prints.cancel': ownWork,
  'prints.get': signedIn,
  'prints.list': signedIn,
  'prints.prune': needs('pruneHistory'),
  'prints.retry': needs('sell'),
  'prints.giveUp': ownWork,
  'prints.reprint': needs('sell', { when: 'reprintedBefore', permission: 'reprint' }),
  'templates.list': signedIn,
  'templates.save': needs('editTemplates'),
  'templates.delete': needs('editTemplates'),
  'drafts.get': needs('sell'),
  'drafts.save': needs('sell'),
  'checkout.createPreference': needs('sell'),
  'checkout.sales': signedIn,
  'checkout.sale': signedIn,
  'checkout.receiver': signedIn,
  'manager.board': signedIn,
  'manager.printLinks': signedIn,
  'manager.pruneCount': needs('pruneHistory'),
  'prints.export': needs('exportCsv'),
  'terminalSales.charge': needs('sell'),
  'terminalSales.get': signedIn,
  'terminalSales.list': signedIn,
  'terminalSales.cancel': ownWork,
  'terminalSales.refund': needs('refund'),
  'terminalSales.resolve': needs('sell'),
  'store.status': signedIn,
  'store.setPassword': needs('setUpStore'),
  'store.test': needs('setUpStore'),
  'store.prints': signedIn,
  'store.print': signedIn,
  'store.board': signedIn,
  'store.export': needs('exportCsv'),
  'store.elsewhere': signedIn,
  // A reprint or cancel run by another counter on this one's print: someone else's work by definition.
  'store.command': needs('cancelOthers'),
  'store.commandStatus': signedIn,
  'saleReceipt.get': signedIn,
  'saleReceipt.save': needs('editTemplates'),
  'staff.status': anyone,
  'staff.setUpOwner': anyone,
  'staff.signIn': anyone,
  'staff.lock': anyone,
  'staff.save': needs('manageStaff'),
  'staff.resetPin': needs('manageStaff'),
  'staff.setIdleLock': needs('changeSettings'),
  'staff.approve': signedIn,
  'audit.list': needs('viewAudit'),
  'audit.export': needs('exportCsv'),
  'store.retrySetAside': needs('setUpStore'),
  // The renderer's own log lines and its open dialogs (which hold an update back): a locked screen has both.
  'log.write': anyone,
  'ui.dialogs': anyone,
  'updates.status': signedIn,
  'diagnostics.preview': signedIn,
  'diagnostics.build': signedIn,
  // A cashier opens, reads and closes their own shift; the Z's reprint is the stored paper, a reprint like any other.
  'day.status': signedIn,
  'day.openShift': needs('sell'),
  'day.recordSale': needs('sell'),
  'day.xReport': needs('sell'),
  'day.closeShift': needs('sell'),
  'day.zReports': signedIn,
  'day.reprintZ': needs('reprint'),
  'day.exportZ': needs('exportCsv'),
  'day.reconcile': needs('reconcile'),
  'day.explain': needs('reconcile'),
  // The whole store's day is the manager's: every counter's shifts and the store's Z.
  'day.storeDay': needs('reconcile'),
  'day.printStoreZ': needs('reconcile'),
  // The cashier at the counter answers what to do with prints that waited out an outage.
  'backlog.list': signedIn,
  'backlog.decide': needs('sell'),
};

/** What a call needs of the person making it, given which escalations apply. */
export function permissionsNeeded(channel: ChannelName, escalations: ReadonlySet<Escalation> = new Set()): Permission[] {
  const rule = CHANNEL_RULES[channel];
  if (rule.access !== 'permission') return [];
  return rule.beyond !== undefined && escalations.has(rule.beyond.when) ? [rule.permission, rule.beyond.permission] : [rule.permission];
}

export type Verdict = { allowed: true } | { allowed: false; missing: Permission; approvable: boolean };

/** Whether `role` (undefined: nobody signed in) may make this call; the answer main and the renderer share. */
export function verdict(role: Role | undefined, channel: ChannelName, escalations: ReadonlySet<Escalation> = new Set()): Verdict {
  const rule = CHANNEL_RULES[channel];
  if (rule.access === 'anyone') return { allowed: true };
  if (role === undefined) return { allowed: false, missing: rule.access === 'permission' ? rule.permission : 'sell', approvable: false };
  const missing = permissionsNeeded(channel, escalations).find((permission) => !roleMay(role, permission));
  return missing === undefined ? { allowed: true } : { allowed: false, missing, approvable: APPROVABLE.has(missing) };
}
