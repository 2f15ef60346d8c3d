import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import type { Page } from '@playwright/test';
import { PREVIEW_SCALE } from '../src/renderer/src/components/paper/paper-layout';
import { layout, parse, renderSvg } from '../src/shared/receipt';
import { expect, screenshot, test } from './fixtures';

/**
 * The Counter screen's compose, image and invoice parts, in the real app (browser host + embedded
 * sandbox). Run `npx electron-vite build` first: the host serves the built renderer.
 */

const editor = (page: Page) => page.getByTestId('receipt-editor');
const preview = (page: Page) => page.getByTestId('receipt-preview').locator('svg');
const printButton = (page: Page) => page.getByTestId('print-button');

/** A receipt long enough to print, with every tag of the language. */
const EVERY_TAG = [
  '{center}{w}{b}LA ESQUINA{/b}{/w}{/center}',
  '{s}Av. Providencia 1234, Santiago{/s}',
  '{left}Cafe con leche            $2.500{/left}{br}Medialuna                 $1.200',
  '{b}TOTAL                     $3.700{/b}',
  '{qr}https://counter.example/r/1{/qr}',
  '{pdf417}CTR-20260115-120000-AB12{/pdf417}',
].join('\n');

async function openCounter(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compose and print');
  await expect(editor(page)).toBeVisible();
}

/** Text of the textarea and its selection, as the cashier sees them. */
async function selection(page: Page): Promise<{ value: string; selected: string }> {
  return editor(page).evaluate((element) => {
    const textarea = element as HTMLTextAreaElement;
    return { value: textarea.value, selected: textarea.value.slice(textarea.selectionStart, textarea.selectionEnd) };
  });
}

/** A photo-like picture: smooth gradients, a few shapes, fine noise; nothing a compressor likes. */
function photoPixels(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = (seed >>> 24) / 16 - 8;
      const sky = 90 + (160 * y) / height;
      const sun = Math.hypot(x - width * 0.7, y - height * 0.3) < height * 0.15 ? 80 : 0;
      const hill = y > height * (0.65 + 0.1 * Math.sin((x / width) * 6)) ? -90 : 0;
      const offset = (y * width + x) * 4;
      data[offset] = Math.max(0, Math.min(255, sky + sun + hill + noise + 20));
      data[offset + 1] = Math.max(0, Math.min(255, sky + sun * 0.8 + hill * 0.6 + noise));
      data[offset + 2] = Math.max(0, Math.min(255, sky + 30 + hill * 1.2 + noise));
      data[offset + 3] = 255;
    }
  }
  return data;
}

