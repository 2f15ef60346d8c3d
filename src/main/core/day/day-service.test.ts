import { describe, expect, it } from 'vitest';
import { SHIFT_LIFECYCLE } from '../../../shared/lifecycle/shift';
import { createLifecycleWriter } from '../../../shared/lifecycle/kit';
import { DEFAULT_MAX_CHECKOUT_SALES } from '../history/checkout-sales';
import { sampleSale } from '../history/test-sales';
import { sampleCheckoutSale, samplePayment, testDay } from './test-day';

const person = { personId: 'p-1', personName: 'Ana' };

describe('the day: shifts and their X and Z reports', () => {
  it('opens one shift per counter; a second is refused by the database itself', async () => {
    const { service } = testDay();
    const shift = await service.open({ ...person, floatCents: 5000 });
    expect(shift).toMatchObject({ status: 'open', counterId: 'counter-1', floatCents: 5000, personName: 'Ana' });
    await expect(service.open({ ...person, floatCents: null })).rejects.toMatchObject({ code: 'shift_already_open', status: 409 });
    expect((await service.status()).shift?.id).toBe(shift.id);
  });

  it('flags a shift still open the next morning', async () => {
    const { service, clock } = testDay();
    await service.open({ ...person, floatCents: null });
    expect((await service.status()).openOverMidnight).toBe(false);
    await clock.advance(14 * 3_600_000);
    expect((await service.status()).openOverMidnight).toBe(false);
    await clock.advance(2 * 3_600_000);
    expect((await service.status()).openOverMidnight).toBe(true);
  });

  it('closes with a numbered Z whose figures are the X of the same moment, stored and printed; the shift cannot close twice', async () => {
    const { service, clock, terminalSales, checkoutSales, printed } = testDay();
    const shift = await service.open({ ...person, floatCents: 5000 });
    await clock.advance(60_000);
    const at = new Date(clock.now()).toISOString();
    terminalSales.save(sampleSale('sale-a', { status: 'processed', amount: '24.00', createdAt: at }));
    terminalSales.save(
      sampleSale('sale-b', { status: 'refunded', amount: '10.00', refundedAmount: '10.00', refunds: [{ id: 'r', amount: '10.00' }], createdAt: at }),
    );
    checkoutSales.put(sampleCheckoutSale('pref-1', { createdAt: at }));
    await service.recordSale({ ...person, shiftId: shift.id, tender: 'cash', kind: 'sale', amountCents: 1250, note: null });
    const x = await service.x(shift.id);
    expect(x.kind).toBe('X');
    expect(x.byTender.card).toEqual({ count: 2, grossCents: 3400, refundCents: 1000, netCents: 2400 });
    expect(x.byTender.link).toEqual({ count: 1, grossCents: 1050, refundCents: 0, netCents: 1050 });
    expect(x.byTender.cash.netCents).toBe(1250);
    expect(x.total.netCents).toBe(2400 + 1050 + 1250);
    expect(x.expectedCashCents).toBe(6250);

    const z = await service.close({ shiftId: shift.id, countedCashCents: 6200, terminalId: 'T1' });
    expect(z.number).toBe(1);
    expect(z.report.kind).toBe('Z');
    expect({ ...z.report, kind: 'X', number: null, shift: x.shift, generatedAt: x.generatedAt, until: x.until }).toEqual(x);
    expect(printed).toHaveLength(1);
    expect(printed[0]?.content).toBe(z.paper);
    expect(z.paper).toContain('Z REPORT No. 1');
    expect(z.printIds).toEqual(['print-1']);
    await expect(service.close({ shiftId: shift.id, countedCashCents: null, terminalId: null })).rejects.toMatchObject({ code: 'shift_not_open' });
    const next = await service.open({ ...person, floatCents: null });
    expect((await service.close({ shiftId: next.id, countedCashCents: null, terminalId: null })).number).toBe(2);
  });

  it('reprints a Z as stored, even when the history around it changed since', async () => {
    const { service, clock, terminalSales, printed } = testDay();
    const shift = await service.open({ ...person, floatCents: null });
    await clock.advance(60_000);
    terminalSales.save(sampleSale('sale-a', { status: 'processed', createdAt: new Date(clock.now()).toISOString() }));
    const z = await service.close({ shiftId: shift.id, countedCashCents: null, terminalId: 'T1' });
    // A sale written late, inside the closed shift's window, must not change the final report.
    terminalSales.save(sampleSale('sale-late', { status: 'processed', amount: '99.00', createdAt: new Date(clock.now() - 1000).toISOString() }));
    const again = await service.reprint(z.number, 'T1');
    expect(again.report).toEqual(z.report);
    expect(printed[1]?.content).toContain(z.paper);
    expect(printed[1]?.content).toContain('REPRINT');
    expect(printed[1]?.externalReference).not.toBe(printed[0]?.externalReference);
    expect((await service.x(shift.id)).total).toEqual(z.report.total);
    const csv = await service.exportZ(z.number, 'csv');
    expect(csv.text).toContain('total,,1,24.00,0.00,24.00');
    expect((await service.exportZ(z.number, 'html')).text).toContain('<h1>Z REPORT No. 1</h1>');
  });

  it('the shift writer refuses every move its table does not list', () => {
    const { book } = testDay();
    const at = '2026-11-20T09:00:00.000Z';
    book.open({
      id: 's1',
      counterId: 'c',
      status: 'open',
      personId: null,
      personName: null,
      openedAt: at,
      closedAt: null,
      floatCents: null,
      countedCashCents: null,
      zNumber: null,
    });
    const writer = createLifecycleWriter(SHIFT_LIFECYCLE, { read: (id: string) => book.get(id), statusOf: (shift) => shift.status, commit: () => 'written' });
    for (const move of SHIFT_LIFECYCLE.unlisted()) {
      if (move.from !== 'open') continue;
      expect(writer.move('s1', move.on, move.to, undefined).ok, `${move.from} ${move.on} ${move.to}`).toBe(false);
    }
    expect(SHIFT_LIFECYCLE.final).toEqual(['closed']);
  });

  it('reconciles the shift against the platform and keeps every explanation', async () => {
    const at = '2026-11-20T09:01:00.000Z';
    const { service, clock, terminalSales } = testDay({
      platformPayments: [
        samplePayment(1, { external_reference: 'ref-sale-a', date_created: at }),
        samplePayment(2, { external_reference: 'elsewhere', transaction_amount: 7, date_created: at }),
      ],
    });
    const shift = await service.open({ ...person, floatCents: null });
    terminalSales.save(sampleSale('sale-a', { status: 'processed', createdAt: at }));
    await clock.advance(120_000);
    const first = await service.reconcile(shift.id);
    expect(first.matched).toBe(1);
    expect(first.differences.map((difference) => [difference.kind, difference.paymentId])).toEqual([['paid_unknown', '2']]);
    const key = first.differences[0]?.key ?? '';
    await service.explain({ ...person, shiftId: shift.id, key, note: 'the owner sold online' });
    await service.explain({ ...person, shiftId: shift.id, key, note: 'checked with the owner' });
    const second = await service.reconcile(shift.id);
    expect(second.differences[0]?.explanation?.note).toBe('checked with the owner');
    expect(second.differences[0]?.explanations.map((note) => note.note)).toEqual(['the owner sold online', 'checked with the owner']);
  });

  it("sets the cash counted at the close against the Z's expected cash in the reconciliation", async () => {
    const { service, clock } = testDay();
    const shift = await service.open({ ...person, floatCents: 5000 });
    await service.recordSale({ ...person, shiftId: shift.id, tender: 'cash', kind: 'sale', amountCents: 1250, note: null });
    await clock.advance(60_000);
    expect((await service.reconcile(shift.id)).cash).toBeNull();
    const z = await service.close({ shiftId: shift.id, countedCashCents: 6200, terminalId: null });
    expect(z.paper).toMatch(/Cash short\s+0\.50/);
    expect((await service.reconcile(shift.id)).cash).toEqual({ expectedCents: 6250, countedCents: 6200, differenceCents: -50, kind: 'short' });
    const uncounted = await service.open({ ...person, floatCents: 1000 });
    await service.close({ shiftId: uncounted.id, countedCashCents: null, terminalId: null });
    expect((await service.reconcile(uncounted.id)).cash).toBeNull();
  });

  it('counts every link sale of an open shift, past the 200 the checkout history keeps', async () => {
    const { service, clock, checkoutSales, db } = testDay();
    const kept = (): number => Number(db.prepare('SELECT count(*) AS n FROM checkout_sales').get()?.['n']);
    // Before the shift: the history is full.
    for (let index = 0; index < DEFAULT_MAX_CHECKOUT_SALES; index++)
      checkoutSales.put(sampleCheckoutSale(`old-${index}`, { createdAt: '2026-11-20T08:00:00.000Z' }));
    const shift = await service.open({ ...person, floatCents: null });
    await clock.advance(60_000);
    const at = new Date(clock.now()).toISOString();
    for (let index = 0; index < 205; index++) checkoutSales.put(sampleCheckoutSale(`new-${index}`, { createdAt: at }));
    expect(checkoutSales.list().length).toBe(DEFAULT_MAX_CHECKOUT_SALES);
    expect(kept()).toBe(205);
    expect((await service.x(shift.id)).byTender.link.count).toBe(205);
    const z = await service.close({ shiftId: shift.id, countedCashCents: null, terminalId: null });
    expect(z.report.byTender.link.count).toBe(205);
    // Closed: the bound applies again at the next sale.
    checkoutSales.put(sampleCheckoutSale('after', { createdAt: new Date(clock.now() + 1000).toISOString() }));
    expect(kept()).toBe(DEFAULT_MAX_CHECKOUT_SALES);
  });
});
