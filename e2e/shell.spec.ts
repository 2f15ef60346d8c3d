import { expect, screenshot, test } from './fixtures';

const SCREENS = [
  { name: 'counter', title: 'Compose and print' },
  { name: 'queue', title: 'Print queue' },
  { name: 'manager', title: 'Store manager' },
  { name: 'checkout', title: 'Checkout' },
  { name: 'settings', title: 'Settings' },
  { name: 'day', title: 'The day' },
] as const;

test('a fresh install opens on the counter, connected to the embedded sandbox', async ({ page, counter }) => {
  await page.goto(counter.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compose and print');
  await expect(page.getByTestId('status-environment')).toHaveText('Platform: Sandbox');
  await expect(page.getByTestId('status-connection')).toHaveText('Connection: Online');
  // The address is in full behind "Details", not cut to fit the status bar's one line.
  await page.getByTestId('status-details').getByText('Details').click();
  await expect(page.getByText(counter.sandboxBaseUrl)).toBeVisible();
  // The token is taken off the address bar once read.
  expect(page.url()).not.toContain(counter.token);
});

test('the cashier can reach every screen from the navigation', async ({ page, counter }) => {
  await page.goto(counter.url);
  for (const screen of SCREENS) {
    await page.getByTestId(`nav-${screen.name}`).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.title);
    await expect(page.getByTestId(`nav-${screen.name}`)).toHaveAttribute('aria-current', 'page');
    await screenshot(page, `shell-${screen.name}`);
  }
});

test('switching the language to Spanish relabels the app and survives a reload', async ({ page, counter }) => {
  await page.goto(counter.url);
  await page.getByTestId('nav-settings').click();
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ajustes');
  await expect(page.getByTestId('nav-counter')).toHaveText(/Caja/);
  await screenshot(page, 'shell-settings-es');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ajustes');
});

test('a page opened without the per-run token cannot talk to Counter', async ({ page, counter }) => {
  await page.goto(counter.origin);
  await expect(page.getByRole('alert')).toContainText('Counter is not connected');
});

test('the page runs under a strict Content Security Policy', async ({ page, counter }) => {
  await page.goto(counter.url);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  const inlineRan = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inline = true';
    document.body.append(script);
    return (window as unknown as { __inline?: boolean }).__inline === true;
  });
  expect(inlineRan).toBe(false);
});
