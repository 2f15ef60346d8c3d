import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher, type ChannelHandlers } from '../ipc/dispatch';
import { createEventHub } from '../ipc/events';
import { testStaff } from '../staff/test-staff';
import { createDayHandlers } from './handlers';
import { testDay } from './test-day';

const sender = { url: 'test' };
const rigs: Array<ReturnType<typeof testStaff>> = [];
afterEach(() => {
  for (const rig of rigs.splice(0)) rig.close();
});

/** A counter with staff and a day, every call through the dispatcher and the staff's guard. */
async function counter() {
  const staff = testStaff();
  rigs.push(staff);
  const owner = await staff.add('Olga', 'owner', '11111');
  const manager = await staff.add('Mara', 'manager', '2222');
  const cashier = await staff.add('Cato', 'cashier', '3333');
  const day = testDay({ overrides: { signedIn: () => staff.service.signedIn() } });
  const handlers = { ...staff.handlers, ...createDayHandlers(day.service, createEventHub()) } as unknown as ChannelHandlers;
  const dispatch = createDispatcher({ handlers, language: () => 'en', guard: staff.guard, isTrustedSender: () => true });
  const call = async (channel: string, payload: unknown): Promise<unknown> => {
    const answer = await dispatch(channel, payload, sender);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}`);
    return answer.value;
  };
  const signIn = (personId: string, pin: string) => call('staff.signIn', { personId, pin });
  const audit = async (action: string) =>
    ((await call('audit.list', { filters: { action }, limit: 50 })) as { entries: Array<Record<string, unknown>> }).entries;
  return { staff, day, owner, manager, cashier, call, signIn, audit };
}

describe('the day with staff', () => {
  it("takes a shift's person, a cash sale's and a note's from who is signed in, never from the call", async () => {
    const { cashier, manager, call, signIn, day } = await counter();
    await signIn(cashier.id, '3333');
    const shift = (await call('day.openShift', { personId: 'someone', personName: 'Someone Else', floatCents: 1000 })) as { id: string };
    expect(shift).toMatchObject({ personId: cashier.id, personName: 'Cato' });
    const sale = await call('day.recordSale', { shiftId: shift.id, tender: 'cash', amountCents: 500, personName: 'Nobody' });
    expect(sale).toMatchObject({ personId: cashier.id, personName: 'Cato' });
    await signIn(manager.id, '2222');
    const note = await call('day.explain', { shiftId: shift.id, key: 'not_paid:sale-1', note: 'paid in cash', personName: 'Cato' });
    expect(note).toMatchObject({ personId: manager.id, personName: 'Mara' });
    expect(day.book.notes(shift.id)).toMatchObject([{ personId: manager.id, personName: 'Mara' }]);
  });

  it('appends the close, the Z reprint (with who approved it) and an explained difference to the audit trail', async () => {
    const { cashier, manager, owner, call, signIn, audit } = await counter();
    await signIn(cashier.id, '3333');
    const shift = (await call('day.openShift', { floatCents: null })) as { id: string };
    const z = (await call('day.closeShift', { shiftId: shift.id, countedCashCents: 0, terminalId: null })) as { number: number };

    const reprint = { number: z.number, terminalId: 'T-1' };
    await expect(call('day.reprintZ', reprint)).rejects.toThrow(/forbidden/);
    const approved = (await call('staff.approve', { managerId: manager.id, pin: '2222', channel: 'day.reprintZ', request: reprint })) as { grant: string };
    await call('day.reprintZ', { ...reprint, staffApproval: approved.grant });

    await signIn(owner.id, '11111');
    await call('day.explain', { shiftId: shift.id, key: 'paid_unknown:pay-9', note: 'a sale made at the other till' });

    expect(await audit('day.closeShift')).toMatchObject([{ personId: cashier.id, subject: shift.id, approvedById: null }]);
    expect((await audit('day.closeShift'))[0]?.['detail']).toContain('countedCashCents=0');
    expect(await audit('day.reprintZ')).toMatchObject([{ personId: cashier.id, approvedById: manager.id, approvedByName: 'Mara' }]);
    expect((await audit('day.reprintZ'))[0]?.['detail']).toContain(`number=${z.number}`);
    expect(await audit('day.explain')).toMatchObject([{ personId: owner.id, subject: shift.id }]);
    expect((await audit('day.explain'))[0]?.['detail']).toContain('key=paid_unknown:pay-9');
  });

  it("keeps the whole store's day and its Z to those who reconcile", async () => {
    const { cashier, manager, call, signIn } = await counter();
    await signIn(cashier.id, '3333');
    await expect(call('day.storeDay', {})).rejects.toThrow(/forbidden/);
    await expect(call('day.printStoreZ', { terminalId: 'T-1' })).rejects.toThrow(/forbidden/);
    await signIn(manager.id, '2222');
    await expect(call('day.storeDay', {})).rejects.toThrow(/store_day_unavailable/);
  });
});
