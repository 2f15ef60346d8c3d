import { describe, expect, it } from 'vitest';
import { datePlaceholder, formatDateInput, parseDateInput } from './date-input';

describe('date fields in the app’s language', () => {
  it('show the language’s order, whatever the computer speaks', () => {
    expect(formatDateInput('2026-11-25T16:05', 'dateTime', 'es', 'es-AR')).toBe('25/11/2026 16:05');
    expect(formatDateInput('2026-11-25T16:05', 'dateTime', 'en', 'en-US')).toBe('11/25/2026 16:05');
    expect(formatDateInput('2026-11-25', 'date', 'en', 'en-GB')).toBe('25/11/2026');
    expect(formatDateInput('', 'date', 'es', 'es')).toBe('');
    expect(datePlaceholder('dateTime', 'es', 'es')).toBe('dd/mm/aaaa hh:mm');
    expect(datePlaceholder('date', 'en', 'en-US')).toBe('mm/dd/yyyy');
  });

  it('read what was typed back into the value, in the same order', () => {
    expect(parseDateInput('25/11/2026 16:05', 'dateTime', 'es', 'es-AR')).toBe('2026-11-25T16:05');
    expect(parseDateInput('11/25/2026 4:05 PM', 'dateTime', 'en', 'en-US')).toBe('2026-11-25T16:05');
    expect(parseDateInput('12/25/26, 12:30 am', 'dateTime', 'en', 'en-US')).toBe('2026-12-25T00:30');
    expect(parseDateInput('5.1.2027', 'date', 'es', 'es')).toBe('2027-01-05');
    expect(parseDateInput('25/11/2026', 'dateTime', 'es', 'es')).toBe('2026-11-25T00:00');
    expect(parseDateInput('2026-11-25T16:05', 'dateTime', 'es', 'es')).toBe('2026-11-25T16:05');
    expect(parseDateInput('  ', 'date', 'es', 'es')).toBe('');
  });

  it('refuse what is no real date or time', () => {
    expect(parseDateInput('31/02/2026', 'date', 'es', 'es')).toBeUndefined();
    expect(parseDateInput('11/25/2026', 'date', 'es', 'es')).toBeUndefined();
    expect(parseDateInput('25/11/2026 24:00', 'dateTime', 'es', 'es')).toBeUndefined();
    expect(parseDateInput('25/11/2026 13:00 pm', 'dateTime', 'es', 'es')).toBeUndefined();
    expect(parseDateInput('25/11/2026 10:00', 'date', 'es', 'es')).toBeUndefined();
    expect(parseDateInput('tomorrow', 'date', 'en', 'en-US')).toBeUndefined();
  });
});
