import { describe, expect, it } from 'vitest';
import { parseAuditDetail } from './audit-detail';

describe('audit detail', () => {
  it('reads the recorded pairs back, in order', () => {
    expect(parseAuditDetail('terminalId=NEWLAND_N950__SBX0000001 amount=24.50')).toEqual([
      { key: 'terminalId', value: 'NEWLAND_N950__SBX0000001' },
      { key: 'amount', value: '24.50' },
    ]);
  });

  it('keeps a value with spaces whole, up to the next known key', () => {
    expect(parseAuditDetail('name=Ana María del Sol role=cashier')).toEqual([
      { key: 'name', value: 'Ana María del Sol' },
      { key: 'role', value: 'cashier' },
    ]);
    expect(parseAuditDetail('reason=paper ran out=twice')).toEqual([{ key: 'reason', value: 'paper ran out=twice' }]);
  });

  it('is nothing for a detail that is not pairs, so the screen shows it as recorded', () => {
    expect(parseAuditDetail('')).toBeNull();
    expect(parseAuditDetail('demo start')).toBeNull();
    expect(parseAuditDetail('refund')).toBeNull();
    expect(parseAuditDetail('note terminalId=X')).toBeNull();
  });
});
