import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelName } from '../../../shared/ipc/contract';
import { createDispatcher, type ChannelHandlers, type Dispatch } from '../ipc/dispatch';
import { GRANT_LIFETIME_MS } from './approvals';
import type { StaffError } from './errors';
import { DEMO_PEOPLE, pauseAfter, PIN_TRIES, plainDemoName } from './people';
import { hashPin, verifyPin } from './pin-hash';
import { TEST_PIN_COST, testStaff } from './test-staff';

const sender = { url: 'test' };
const rigs: Array<ReturnType<typeof testStaff>> = [];
const folders: string[] = [];
afterEach(() => {
  for (const rig of rigs.splice(0)) rig.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A counter with an owner, a manager and a cashier; every channel outside staff answers with its request's id. */
async function counter(file?: string) {
  const rig = testStaff(file === undefined ? {} : { file });
  rigs.push(rig);
  const owner = await rig.add('Olga', 'owner', '11111');
  const manager = await rig.add('Mara', 'manager', '2222');
  const cashier = await rig.add('Cato', 'cashier', '3333');
  const sale = { id: 'sale-1', status: 'approved' };
  const handlers = new Proxy({ ...rig.handlers } as Partial<ChannelHandlers>, {
    get: (target, channel: string) => target[channel as ChannelName] ?? (() => sale),
  }) as ChannelHandlers;
  const dispatch: Dispatch = createDispatcher({ handlers, language: () => 'en', guard: rig.guard, isTrustedSender: () => true });
  const call = (channel: string, payload: unknown) => dispatch(channel, payload, sender);
  /**
   * A call of a channel whose answer this test cannot make up (a whole sale, a print): the guard's three
   * steps as the dispatcher takes them (the permission test runs them through the dispatcher itself),
   * the handler's answer being `{ id }`.
   */
  const act = async (channel: ChannelName, payload: Record<string, unknown>, answerId = 'new-1') => {
    const { staffApproval, ...request } = payload;
    try {
      await rig.guard.before(channel, staffApproval !== undefined);
      const admission = await rig.guard.admit(channel, request, staffApproval as string | undefined);
      rig.guard.settle(admission, { id: answerId });
      return { ok: true as const };
    } catch (error) {
      return { ok: false as const, error: (error as StaffError).toFailure('en') };
    }
  };
  return { rig, owner, manager, cashier, call, act };
}

describe('the sandbox demo people', () => {
  it("are named without a role (the screens add it in their language), and an earlier demo's English role is taken off", () => {
    expect(DEMO_PEOPLE.map((demo) => demo.name)).toEqual(['Olivia', 'Manuel', 'Carla']);
    expect(plainDemoName('Olivia (owner)', 'owner')).toBe('Olivia');
    expect(plainDemoName('Carla (cashier)', 'cashier')).toBe('Carla');
    expect(plainDemoName('Carla (cashier)', 'manager')).toBeUndefined();
    expect(plainDemoName('Ana (owner)', 'owner')).toBeUndefined();
  });
});

describe('PINs', () => {
  it('are kept as a salted scrypt hash that verifies only the right PIN, and two hashes of one PIN differ', async () => {
    const first = await hashPin('4815', TEST_PIN_COST);
    const second = await hashPin('4815', TEST_PIN_COST);
    expect(first).not.toBe(second);
    expect(first).not.toContain('4815');
    expect(await verifyPin('4815', first)).toBe(true);
    expect(await verifyPin('4816', first)).toBe(false);
    expect(await verifyPin('4815', 'scrypt$x$y$z$$')).toBe(false);
  });

  it('never reach the database file in clear: no PIN of anyone in the file or its WAL', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-staff-'));
    folders.push(folder);
    const { rig, call, cashier } = await counter(join(folder, 'history-production.sqlite'));
    await rig.add('Pina', 'cashier', '48151623');
    await call('staff.signIn', { personId: cashier.id, pin: '3333' });
    await call('staff.resetPin', { id: cashier.id, pin: '90817263' });
    const bytes = readdirSync(folder).map((name) => readFileSync(join(folder, name)).toString('latin1'));
    expect(bytes.join('').length).toBeGreaterThan(0);
    for (const pin of ['48151623', '90817263', '11111'])
      expect(
        bytes.some((text) => text.includes(pin)),
        pin,
      ).toBe(false);
  });
});

describe('signing in', () => {
  it('locks a person out after five wrong PINs, for longer each round, refusing even the right PIN meanwhile', async () => {
    const { rig, cashier, call } = await counter();
    for (let attempt = 1; attempt < PIN_TRIES; attempt++) {
      expect(await call('staff.signIn', { personId: cashier.id, pin: '0000' })).toMatchObject({ ok: false, error: { code: 'wrong_pin' } });
    }
    expect(await call('staff.signIn', { personId: cashier.id, pin: '0000' })).toMatchObject({ ok: false, error: { code: 'pin_locked' } });
    expect(await call('staff.signIn', { personId: cashier.id, pin: '3333' })).toMatchObject({ ok: false, error: { code: 'pin_locked' } });
    await rig.clock.advance(pauseAfter(PIN_TRIES));
    expect(await call('staff.signIn', { personId: cashier.id, pin: '3333' })).toMatchObject({ ok: true, value: { signedIn: { name: 'Cato' } } });
    expect(pauseAfter(2 * PIN_TRIES)).toBe(2 * pauseAfter(PIN_TRIES));
    const failed = rig.service.records().page({ action: 'staff.signInFailed' }, undefined, 50);
    expect(failed).toHaveLength(PIN_TRIES + 1);
  });

  it('refuses every call but the lock screen’s once the counter is locked', async () => {
    const { cashier, call, act } = await counter();
    await call('staff.signIn', { personId: cashier.id, pin: '3333' });
    expect(await act('terminalSales.charge', { terminalId: 'T1', amount: '10' })).toMatchObject({ ok: true });
    await call('staff.lock', {});
    expect(await call('terminalSales.list', {})).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    expect(await call('staff.status', {})).toMatchObject({ ok: true, value: { signedIn: null } });
  });

  it('lets the owner reset a locked-out person’s PIN', async () => {
    const { owner, cashier, call } = await counter();
    for (let attempt = 0; attempt < PIN_TRIES; attempt++) await call('staff.signIn', { personId: cashier.id, pin: '0000' });
    await call('staff.signIn', { personId: owner.id, pin: '11111' });
    expect(await call('staff.resetPin', { id: cashier.id, pin: '5555' })).toMatchObject({ ok: true, value: { lockedUntil: null } });
    expect(await call('staff.signIn', { personId: cashier.id, pin: '5555' })).toMatchObject({ ok: true });
    expect(await call('staff.resetPin', { id: owner.id, pin: '5555' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe("a manager's approval", () => {
  it('lets a cashier refund once, for exactly that sale, and the audit trail names both people', async () => {
    const { rig, cashier, manager, call, act } = await counter();
    await call('staff.signIn', { personId: cashier.id, pin: '3333' });
    const refund = { id: 'sale-1', confirm: true };
    const refused = await act('terminalSales.refund', refund);
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', issues: [{ path: 'approval', message: 'refund' }] } });

    expect(await call('staff.approve', { managerId: manager.id, pin: '9999', channel: 'terminalSales.refund', request: refund })).toMatchObject({
      ok: false,
      error: { code: 'wrong_pin' },
    });
    const approved = await call('staff.approve', { managerId: manager.id, pin: '2222', channel: 'terminalSales.refund', request: refund });
    if (!approved.ok) throw new Error(approved.error.message);
    const grant = (approved.value as { grant: string }).grant;
    // For another sale, the grant is spent and refused.
    expect(await act('terminalSales.refund', { id: 'sale-2', confirm: true, staffApproval: grant })).toMatchObject({
      ok: false,
      error: { code: 'approval_invalid' },
    });

    const again = await call('staff.approve', { managerId: manager.id, pin: '2222', channel: 'terminalSales.refund', request: refund });
    const grant2 = again.ok ? (again.value as { grant: string }).grant : '';
    expect(await act('terminalSales.refund', { ...refund, staffApproval: grant2 })).toMatchObject({ ok: true });
    expect(await act('terminalSales.refund', { ...refund, staffApproval: grant2 })).toMatchObject({ ok: false, error: { code: 'approval_invalid' } });

    const [entry] = rig.service.records().page({ action: 'terminalSales.refund' }, undefined, 10);
    expect(entry).toMatchObject({ personName: 'Cato', approvedByName: 'Mara', subject: 'sale-1', counter: 'counter-1' });
  });

  it('expires after a minute, and a cashier cannot approve', async () => {
    const { rig, cashier, manager, call, act } = await counter();
    const other = await rig.add('Cleo', 'cashier', '4444');
    await call('staff.signIn', { personId: cashier.id, pin: '3333' });
    const refund = { id: 'sale-1', confirm: true };
    expect(await call('staff.approve', { managerId: other.id, pin: '4444', channel: 'terminalSales.refund', request: refund })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    const approved = await call('staff.approve', { managerId: manager.id, pin: '2222', channel: 'terminalSales.refund', request: refund });
    await rig.clock.advance(GRANT_LIFETIME_MS);
    const grant = approved.ok ? (approved.value as { grant: string }).grant : '';
    expect(await act('terminalSales.refund', { ...refund, staffApproval: grant })).toMatchObject({ ok: false, error: { code: 'approval_invalid' } });
  });

  it("is needed to cancel someone else's sale and to reprint a second time, not one's own first", async () => {
    const { rig, cashier, call, act } = await counter();
    const other = await rig.add('Cleo', 'cashier', '4444');
    await call('staff.signIn', { personId: other.id, pin: '4444' });
    await act('terminalSales.charge', { terminalId: 'T1', amount: '10' }, 'sale-1');
    await call('staff.signIn', { personId: cashier.id, pin: '3333' });
    expect(await act('terminalSales.cancel', { id: 'sale-1' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', issues: [{ message: 'cancelOthers' }] },
    });
    expect(await act('prints.reprint', { id: 'print-1' })).toMatchObject({ ok: true });
    expect(await act('prints.reprint', { id: 'print-1' })).toMatchObject({ ok: false, error: { code: 'forbidden', issues: [{ message: 'reprint' }] } });
    await call('staff.signIn', { personId: other.id, pin: '4444' });
    expect(await act('terminalSales.cancel', { id: 'sale-1' })).toMatchObject({ ok: true });
  });
});

describe('the audit trail', () => {
  it('cannot be edited or pruned, even with SQL', async () => {
    const { rig, owner, call } = await counter();
    await call('staff.signIn', { personId: owner.id, pin: '11111' });
    expect(() => rig.db.exec("UPDATE audit_log SET person_name = 'someone else'")).toThrow(/append-only/);
    expect(() => rig.db.exec('DELETE FROM audit_log')).toThrow(/append-only/);
  });

  it('pages newest first by keyset, filtered by person, action and time, and exports CSV', async () => {
    const { rig, owner, cashier, call } = await counter();
    for (let index = 0; index < 7; index++) {
      await call('staff.signIn', { personId: index % 2 === 0 ? cashier.id : owner.id, pin: index % 2 === 0 ? '3333' : '11111' });
      await rig.clock.advance(60_000);
    }
    await call('staff.signIn', { personId: owner.id, pin: '11111' });
    const first = await call('audit.list', { filters: { personId: cashier.id }, limit: 2 });
    const page = first.ok ? (first.value as { entries: Array<{ seq: number; personName: string }>; next: number }) : undefined;
    expect(page?.entries.map((entry) => entry.personName)).toEqual(['Cato', 'Cato']);
    const second = await call('audit.list', { filters: { personId: cashier.id }, before: page?.next, limit: 2 });
    expect(second.ok && (second.value as { entries: Array<{ seq: number }> }).entries.every((entry) => entry.seq < (page?.next ?? 0))).toBe(true);
    const from = new Date(rig.clock.now() - 3 * 60_000).toISOString();
    const recent = await call('audit.list', { filters: { from, action: 'staff.signIn' }, limit: 50 });
    expect(recent.ok && (recent.value as { entries: unknown[] }).entries).toHaveLength(4);
    const csv = await call('audit.export', { filters: { personId: cashier.id } });
    expect(csv).toMatchObject({ ok: true, value: { rows: 4, truncated: false } });
  });
});

describe('the first start', () => {
  it('asks for the owner once; after that the owner is set up and signed in', async () => {
    const rig = testStaff();
    rigs.push(rig);
    const dispatch = createDispatcher({ handlers: rig.handlers as ChannelHandlers, language: () => 'es', guard: rig.guard, isTrustedSender: () => true });
    expect(await dispatch('staff.status', {}, sender)).toMatchObject({ ok: true, value: { ready: false, demo: [] } });
    expect(await dispatch('staff.setUpOwner', { name: 'Olga', pin: '12' }, sender)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await dispatch('staff.setUpOwner', { name: 'Olga', pin: '123456' }, sender)).toMatchObject({
      ok: true,
      value: { ready: true, signedIn: { name: 'Olga', role: 'owner' } },
    });
    expect(await dispatch('staff.setUpOwner', { name: 'Eve', pin: '123456' }, sender)).toMatchObject({ ok: false, error: { code: 'owner_exists' } });
  });
});
