import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRecent, formatStepTime, formatTime, localeOf } from './datetime';

// Local time, as the screens show it: built from parts so the test holds in any time zone.
const AT = new Date(2026, 10, 24, 14, 5, 9, 42);

describe('one date and time format', () => {
  it('follows the language’s usual locale, every part at a fixed width, with seconds', () => {
    expect(formatDateTime(AT, 'en', 'en-GB')).toBe('24/11/2026, 14:05:09');
    expect(formatDateTime(AT, 'es', 'es')).toBe('24/11/2026, 14:05:09');
    expect(formatTime(AT, 'es', 'es')).toBe('14:05:09');
    expect(formatStepTime(AT, 'en', 'en-GB')).toBe('14:05:09.042');
  });

  it('takes the browser’s own locale when it speaks the chosen language, else the language’s usual one', () => {
    expect(localeOf('en', ['en-US', 'es-AR'])).toBe('en-US');
    expect(localeOf('es', ['en-US', 'es-AR'])).toBe('es-AR');
    expect(localeOf('es', ['en-US'])).toBe('es');
    expect(localeOf('en', ['en'])).toBe('en-GB');
    expect(formatDateTime(AT, 'en', localeOf('en', ['en-US']))).toBe('11/24/2026, 02:05:09 PM');
    // The milliseconds belong to the seconds, before the day period.
    expect(formatStepTime(AT, 'en', 'en-US')).toBe('02:05:09.042 PM');
  });

  it('writes a moment of today as its time alone, any other with its date', () => {
    expect(formatRecent(AT, 'en', new Date(2026, 10, 24, 23, 0), 'en-GB')).toBe('14:05:09');
    expect(formatRecent(AT, 'en', new Date(2026, 10, 25, 0, 1), 'en-GB')).toBe('24/11/2026, 14:05:09');
  });
});