test.describe('Counter screen', () => {
  test('every tag typed in the editor shows on the paper preview, drawn by the shared renderer', async ({ page, counter }) => {
    await openCounter(page, counter.url);
    await editor(page).fill(EVERY_TAG);

    await expect(preview(page)).toContainText('LA ESQUINA');
    const paper = preview(page);
    await expect(paper.locator('text.receipt-bold.receipt-wide', { hasText: 'LA ESQUINA' })).toBeVisible();
    await expect(paper.locator('g.receipt-line[data-align="center"] text', { hasText: 'LA ESQUINA' })).toHaveCount(1);
    await expect(paper.locator('text.receipt-small', { hasText: 'Providencia' })).toHaveCount(1);
    await expect(paper.locator('text.receipt-bold', { hasText: 'TOTAL' })).toHaveCount(1);
    // {br} and the newline each start a line: the two items are on lines of their own.
    await expect(paper.locator('g.receipt-line', { hasText: 'Cafe con leche' })).not.toContainText('Medialuna');
    await expect(paper.locator('g.receipt-code[data-symbology="qr"]')).toHaveAttribute('data-text', 'https://counter.example/r/1');
    await expect(paper.locator('g.receipt-code[data-symbology="pdf417"]')).toHaveCount(1);
    await expect(paper).toHaveAttribute('data-columns', '32');
    await expect(paper).toHaveAttribute('data-paper-mm', '58');

    await expect(page.getByTestId('receipt-problems')).toContainText('No problems');
    await expect(printButton(page)).toBeEnabled();
    await screenshot(page, 'counter-compose');
  });

  test('the preview, patched keystroke by keystroke, matches a fresh render of the same receipt', async ({ page, counter }) => {
    await openCounter(page, counter.url);
    const full = '='.repeat(32);
    await editor(page).fill(`${EVERY_TAG}\n${full}\nfin`);
    await expect(preview(page)).toContainText('fin');

    /** Every element's position and text, shown vs drawn from scratch by renderSvg. */
    const matchesFreshRender = async (): Promise<void> => {
      const content = await editor(page).inputValue();
      const expected = renderSvg(layout(parse(content).document), { scale: PREVIEW_SCALE, title: 'Receipt preview' });
      const compare = (markup: string) => {
        const describe = (svg: Element | null) =>
          svg === null
            ? []
            : [svg, ...Array.from(svg.querySelectorAll('*'))].map(
                (node) =>
                  `${node.tagName}|${node.getAttribute('y')}|${node.getAttribute('transform')}|${node.getAttribute('height')}|${node.childElementCount === 0 ? node.textContent : ''}`,
              );
        const fresh = describe(new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement);
        const shown = describe(document.querySelector('[data-testid="receipt-preview"] svg'));
        return JSON.stringify(shown) === JSON.stringify(fresh) ? 'same' : JSON.stringify({ shown, fresh });
      };
      await expect.poll(() => page.evaluate(compare, expected)).toBe('same');
    };

    // Typing into a full line re-wraps it and moves every later line; then a new line, deletions, an edit at the top.
    await editor(page).evaluate((element, line) => {
      const textarea = element as HTMLTextAreaElement;
      const end = textarea.value.indexOf(line) + line.length;
      textarea.focus();
      textarea.setSelectionRange(end, end);
    }, full);
    await page.keyboard.type('xyz');
    await matchesFreshRender();
    await page.keyboard.press('Enter');
    await page.keyboard.type('{b}nuevo{/b}');
    await matchesFreshRender();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await matchesFreshRender();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('abc\n');
    await matchesFreshRender();
  });

  test('the toolbar and the shortcuts wrap the selection in tags, and toggle them off', async ({ page, counter }) => {
    await openCounter(page, counter.url);
    await editor(page).fill('TOTAL');
    await editor(page).press('Shift+Home');
    await editor(page).press('Control+b');
    expect(await selection(page)).toEqual({ value: '{b}TOTAL{/b}', selected: 'TOTAL' });
    await editor(page).press('Control+e');
    expect(await selection(page)).toEqual({ value: '{b}{center}TOTAL{/center}{/b}', selected: 'TOTAL' });
    await editor(page).press('Control+e');
    expect((await selection(page)).value).toBe('{b}TOTAL{/b}');
    // Undo goes back through the tag edits like through typing.
    await editor(page).press('Control+z');
    expect((await selection(page)).value).toBe('{b}{center}TOTAL{/center}{/b}');

    await editor(page).fill('https://counter.example');
    await editor(page).press('Control+a');
    await page.getByTestId('tool-qr').click();
    expect((await selection(page)).value).toBe('{qr}https://counter.example{/qr}');
    await expect(page.getByTestId('tool-b')).toHaveAttribute('aria-keyshortcuts', 'Control+B');
    await expect(page.getByTestId('tool-pdf417')).toHaveAttribute('title', /Ctrl\+Shift\+K/);

    await editor(page).press('End');
    await editor(page).press('Shift+Enter');
    expect((await selection(page)).value).toBe('{qr}https://counter.example{/qr}{br}');
    await expect(preview(page).locator('g.receipt-code[data-symbology="qr"]')).toHaveCount(1);
  });

  test('problems show as they are typed, select their text when chosen, and keep Print disabled', async ({ page, counter }) => {
    await openCounter(page, counter.url);
    const broken = `${EVERY_TAG}\n{b}never closed`;
    await editor(page).fill(broken);

    const problems = page.getByTestId('receipt-problems');
    await expect(problems.locator('[data-code="unclosed_tag"]')).toContainText('{b} is never closed');
    await expect(printButton(page)).toBeDisabled();
    await expect(page.getByTestId('print-status')).toHaveText('Fix the errors in the receipt to print.');
    await expect(page.locator('.editor-backdrop .hl-error')).toHaveText('{b}');

    await problems.locator('[data-code="unclosed_tag"]').click();
    expect((await selection(page)).selected).toBe('{b}');
    await screenshot(page, 'counter-problem');

    // Fixing it enables Print again at once.
    await editor(page).press('End');
    await editor(page).pressSequentially('{/b}');
    await expect(printButton(page)).toBeEnabled();

    await editor(page).fill('{b}Hola{/b}');
    await expect(problems.locator('[data-code="too_short"]')).toBeVisible();
    await expect(printButton(page)).toBeDisabled();
    await editor(page).fill(`{qr}x{/qr}${'a'.repeat(4100)}`);
    await expect(problems.locator('[data-code="too_long"]')).toBeVisible();
    await editor(page).fill('a'.repeat(150));
    await expect(problems.locator('[data-code="no_tag"]')).toBeVisible();
    await expect(printButton(page)).toBeDisabled();
  });

  test('the character counter counts what is sent, tags included, against 4096', async ({ page, counter }) => {
    await openCounter(page, counter.url);
    const count = page.getByTestId('char-count');
    await editor(page).fill('{b}Hola{/b}');
    await expect(count).toContainText('11 / 4096');
    await expect(count).toHaveClass(/char-count-short/);
    await editor(page).fill(EVERY_TAG);
    await expect(count).toContainText(`${EVERY_TAG.length} / 4096`);
    await expect(count).toHaveClass(/char-count-ok/);
    await editor(page).fill(`{b}x{/b}${'y'.repeat(4100)}`);
    await expect(count).toContainText('4108 / 4096');
    await expect(count).toHaveClass(/char-count-long/);
  });

  test('placeholders are filled in the preview and sent filled when printed', async ({ page, counter }) => {
    await openCounter(page, counter.url);
    await expect(page.getByTestId('terminal')).not.toHaveValue('');
    const reference = await page.getByTestId('external-reference').inputValue();
    expect(reference).toMatch(/^CTR-\d{8}-\d{6}-[A-Z2-9]{6}$/);
    await editor(page).fill(`${EVERY_TAG}\nRef {{external_reference}}`);
    await expect(preview(page)).toContainText(`Ref ${reference}`);

    await expect(printButton(page)).toBeEnabled();
    await page.getByTestId('print-button').click();
    await expect(page.getByTestId('print-status')).toContainText(reference);
    // The next print gets a reference of its own.
    await expect(page.getByTestId('external-reference')).not.toHaveValue(reference);
    await screenshot(page, 'counter-printed');

    await page.getByTestId('external-reference').fill('not valid!');
    await expect(page.getByTestId('reference-problem')).toHaveText('Only letters, digits, “-” and “_”.');
    await expect(printButton(page)).toBeDisabled();
  });

  test('Ctrl+Enter prints from anywhere on the screen', async ({ page, counter }) => {
    await openCounter(page, counter.url);
    await editor(page).fill(EVERY_TAG);
    // Printing waits for the terminal list; until then Ctrl+Enter, like the button, does nothing.
    await expect(printButton(page)).toBeEnabled();
    const reference = await page.getByTestId('external-reference').inputValue();
    await editor(page).press('Control+Enter');
    await expect(page.getByTestId('print-status')).toContainText(reference);
  });

  test('templates are saved, loaded and deleted; Esc closes their dialog', async ({ page, counter }) => {
    await openCounter(page, counter.url);
    await editor(page).fill(EVERY_TAG);
    await page.getByTestId('open-templates').click();
    const dialog = page.getByTestId('templates-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Save the receipt in the editor as a template').fill('Venta');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await expect(dialog.locator('.template-name')).toHaveText(['Venta']);
    await screenshot(page, 'counter-templates');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await editor(page).fill('');
    await page.getByTestId('open-templates').click();
    await dialog.getByRole('button', { name: 'Load' }).click();
    await expect(dialog).toBeHidden();
    expect((await selection(page)).value).toBe(EVERY_TAG);

    await page.getByTestId('open-templates').click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Really delete?' }).click();
    await expect(dialog.getByText('No templates yet')).toBeVisible();
  });

  test('the chosen mode and the draft survive a reload', async ({ page, counter }) => {
    await openCounter(page, counter.url);
    await editor(page).fill(EVERY_TAG);
    await page.getByTestId('external-reference').fill('KEEP-ME_1');
    await page.getByTestId('mode-image').click();
    await expect(page.getByRole('tab', { name: /Image/ })).toHaveAttribute('aria-selected', 'true');
    // The draft is saved shortly after the last change.
    await page.waitForTimeout(1200);
    await page.reload();
    await expect(page.getByRole('tab', { name: /Image/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('external-reference')).toHaveValue('KEEP-ME_1');
    await page.getByTestId('mode-custom').click();
    await expect(editor(page)).toHaveValue(EVERY_TAG);
  });

  test('the mode tabs work from the keyboard', async ({ page, counter }) => {
    await openCounter(page, counter.url);
    await page.getByTestId('mode-custom').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('mode-image')).toBeFocused();
    await expect(page.getByTestId('mode-image')).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#counter-panel-image')).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByTestId('mode-invoice')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('mode-custom')).toHaveAttribute('aria-selected', 'true');
  });

  test.describe('images', () => {
    let folder: string;
    let photoJpeg: string;
    let photoPng: string;

    test.beforeAll(() => {
      folder = mkdtempSync(join(tmpdir(), 'counter-images-'));
      const [width, height] = [3200, 2400];
      const pixels = photoPixels(width, height);
      photoJpeg = join(folder, 'photo.jpg');
      writeFileSync(photoJpeg, jpeg.encode({ width, height, data: pixels }, 85).data);
      const png = new pngjs.PNG({ width: 1200, height: 900 });
      png.data = photoPixels(1200, 900);
      photoPng = join(folder, 'photo.png');
      writeFileSync(photoPng, pngjs.PNG.sync.write(png));
    });

    test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

    test('a large photo is scaled to 384 dots and dithered in each mode, off the page thread', async ({ page, counter }) => {
      await openCounter(page, counter.url);
      await page.getByTestId('mode-image').click();
      await expect(printButton(page)).toBeDisabled();
      await page.getByTestId('image-file').setInputFiles(photoJpeg);
      const picture = page.getByTestId('image-preview').locator('img');
      await expect(picture).toHaveAttribute('data-width', '384', { timeout: 20_000 });
      await expect(picture).toHaveAttribute('data-height', '288');
      await expect(page.getByTestId('image-drop')).toContainText('3200 × 2400 px · JPEG');
      await expect(printButton(page)).toBeEnabled();

      for (const mode of ['atkinson', 'threshold', 'floyd-steinberg'] as const) {
        await page.getByTestId(`dither-${mode}`).check();
        await expect(picture).toHaveAttribute('data-dither', mode);
        // Exactly the PNG that is sent: 384 dots wide and only black or white.
        const pixels = await picture.evaluate(async (element) => {
          const image = element as HTMLImageElement;
          await image.decode();
          const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
          const context = canvas.getContext('2d');
          if (context === null) throw new Error('no 2d context');
          context.drawImage(image, 0, 0);
          const { data } = context.getImageData(0, 0, image.naturalWidth, image.naturalHeight);
          const levels = new Set<number>();
          let black = 0;
          for (let index = 0; index < data.length; index += 4) {
            levels.add(data[index] ?? -1);
            if (data[index] === 0) black++;
          }
          return { width: image.naturalWidth, levels: [...levels].sort((a, b) => a - b), blackShare: black / (data.length / 4) };
        });
        expect(pixels.width).toBe(384);
        expect(pixels.levels).toEqual([0, 255]);
        expect(pixels.blackShare).toBeGreaterThan(0.05);
        expect(pixels.blackShare).toBeLessThan(0.95);
        await screenshot(page, `counter-image-${mode}`);
      }

      await page.getByLabel('Brightness').fill('60');
      await expect(page.locator('output', { hasText: '+60' })).toBeVisible();
      await expect(page.getByTestId('image-facts')).toContainText('384 × 288 dots');
    });

    test('a PNG prints too, and a file that is not an image is refused with its reason', async ({ page, counter }) => {
      await openCounter(page, counter.url);
      await page.getByTestId('mode-image').click();
      await page.getByTestId('image-file').setInputFiles(photoPng);
      await expect(page.getByTestId('image-preview').locator('img')).toHaveAttribute('data-height', '288', { timeout: 20_000 });
      await page.getByTestId('image-file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a not really a png') });
      await expect(page.getByTestId('image-failure')).toHaveText('This file is not a PNG or JPEG picture. The terminal prints only those.');
      await expect(printButton(page)).toBeDisabled();
    });
  });

  test.describe('invoices', () => {
    const sample = readFileSync('resources/samples/dte-factura-33.xml', 'latin1');

    test('an invalid invoice is refused with its reason before anything is sent', async ({ page, counter }) => {
      await openCounter(page, counter.url);
      await page.getByTestId('mode-invoice').click();
      const check = page.getByTestId('invoice-check');

      await page.getByTestId('invoice-editor').fill('<DTE><Documento></DTE>');
      await expect(check).toHaveAttribute('data-state', 'invalid');
      await expect(check).toContainText('the XML is not well formed');
      await expect(printButton(page)).toBeDisabled();
      await expect(page.getByTestId('print-status')).toHaveText('Fix the invoice’s problems to print.');

      await page.getByTestId('invoice-editor').fill(sample.replace('<Folio>60</Folio>', ''));
      await expect(check).toContainText('DTE/Documento/Encabezado/IdDoc/Folio: Folio is required');
      await screenshot(page, 'counter-invoice-invalid');
    });

    test('a valid DTE file shows its printed form with the PDF417 stamp', async ({ page, counter }) => {
      await openCounter(page, counter.url);
      await page.getByTestId('mode-invoice').click();
      await page.getByTestId('invoice-file').setInputFiles('resources/samples/dte-factura-33.xml');
      await expect(page.getByTestId('invoice-check')).toHaveAttribute('data-state', 'ready');
      await expect(page.getByTestId('invoice-check')).toContainText('FACTURA ELECTRONICA N° 60');
      const paper = page.getByTestId('invoice-preview').locator('svg');
      await expect(paper).toContainText('COMERCIAL TIENDA CENTRO SPA');
      await expect(paper.locator('g.receipt-code[data-symbology="pdf417"]')).toHaveCount(1);
      await expect(printButton(page)).toBeEnabled();
      await screenshot(page, 'counter-invoice');
    });
  });

  test('the screen speaks Spanish', async ({ page, counter }) => {
    await page.goto(counter.url);
    await page.getByTestId('nav-settings').click();
    await page.getByLabel('Language').selectOption('es');
    await page.getByTestId('nav-counter').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Redactar e imprimir');
    await expect(page.getByRole('tab', { name: /Ticket/ })).toBeVisible();
    await editor(page).fill(`${EVERY_TAG}\n{negrita}`);
    await expect(page.getByTestId('receipt-problems')).toContainText('Etiqueta desconocida «{negrita}»');
    await expect(printButton(page)).toHaveText(/Imprimir/);
    await screenshot(page, 'counter-es');
  });
});
