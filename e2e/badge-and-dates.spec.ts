import { expect, screenshot, test } from './fixtures';
import { setLanguage } from './sell-page';

/**
 * Words and controls that followed the browser instead of the app, seen on Spanish screens: the demo
 * people's role written in English ("Olivia (owner)"), the staff badge's unstyled buttons, and date
 * fields in the computer's order ("mm/dd/yyyy") whatever language the app speaks.
 */
for (const width of [1366, 1024] as const) {
  test(`Spanish at ${width}: the people's roles in Spanish, the badge's compact buttons inside it, dates as Spanish writes them`, async ({ page, counter }) => {
    await page.setViewportSize({ width, height: 768 });
    await page.goto(counter.url);
    await setLanguage(page, 'es');
    await page.getByTestId('nav-counter').click();

    const badge = page.getByTestId('staff-badge');
    await expect(page.getByTestId('staff-name')).toHaveText('Olivia');
    await expect(badge).toContainText('Dueño');
    await expect(page.locator('body')).not.toContainText(/\((owner|manager|cashier)\)/);
    const box = await badge.boundingBox();
    for (const id of ['staff-switch', 'staff-lock']) {
      const button = page.getByTestId(id);
      await expect(button).toHaveClass(/\bbutton\b/);
      const style = await button.evaluate((element) => ({
        radius: parseFloat(getComputedStyle(element).borderTopLeftRadius),
        height: element.getBoundingClientRect().height,
      }));
      expect(style.radius, `${id} has the app's rounded corners`).toBeGreaterThan(0);
      expect(style.height, `${id} is compact, not the 36 px button`).toBeLessThan(36 * 1.5);
      const own = await button.boundingBox();
      expect(own!.x + own!.width, `${id} stays inside the badge`).toBeLessThanOrEqual(box!.x + box!.width);
    }
    await screenshot(page, `staff-badge-es-${width}`);

    await page.getByTestId('staff-lock').click();
    await expect(page.getByTestId('lock-demo')).toContainText('Olivia (Dueño), código 1234');
    await expect(page.getByTestId('lock-screen')).not.toContainText(/\((owner|manager|cashier)\)/);
    await page.keyboard.press('1');
    await page.keyboard.type('1234');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lock-screen')).toHaveCount(0);

    await page.getByTestId('nav-manager').click();
    const from = page.getByTestId('audit-from');
    await expect(from).toHaveAttribute('placeholder', /^dd\/mm\/aaaa hh:mm$/);
    await from.fill('31/12/2026 23:59');
    await from.blur();
    await expect(from).toHaveValue('31/12/2026 23:59');
    await expect(from).not.toHaveAttribute('aria-invalid', 'true');
    // Month first is not a Spanish date: the field says so.
    await from.fill('12/31/2026 23:59');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await from.fill('');
    await screenshot(page, `audit-dates-es-${width}`);
  });
}
