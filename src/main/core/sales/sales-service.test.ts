import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../../shared/clock';
import type { TerminalSale } from '../../../shared/ipc/channels/terminal-sales';
import { ChargeRequest, RefundRequest } from '../../../shared/ipc/channels/terminal-sales';
import type { CreatePointOrderRequest, OrderSearchResponse, OrderStatus, PointOrder } from '../../../shared/platform/orders';
import { PlatformError } from '../platform/errors';
import type { OrdersClient } from '../platform/orders-client';
import { driveUntil } from '../../testing/harness';
import { openHistory } from '../history/open';
import { createSalesHistory } from '../history/sales-history';
import { createSalesService, type SalesService } from './sales-service';
import { saleReceipt } from './receipt';
import { DEFAULT_SALE_RECEIPT_TEMPLATE } from '../../../shared/receipt/sale-receipt';

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const ORDER_ID = 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3';

/** A scripted Orders API: records every call with its key; `answers` decide what each create returns. */
class FakeOrders implements OrdersClient {
  readonly calls: Array<{ call: string; key?: string; body?: unknown }> = [];
  status: OrderStatus = 'created';
  detail = 'created';
  refunded = '0.00';
  createFailures: PlatformError[] = [];
  refundFailures: PlatformError[] = [];
  cancelRefusal: PlatformError | undefined;
  orderId = ORDER_ID;
  /** The order exists on the platform (a create reached it), under this external reference. */
  made: string | undefined;
  /** The next creates reach the platform, but their answers are lost on the way back. */
  answersLost = 0;

  order(): PointOrder {
    return {
      id: this.orderId,
      type: 'point',
      processing_mode: 'automatic',
      external_reference: this.made ?? 'sale-1',
      expiration_time: 'PT15M',
      country_code: 'ARG',
      user_id: '1',
      status: this.status,
      status_detail: this.detail,
      currency: 'ARS',
      total_amount: '24.00',
      created_date: '2026-01-15T12:00:00.000Z',
      last_updated_date: '2026-01-15T12:00:00.000Z',
      integration_data: { application_id: '1' },
      transactions: {
        payments: [
          {
            id: 'PAY01',
            amount: '24.00',
            refunded_amount: this.refunded,
            ...(this.status === 'processed' || this.status === 'refunded' ? { reference_id: '1310000001' } : {}),
            status: this.status,
            status_detail: this.detail,
            ...(this.status === 'processed' || this.status === 'refunded' ? { payment_method: { id: 'visa', type: 'credit_card', installments: 1 } } : {}),
          },
        ],
      },
      config: { point: { terminal_id: TERMINAL, print_on_terminal: 'no_ticket' } },
    };
  }

  create = async (request: CreatePointOrderRequest, options: { idempotencyKey: string }): Promise<PointOrder> => {
    this.calls.push({ call: 'create', key: options.idempotencyKey, body: request });
    const failure = this.createFailures.shift();
    if (failure !== undefined) throw failure;
    this.made = request.external_reference;
    if (this.answersLost > 0) {
      this.answersLost -= 1;
      throw new PlatformError({ status: 0, code: 'network_error' });
    }
    return this.order();
  };
  search = async (query: { external_reference?: string }): Promise<OrderSearchResponse> => {
    this.calls.push({ call: 'search', body: query });
    const data = this.made !== undefined && this.made === query.external_reference ? [this.order()] : [];
    return { data, paging: { total: String(data.length), total_pages: '1', offset: '0', limit: '10' } };
  };
  get = async (): Promise<PointOrder> => {
    this.calls.push({ call: 'get' });
    return this.order();
  };
  cancel = async (_id: string, options: { idempotencyKey: string }): Promise<PointOrder> => {
    this.calls.push({ call: 'cancel', key: options.idempotencyKey });
    if (this.cancelRefusal !== undefined) throw this.cancelRefusal;
    this.status = 'canceled';
    return this.order();
  };
  refund = async (_id: string, body: unknown, options: { idempotencyKey: string }): Promise<PointOrder> => {
    this.calls.push({ call: 'refund', key: options.idempotencyKey, body });
    const failure = this.refundFailures.shift();
    if (failure !== undefined) throw failure;
    const part = (body as { transactions?: Array<{ amount: string }> }).transactions?.[0]?.amount;
    this.refunded = part ?? '24.00';
    if (part === undefined) this.status = 'refunded';
    return this.order();
  };
}

