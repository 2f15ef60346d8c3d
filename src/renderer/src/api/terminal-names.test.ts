import { describe, expect, it } from 'vitest';
import { terminalLabel } from './terminal-names';

describe('terminal label', () => {
  it('puts the store’s name first and keeps the platform’s beside it', () => {
    expect(terminalLabel('NEWLAND_1', 'CAJA01', { NEWLAND_1: 'Front till' })).toEqual({ text: 'Front till (CAJA01)', local: 'Front till', platform: 'CAJA01' });
  });

  it('is the platform’s name alone when the store gave none, and the id when the platform gives none', () => {
    expect(terminalLabel('NEWLAND_1', 'CAJA01', { OTHER: 'Back' }).text).toBe('CAJA01');
    expect(terminalLabel('NEWLAND_1', null, undefined).text).toBe('NEWLAND_1');
    expect(terminalLabel('NEWLAND_1', '', { NEWLAND_1: 'Front till' }).text).toBe('Front till (NEWLAND_1)');
  });
});
