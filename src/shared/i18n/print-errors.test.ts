import { describe, expect, it } from 'vitest';
import { lastErrorText, printErrorText } from './print-errors';

/** What main stored while the settings were in English. */
const writtenInEnglish = { code: 'internal_error', message: 'The platform had a temporary problem. Counter will retry.', status: 500 };

describe("a print's error as the cashier reads it", () => {
  it('is Spanish in Spanish mode even when main wrote it in English', () => {
    expect(printErrorText(writtenInEnglish, 'es')).toBe('La plataforma tuvo un problema temporal. Counter reintentará.');
  });

  it('is English in English mode even when main wrote it in Spanish', () => {
    const writtenInSpanish = { code: 'terminal_failed', message: 'La terminal no pudo imprimirla.', status: null };
    expect(printErrorText(writtenInSpanish, 'en')).toBe(
      'The terminal could not print it (for example, it is out of paper). Check the terminal, then print it again.',
    );
  });

  it('names the Settings screen in the reader’s language where the text points there', () => {
    expect(printErrorText({ code: 'unauthorized', message: 'x', status: 401 }, 'es')).toContain('Ajustes');
  });

  it('keeps the stored message of a code the catalogue does not know', () => {
    const platformOwn = { code: 'terminal_in_maintenance', message: 'Terminal is under maintenance', status: 409 };
    expect(printErrorText(platformOwn, 'es')).toBe('Terminal is under maintenance');
  });

  it('explains a print set aside without promising a retry, in the reader’s language', () => {
    const text = printErrorText(writtenInEnglish, 'es', true);
    expect(text).toBe('La plataforma siguió respondiendo a esta impresión con un error (internal_error). Inténtelo de nuevo o abandónela.');
    expect(text).not.toMatch(/reintentará/);
  });
});

describe("a print's last error on its screens", () => {
  it('is empty without an error and follows the print’s state with one', () => {
    expect(lastErrorText({ status: 'processed', lastError: null }, 'es')).toBe('');
    expect(lastErrorText({ status: 'sending', lastError: writtenInEnglish }, 'es')).toBe('La plataforma tuvo un problema temporal. Counter reintentará.');
    expect(lastErrorText({ status: 'needs_attention', lastError: writtenInEnglish }, 'es')).toMatch(/^La plataforma siguió respondiendo/);
  });
});
