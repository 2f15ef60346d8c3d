import type { FaultRule } from '../src/sandbox/control/faults';
import { expect, invoke, screenshot, startCounterHost, test } from './fixtures';

/**
 * The backlog after an outage, through the browser host: prints that waited longer than the host's short
 * stale time (2 s here, 10 minutes by default) hold their terminal, the cashier is asked about that
 * terminal by its store name, and "only the last 1" prints the newest and sets the older ones aside, none
 * of them twice. Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

async function faults(baseUrl: string, rule?: FaultRule): Promise<void> {
  const response = await fetch(`${baseUrl}/__sandbox/faults`, {
    method: rule === undefined ? 'DELETE' : 'POST',
    ...(rule === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) }),
  });
  expect(response.ok).toBe(true);
}

async function printed(baseUrl: string): Promise<string[]> {
  const answer = (await (await fetch(`${baseUrl}/__sandbox/terminals/${TERMINAL}/printed`)).json()) as { items: { external_reference: string }[] };
  return answer.items.map((item) => item.external_reference);
}

for (const language of ['en', 'es'] as const) {
  test(`${language}: prints that waited out an outage are asked about per terminal, and only the last one prints`, async ({ page }) => {
    test.setTimeout(90_000);
    const { host, stop } = await startCounterHost({ extraArgs: ['--backlog-stale-seconds', '2'] });
    try {
      await invoke(host, 'settings.update', { language, terminalNames: { [TERMINAL]: 'Front till' } });
      // The platform away: every create answers 503 until the faults are cleared.
      await faults(host.sandboxBaseUrl, { method: 'POST', pathPattern: '/terminals/v1/actions', status: 503, count: 10_000 });
      const references: string[] = [];
      for (const label of ['FIRST', 'SECOND', 'THIRD']) {
        const content = `{center}{b}${label}{/b}{/center}\n{left}Cafe con leche            $2.500{/left}\n${'-'.repeat(60)}`;
        references.push((await invoke(host, 'prints.enqueue', { terminalId: TERMINAL, subtype: 'custom', content })).externalReference);
      }
      await page.setViewportSize(SIZES[0]);
      await page.goto(host.url);
      // Back: the three prints are older than the stale time by now, so nothing goes before the answer.
      await page.waitForTimeout(2_500);
      await faults(host.sandboxBaseUrl);

      const dialog = page.getByTestId('backlog-dialog');
      await expect(dialog).toBeVisible({ timeout: 20_000 });
      const entry = dialog.locator(`[data-testid="backlog-terminal"][data-terminal="${TERMINAL}"]`);
      await expect(entry).toContainText('Front till (CAJA01)');
      await expect(entry).toContainText(language === 'en' ? '3 waiting' : '3 esperando');
      expect(await printed(host.sandboxBaseUrl)).toEqual([]);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await screenshot(page, `backlog-${language}-${size.width}`);
      }

      await entry.getByTestId('backlog-keep').fill('1');
      await entry.getByRole('button', { name: language === 'en' ? 'Print only these' : 'Imprimir solo esas' }).click();
      await expect.poll(() => printed(host.sandboxBaseUrl), { timeout: 30_000 }).toEqual([references[2]]);
      // The two set aside are cancelled here, and stay so.
      for (const reference of references.slice(0, 2)) {
        const { items } = await invoke(host, 'prints.list', { filters: { search: reference }, page: { index: 0, size: 5 } });
        expect(items.map((item) => item.status)).toEqual(['canceled']);
      }
      await expect(dialog).toBeHidden();
    } finally {
      await stop();
    }
  });
}