const transient = (): PlatformError => new PlatformError({ status: 500, code: 'internal_error' });
const alreadyQueued = (): PlatformError => new PlatformError({ status: 409, code: 'already_queued_order_for_terminal' });

let directory: string | undefined;
afterEach(() => {
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

function world(paymentCard?: (paymentId: string) => Promise<{ lastFour: string | null; authorizationCode: string | null }>) {
  directory = mkdtempSync(join(tmpdir(), 'counter-sales-'));
  const path = join(directory, 'history-sandbox.sqlite');
  const clock = createManualClock();
  const platform = new FakeOrders();
  const printed: string[] = [];
  const receipts: string[] = [];
  const changes: TerminalSale[] = [];
  let keyNumber = 0;
  const open = (): SalesService => {
    const { history, db } = openHistory({ file: path });
    const service = createSalesService({
      store: createSalesHistory(db),
      orders: () => platform,
      clock,
      language: () => 'en',
      onChange: (sale) => changes.push(sale),
      ...(paymentCard === undefined ? {} : { paymentCard }),
      printReceipt: async (sale) => {
        receipts.push(saleReceipt(sale, DEFAULT_SALE_RECEIPT_TEMPLATE, 'en'));
        printed.push(sale.id);
        return `print-${printed.length}`;
      },
      newKey: () => `key-${++keyNumber}`,
      policy: { pollMs: 1_000, retryMs: 2_000 },
    });
    service.start();
    // The history owns the connection: it closes after the sales stopped using it, as the app's switch does.
    return {
      ...service,
      close() {
        service.close();
        history.closeSync();
      },
    };
  };
  return { path, clock, platform, printed, receipts, changes, open };
}

const charge = (service: SalesService, amount = '24,00'): TerminalSale => service.charge(ChargeRequest.parse({ terminalId: TERMINAL, amount }));

async function until(clock: ManualClock, what: string, done: () => boolean): Promise<void> {
  await driveUntil(clock, done, { stepMs: 250, maxMs: 120_000, what });
}

describe('orders service', () => {
  it('keeps the sale and its key on disk before the first create, and accepts the decimal comma', () => {
    const { open, path, platform } = world();
    const service = open();
    const sale = charge(service);
    expect(sale.amount).toBe('24.00');
    // Nothing has been sent yet, but another process opening the file already finds the key.
    const other = openHistory({ file: path });
    expect(createSalesHistory(other.db).get(sale.id)).toMatchObject({ idempotencyKey: 'key-2', status: 'created', orderId: null });
    other.history.closeSync();
    service.close();
    expect(platform.calls.filter((call) => call.call === 'create').length).toBeLessThanOrEqual(1);
  });

  it('refuses a sale larger than one payment may be before writing anything, and totals items exactly', () => {
    const { open, platform, changes } = world();
    const service = open();
    const impossible = Array.from({ length: 100 }, (_, index) => ({ name: `Item ${index}`, quantity: 999, unitPrice: '999999999.99' }));
    expect(() => service.charge(ChargeRequest.parse({ terminalId: TERMINAL, items: impossible }))).toThrow(
      expect.objectContaining({ code: 'amount_too_large' }),
    );
    expect(service.list()).toEqual([]);
    expect(changes).toEqual([]);
    const cents = service.charge(
      ChargeRequest.parse({
        terminalId: TERMINAL,
        items: [
          { name: 'Gum', quantity: 3, unitPrice: '0,10' },
          { name: 'Tea', quantity: 1, unitPrice: '0.20' },
        ],
      }),
    );
    expect(cents.amount).toBe('0.50');
    // A name that would add a line to the receipt is refused at the boundary.
    expect(ChargeRequest.safeParse({ terminalId: TERMINAL, items: [{ name: 'Tea\nTOTAL 0.01', quantity: 1, unitPrice: '1' }] }).success).toBe(false);
    expect(platform.calls.filter((call) => call.call === 'create').length).toBeLessThanOrEqual(1);
    service.close();
  });

  it('follows the order from created to at_terminal to approved and prints the receipt once, also after a restart', async () => {
    const { open, clock, platform, printed } = world();
    let service = open();
    const sale = charge(service);
    expect(sale.currency).toBeNull();
    await until(clock, 'the order to exist', () => service.get(sale.id).orderId === ORDER_ID);
    // The account's currency comes with the order: the screens write amounts in it.
    expect(service.get(sale.id).currency).toBe('ARS');
    platform.status = 'at_terminal';
    await until(clock, 'the terminal to show it', () => service.get(sale.id).status === 'at_terminal');
    platform.status = 'processed';
    platform.detail = 'accredited';
    await until(clock, 'the approval', () => service.get(sale.id).receiptPrintId !== null);
    expect(service.get(sale.id)).toMatchObject({ status: 'processed', paymentMethod: 'visa', receiptPrintId: 'print-1' });
    expect(service.get(sale.id).history.map((step) => step.status)).toEqual(['created', 'at_terminal', 'processed']);
    service.close();

    service = open();
    await clock.advance(10_000);
    expect(printed).toEqual([sale.id]);
    service.close();
  });

  it('retries a create under 500s and 409 already_queued with the same key, and resumes it with that key after a restart', async () => {
    const { open, clock, platform } = world();
    platform.createFailures = [transient(), alreadyQueued(), transient()];
    let service = open();
    const sale = charge(service);
    await until(clock, 'two failed creates', () => platform.calls.filter((call) => call.call === 'create').length === 2);
    // The terminal is busy: the cashier reads of a sale waiting, not of a print (the code is shared with print actions).
    expect(service.get(sale.id).lastError?.message).toBe('The terminal is busy with another order. Counter will send this sale when it is free.');
    service.close();
    service = open();
    await until(clock, 'the order to exist', () => service.get(sale.id).orderId === ORDER_ID);
    const keys = platform.calls.filter((call) => call.call === 'create').map((call) => call.key);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(new Set(keys)).toEqual(new Set(['key-2']));
    service.close();
  });

  it('ends a sale whose create the platform refused as not sent, with the reason: no card was read, so it is never a decline', async () => {
    const { open, clock, platform } = world();
    platform.createFailures = [new PlatformError({ status: 403, code: 'forbidden_checking_terminal_owner' })];
    const service = open();
    const sale = charge(service);
    await until(clock, 'the refusal', () => service.get(sale.id).status !== 'created');
    expect(service.get(sale.id)).toMatchObject({ status: 'not_sent', orderId: null, lastError: { code: 'forbidden_checking_terminal_owner' } });
    expect(service.get(sale.id).history.map((step) => [step.status, step.detail])).toEqual([
      ['created', null],
      ['not_sent', 'forbidden_checking_terminal_owner'],
    ]);
    service.close();
  });

  it('looks a sale up by its reference instead of resending its create a day later, and adopts the order it finds: no second charge', async () => {
    const { open, clock, platform, printed } = world();
    platform.answersLost = 1;
    let service = open();
    const sale = charge(service);
    await until(clock, 'the lost answer', () => platform.calls.some((call) => call.call === 'create') && service.get(sale.id).lastError !== null);
    // The customer paid at the terminal meanwhile; Counter is closed before it hears.
    platform.status = 'processed';
    platform.detail = 'accredited';
    service.close();
    await clock.advance(25 * 60 * 60_000);
    service = open();
    await until(clock, 'the adopted order', () => service.get(sale.id).receiptPrintId !== null);
    expect(service.get(sale.id)).toMatchObject({ status: 'processed', orderId: ORDER_ID });
    expect(platform.calls.filter((call) => call.call === 'create')).toHaveLength(1);
    expect(platform.calls.filter((call) => call.call === 'search')).toEqual([
      { call: 'search', body: expect.objectContaining({ external_reference: sale.externalReference }) },
    ]);
    expect(printed).toEqual([sale.id]);
    service.close();
  });

  it('leaves a sale not found a day later to a person: never resent, looked for again on demand, or closed as not charged', async () => {
    const { open, clock, platform } = world();
    platform.createFailures = Array.from({ length: 20 }, transient);
    let service = open();
    const first = charge(service);
    const second = charge(service, '5');
    const tried = (reference: string): boolean =>
      platform.calls.some((call) => call.call === 'create' && (call.body as CreatePointOrderRequest).external_reference === reference);
    await until(clock, 'both creates tried', () => tried(first.externalReference) && tried(second.externalReference));
    service.close();
    const creates = platform.calls.filter((call) => call.call === 'create').length;
    platform.made = undefined;
    await clock.advance(25 * 60 * 60_000);
    service = open();
    await until(clock, 'the look-ups', () => service.get(first.id).status === 'unconfirmed' && service.get(second.id).status === 'unconfirmed');
    expect(platform.calls.filter((call) => call.call === 'create')).toHaveLength(creates);
    expect(service.get(first.id).history.at(-1)).toMatchObject({ status: 'unconfirmed', detail: 'not_found' });
    await expect(service.resolve({ id: first.id, decision: 'not_charged', confirm: true })).resolves.toMatchObject({ status: 'canceled' });
    platform.made = second.externalReference;
    platform.status = 'at_terminal';
    await expect(service.resolve({ id: second.id, decision: 'look_again' })).resolves.toMatchObject({ status: 'at_terminal', orderId: ORDER_ID });
    await expect(service.resolve({ id: second.id, decision: 'look_again' })).rejects.toMatchObject({ code: 'sale_not_unconfirmed' });
    expect(platform.calls.filter((call) => call.call === 'create')).toHaveLength(creates);
    service.close();
  });

  it('takes a notified order at once, without waiting for the next poll, and never moves back on an older one', async () => {
    const { open, clock, platform } = world();
    const service = open();
    const sale = charge(service);
    await until(clock, 'the order to exist', () => service.get(sale.id).orderId === ORDER_ID);
    const reads = platform.calls.filter((call) => call.call === 'get').length;
    platform.status = 'processed';
    platform.detail = 'accredited';
    service.notified(platform.order());
    // No clock moved, no poll ran: the notification alone approved it.
    expect(service.get(sale.id)).toMatchObject({ status: 'processed', statusDetail: 'accredited', paymentMethod: 'visa' });
    expect(platform.calls.filter((call) => call.call === 'get').length).toBe(reads);
    platform.status = 'at_terminal';
    service.notified(platform.order());
    expect(service.get(sale.id).status).toBe('processed');
    service.close();
  });

  it('reads the approved payment once and prints its last four digits and authorization code on the receipt', async () => {
    const read: string[] = [];
    const { open, clock, platform, receipts } = world(async (paymentId) => {
      read.push(paymentId);
      if (read.length === 1) throw transient();
      return { lastFour: '3704', authorizationCode: '654321' };
    });
    const service = open();
    const sale = charge(service);
    platform.status = 'processed';
    await until(clock, 'the receipt', () => service.get(sale.id).receiptPrintId !== null);
    expect(read).toEqual(['1310000001', '1310000001']);
    expect(service.get(sale.id)).toMatchObject({ cardLastFour: '3704', authorizationCode: '654321' });
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain('Card **** 3704');
    expect(receipts[0]).toContain('Authorization 654321');
    service.close();
  });

  it('prints the receipt without the card when the payment cannot be read', async () => {
    const { open, clock, platform, receipts } = world(async () => Promise.reject(transient()));
    const service = open();
    const sale = charge(service);
    platform.status = 'processed';
    await until(clock, 'the receipt', () => service.get(sale.id).receiptPrintId !== null);
    expect(receipts[0]).toContain('Paid with visa');
    expect(receipts[0]).not.toContain('****');
    service.close();
  });

  it('shows a declined card with its reason and prints nothing', async () => {
    const { open, clock, platform, printed } = world();
    const service = open();
    const sale = charge(service);
    platform.status = 'failed';
    platform.detail = 'insufficient_amount';
    await until(clock, 'the decline', () => service.get(sale.id).status === 'failed');
    await clock.advance(10_000);
    expect(service.get(sale.id).statusDetail).toBe('insufficient_amount');
    expect(printed).toEqual([]);
    service.close();
  });

  it('never moves a sale back when a late answer says less', async () => {
    const { open, clock, platform } = world();
    const service = open();
    const sale = charge(service);
    platform.status = 'processed';
    await until(clock, 'the approval', () => service.get(sale.id).status === 'processed');
    platform.status = 'at_terminal';
    service.refund(RefundRequest.parse({ id: sale.id, amount: '1', confirm: true }));
    await until(clock, 'the refund', () => service.get(sale.id).pending === null);
    expect(service.get(sale.id).status).toBe('processed');
    service.close();
  });

  it('cancels only while the terminal has not picked the order up', async () => {
    const { open, clock, platform } = world();
    const service = open();
    const first = charge(service);
    await until(clock, 'the order to exist', () => service.get(first.id).orderId !== null);
    expect(service.cancel(first.id).pending).toBe('cancel');
    await until(clock, 'the cancel', () => service.get(first.id).status === 'canceled');

    platform.status = 'at_terminal';
    platform.orderId = 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D9';
    const second = charge(service);
    await until(clock, 'the terminal to show it', () => service.get(second.id).status === 'at_terminal');
    expect(() => service.cancel(second.id)).toThrow(expect.objectContaining({ code: 'sale_not_cancelable' }));
    service.close();
  });

  it('refunds in part then the rest, each request retried with its own single key', async () => {
    const { open, clock, platform } = world();
    const service = open();
    const sale = charge(service);
    platform.status = 'processed';
    await until(clock, 'the approval', () => service.get(sale.id).status === 'processed');
    expect(() => service.refund(RefundRequest.parse({ id: sale.id, amount: '30', confirm: true }))).toThrow(
      expect.objectContaining({ code: 'refund_amount_exceeds' }),
    );
    expect(() => RefundRequest.parse({ id: sale.id })).toThrow();

    platform.refundFailures = [transient(), transient()];
    service.refund(RefundRequest.parse({ id: sale.id, amount: '4,00', confirm: true }));
    await until(clock, 'the partial refund', () => service.get(sale.id).refundedAmount === '4.00' && service.get(sale.id).pending === null);
    const partial = platform.calls.filter((call) => call.call === 'refund');
    expect(partial.map((call) => call.key)).toEqual(['key-3', 'key-3', 'key-3']);
    expect(partial[0]?.body).toEqual({ transactions: [{ id: 'PAY01', amount: '4.00' }] });

    service.refund(RefundRequest.parse({ id: sale.id, confirm: true }));
    await until(clock, 'the full refund', () => service.get(sale.id).status === 'refunded');
    expect(platform.calls.filter((call) => call.call === 'refund').at(-1)).toMatchObject({ key: 'key-4', body: {} });
    service.close();
  });
});
