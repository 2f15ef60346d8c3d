import { describe, expect, it } from 'vitest';
import type { TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';
import { checkRefund, earlierCharge, isOpenSale, padInput, REPEAT_WINDOW_MS, sellBlock } from './sell-rules';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const terminal = { id: 'NEWLAND_N950__SBX0000001', posId: 1, storeId: '1', externalPosId: 'CAJA01', operatingMode: 'PDV', canPrint: true };

function sale(patch: Partial<TerminalSale>): TerminalSale {
  return {
    id: 's1',
    terminalId: terminal.id,
    externalReference: 's1',
    amount: '24.50',
    currency: 'ARS',
    items: [],
    printOnTerminal: 'no_ticket',
    orderId: 'o1',
    status: 'processed',
    statusDetail: 'accredited',
    paymentMethod: 'visa',
    cardLastFour: null,
    authorizationCode: null,
    refundedAmount: '0.00',
    refunds: [],
    pending: null,
    receiptPrintId: null,
    lastError: null,
    createdAt: new Date(NOW - 30_000).toISOString(),
    updatedAt: new Date(NOW - 30_000).toISOString(),
    history: [],
    ...patch,
  };
}

describe('when Sell may charge', () => {
  it('only with usable credentials, the terminals of this account listed, and one in PDV mode', () => {
    expect(sellBlock(false, { kind: 'loaded', terminals: [terminal] })).toBe('credentials');
    expect(sellBlock(undefined, { kind: 'loaded', terminals: [terminal] })).toBe('checking');
    expect(sellBlock(true, { kind: 'loading' })).toBe('checking');
    expect(sellBlock(true, { kind: 'error' })).toBe('platform');
    expect(sellBlock(true, { kind: 'loaded', terminals: [{ ...terminal, canPrint: false }] })).toBe('no_terminal');
    expect(sellBlock(true, { kind: 'loaded', terminals: [terminal] })).toBeNull();
  });
});

describe('a second charge of the same amount', () => {
  it('is asked about on the same terminal within the window after a sale that took or may take money', () => {
    expect(earlierCharge([sale({})], terminal.id, 2450, NOW)?.id).toBe('s1');
    expect(earlierCharge([sale({ status: 'at_terminal' })], terminal.id, 2450, NOW)?.id).toBe('s1');
  });

  it('is not asked about for another amount, another terminal, after the window, or after a decline', () => {
    expect(earlierCharge([sale({})], terminal.id, 2451, NOW)).toBeUndefined();
    expect(earlierCharge([sale({})], 'PAX_A910__SBX0000003', 2450, NOW)).toBeUndefined();
    expect(earlierCharge([sale({ createdAt: new Date(NOW - REPEAT_WINDOW_MS - 1).toISOString() })], terminal.id, 2450, NOW)).toBeUndefined();
    for (const status of ['failed', 'not_sent', 'canceled', 'expired'] as const)
      expect(earlierCharge([sale({ status })], terminal.id, 2450, NOW)).toBeUndefined();
  });
});

describe('a refund as typed', () => {
  it('is checked against what remains refundable', () => {
    expect(checkRefund('30', sale({}))).toMatchObject({ ok: false, problem: 'too_much', leftCents: 2450 });
    expect(checkRefund('30,00', sale({}))).toMatchObject({ ok: false, problem: 'too_much' });
    expect(checkRefund('abc', sale({}))).toMatchObject({ ok: false, problem: 'format' });
    expect(checkRefund('0', sale({}))).toMatchObject({ ok: false, problem: 'zero' });
    expect(checkRefund('12,50', sale({}))).toEqual({ ok: true, cents: 1250, leftCents: 2450 });
    expect(checkRefund('', sale({ refundedAmount: '12.50' }))).toEqual({ ok: true, cents: 1200, leftCents: 1200 });
    expect(checkRefund('12.01', sale({ refundedAmount: '12.50' }))).toMatchObject({ ok: false, problem: 'too_much' });
    expect(checkRefund('', sale({ refundedAmount: '24.50' }))).toMatchObject({ ok: false, problem: 'nothing_left' });
    expect(checkRefund('9999999999', sale({}))).toMatchObject({ ok: false, problem: 'too_much' });
  });
});

describe('the amount pad', () => {
  it('types digits, one separator of the language, at most two decimals', () => {
    const typed = (keys: Parameters<typeof padInput>[1][], separator: ',' | '.' = ','): string =>
      keys.reduce((text, key) => padInput(text, key, separator), '');
    expect(typed(['2', '4', 'separator', '5', '0'])).toBe('24,50');
    expect(typed(['2', '4', 'separator', '5', '0', '1'])).toBe('24,50');
    expect(typed(['separator', '5'], '.')).toBe('0.5');
    expect(typed(['1', 'separator', 'separator', '2'])).toBe('1,2');
    expect(typed(['0', '0', '7'])).toBe('7');
    expect(typed(['1', '00', 'back'])).toBe('10');
    expect(typed(['1', '2', 'clear'])).toBe('');
    expect(typed(['9', '9', '9', '9', '9', '9', '9', '9', '9', '9'])).toBe('999999999');
  });
});

describe('the open sale', () => {
  it('is one the terminal or a person has yet to settle', () => {
    expect(['created', 'at_terminal', 'action_required', 'unconfirmed'].every((status) => isOpenSale({ status: status as TerminalSale['status'] }))).toBe(true);
    expect(
      ['processed', 'failed', 'not_sent', 'canceled', 'refunded', 'expired'].some((status) => isOpenSale({ status: status as TerminalSale['status'] })),
    ).toBe(false);
  });
});
