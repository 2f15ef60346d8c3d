import type { Language } from '../ipc/channels/app';

const LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', es: 'es-AR' };

/**
 * An amount in cents in the reader's language, with the store's currency when Counter knows it
 * ("ARS 1.234,50"), as the screens and the papers show money. Integer cents divided once for display only.
 */
export function formatMoneyCents(cents: number, language: Language, currency: string | null = null): string {
  const options: Intl.NumberFormatOptions =
    currency === null || !/^[A-Z]{3}$/.test(currency)
      ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : { style: 'currency', currency, currencyDisplay: 'code' };
  // Paper and CSV want plain spaces: Intl puts no-break ones between the code and the number.
  return new Intl.NumberFormat(LOCALES[language], options).format(cents / 100).replace(/[\u00a0\u202f]/g, ' ');
}
