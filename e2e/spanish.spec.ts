import { CATALOGUE, isSameInEveryLanguage, type Text } from '../src/shared/i18n';
import { INDUSTRIES } from '../src/shared/platform/industries';
import { timelineMessages } from '../src/renderer/src/components/print-timeline/messages';
import { checkoutMessages } from '../src/renderer/src/features/checkout/messages';
import { counterMessages } from '../src/renderer/src/features/counter/messages';
import { managerMessages } from '../src/renderer/src/features/manager/messages';
import { queueMessages } from '../src/renderer/src/features/queue/messages';
import { messages } from '../src/renderer/src/i18n/messages';
import { expect, screenshot, test } from './fixtures';

/**
 * Every English text a screen could show, whole (no `{slot}` to fill): none may appear once the
 * settings say Spanish. "Counter" is the product's name in both languages, besides the tab's English name.
 */
function englishTexts(): string[] {
  const texts: Text[] = [...Object.values(CATALOGUE).flatMap((table) => Object.values(table)), ...INDUSTRIES.map((industry) => industry.label)];
  for (const slice of [messages, counterMessages, timelineMessages, queueMessages, managerMessages, checkoutMessages]) {
    const english: Readonly<Record<string, string>> = slice.en;
    const spanish: Readonly<Record<string, string>> = slice.es;
    for (const key of Object.keys(english)) texts.push({ en: english[key] ?? '', es: spanish[key] ?? '' });
  }
  return [...new Set(texts.filter((text) => !isSameInEveryLanguage(text) && !/\{\w+\}/.test(text.en) && text.en !== 'Counter').map((text) => text.en))];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SCREENS = [
  { name: 'counter', title: 'Redactar e imprimir' },
  { name: 'queue', title: 'Cola de impresión' },
  { name: 'manager', title: 'Gerente de tienda' },
  { name: 'checkout', title: 'Cobro' },
  { name: 'settings', title: 'Ajustes' },
  { name: 'day', title: 'El día' },
] as const;

test.use({ viewport: { width: 1366, height: 768 } });

/** A receipt long enough to print, with an unknown tag the checker warns about. */
const RECEIPT = [
  '{center}{b}LA ESQUINA{/b}{/center}',
  '{left}Cafe con leche            $2.500{/left}{br}Medialuna                 $1.200',
  '{negrita}TOTAL $3.700',
].join('\n');

test('in Spanish, no screen shows an English word of Counter’s own', async ({ page, counter }) => {
  const english = englishTexts().map((text) => ({ text, pattern: new RegExp(`(^|[^\\p{L}])${escape(text)}($|[^\\p{L}])`, 'u') }));
  const expectNoEnglish = async (where: string) => {
    // Wait for the screen's data (the board, the sales, the terminals) to replace its loading lines.
    await expect(page.locator('body')).not.toContainText(/Leyendo|Abriendo|Cargando/);
    const shown = await page.locator('body').innerText();
    expect(
      english.filter(({ pattern }) => pattern.test(shown)).map(({ text }) => text),
      where,
    ).toEqual([]);
    await screenshot(page, `spanish-${where}-1366`);
  };
  await page.goto(counter.url);
  await page.getByTestId('nav-settings').click();
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ajustes');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // A print on its way, a warning in the receipt, then an invoice the terminal would refuse.
  await page.getByTestId('nav-counter').click();
  await page.getByTestId('receipt-editor').fill(RECEIPT);
  await expect(page.getByTestId('receipt-problems')).toContainText('Etiqueta desconocida «{negrita}»');
  await page.getByTestId('print-button').click();
  await expect(page.getByTestId('print-timeline')).toBeVisible();
  await expectNoEnglish('counter-receipt');
  await page.getByTestId('mode-invoice').click();
  await page.getByTestId('invoice-editor').fill('<DTE><Documento><Encabezado/></Documento></DTE>');
  await expect(page.getByTestId('invoice-check')).toContainText('es obligatorio');
  await expectNoEnglish('counter-invoice');

  for (const screen of SCREENS) {
    await page.getByTestId(`nav-${screen.name}`).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.title);
    await expectNoEnglish(screen.name);
  }
});
