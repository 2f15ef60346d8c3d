import { describe, expect, it } from 'vitest';
import { cashierMessage } from '../platform/messages';
import { storeFailureCode } from './errors';

describe('a store database failure in the cashier’s words', () => {
  it('asks for the password again when the server wants one and none is kept, never the SASL error', () => {
    const code = storeFailureCode(new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string'));
    expect(code).toBe('store_password_missing');
    expect(cashierMessage(code, 'en')).toMatch(/enter the password again/);
    expect(cashierMessage(code, 'es')).toMatch(/ingrese la contraseña de nuevo/);
  });
});
