import { describe, expect, it } from 'vitest';
import { luhnValid } from './sites';

describe('luhnValid', () => {
  it('accepts the platform test cards and refuses a number with one digit changed', () => {
    expect(luhnValid('5031755734530604')).toBe(true);
    expect(luhnValid('4509953566233704')).toBe(true);
    expect(luhnValid('5031755734530605')).toBe(false);
  });

  it('refuses anything but digits, and numbers shorter than 12 digits', () => {
    expect(luhnValid('50317557345306O4')).toBe(false);
    expect(luhnValid('5031 7557 3453 0604')).toBe(false);
    expect(luhnValid('0000000000')).toBe(false);
  });
});
