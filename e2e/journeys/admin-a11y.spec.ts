import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { ADMIN_SCREENS, seriousViolations as serious } from '../support/a11y';
import { api, login, newActivatedUser } from '../support/app';

/** A report to open (the demo data has none): a new reader reports a demo person. */
async function openReport(baseURL: string): Promise<number> {
  const reader = await newActivatedUser(baseURL, 'Careful Reader');
  const { token } = await api<{ token: string }>(baseURL, 'POST', '/login', { ...reader, device_name: 'e2e' });
  const people = await api<{ data: { id: number }[] }>(baseURL, 'GET', '/users?q=maya', undefined, token);
  const receipt = await api<{ data: { id: number } }>(
    baseURL,
    'POST',
    '/reports',
    { target_type: 'user', target_id: people.data[0]!.id, reason: 'spam', comment: 'Sends the same link to everyone' },
    token,
  );
  return receipt.data.id;
}

/** Every admin screen, wide and narrow: axe finds nothing serious or critical, and nothing scrolls sideways. */
for (const width of [1280, 390]) {
  test(`admin screens at ${width} px pass axe with nothing serious or critical`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const report = await openReport(baseURL!);
    await page.setViewportSize({ width, height: 900 });
    await login(page, ADMIN.email, ADMIN.password);
    const found: string[] = [];
    for (const path of [...ADMIN_SCREENS, `/admin/reports/${report}`]) {
      await page.goto(path);
      await expect(page.getByTestId('admin-title')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The screen as it settles, not caught while a list still loads.
      await expect(page.locator('.mantine-Loader')).toHaveCount(0);
      found.push(...(await serious(page)).map((v) => `${path}: ${v}`));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(1);
    }
    expect(found).toEqual([]);
  });
}
