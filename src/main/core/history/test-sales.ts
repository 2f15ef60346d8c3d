import type { SaleRecord } from './records/terminal-sale';

/** A terminal sale as the sales service keeps it, just charged (no order yet) unless `patch` says otherwise. */
export function sampleSale(id: string, patch: Partial<SaleRecord> = {}): SaleRecord {
  const at = '2026-11-20T10:00:00.000Z';
  return {
    id,
    terminalId: 'NEWLAND_N950__SBX0000001',
    externalReference: `ref-${id}`,
    amount: '24.00',
    items: [{ name: 'Coffee', quantity: 2, unitPrice: '12.00' }],
    printOnTerminal: 'no_ticket',
    orderId: null,
    status: 'created',
    statusDetail: null,
    paymentMethod: null,
    cardLastFour: null,
    authorizationCode: null,
    refundedAmount: '0.00',
    refunds: [],
    receiptPrintId: null,
    lastError: null,
    createdAt: at,
    updatedAt: at,
    history: [{ status: 'created', detail: null, at }],
    idempotencyKey: `key-${id}`,
    transactionId: null,
    paymentId: null,
    pendingOperation: null,
    ...patch,
  };
}
