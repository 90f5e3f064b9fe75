import { expect, test } from '@playwright/test';
import { api, login, newActivatedUser, newCreator, snap, uploadImage } from '../support/app';
import { image } from '../support/media';

/*
 * A reader on a metered phone link turns Data saver on: the feed fetches only the smallest copy of each image,
 * and images below the first screen are not fetched at all until tapped.
 */
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });

test('data saver on a phone: smallest copies only, and nothing below the first screen until tapped', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const creator = await newCreator(baseURL!, 'Delta Photographer');
  for (const [i, name] of ['Delta', 'Ferry', 'Market', 'Monsoon', 'Pagoda'].entries()) {
    await api(
      baseURL!,
      'POST',
      '/posts',
      {
        account_id: creator.account.id,
        type: 'photo',
        title: name,
        content: `Photo ${i + 1} of the series`,
        url: await uploadImage(baseURL!, creator.token, 'covers', image(`saver-${i}.png`, '2400x1600')),
      },
      creator.token,
    );
  }
  const reader = await newActivatedUser(baseURL!, 'Metered Reader');
  const { token } = await api<{ token: string }>(baseURL!, 'POST', '/login', { ...reader, device_name: 'e2e' });
  await api(baseURL!, 'POST', `/accounts/${creator.account.id}/follow`, {}, token);
  await login(page, reader.email, reader.password);

  // The setting says what it saves, and is off on a fast link until chosen.
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Data saver' });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText(/Saves about \d+\s?% of video data/)).toBeVisible();
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();
  await snap(page, 'data-saver-setting');

  const photos: string[] = [];
  page.on('request', (r) => {
    if (/\/images\/covers\//.test(r.url())) photos.push(r.url());
  });
  await page.goto('/home');
  const held = page.getByTestId('tap-to-load');
  const shown = page.locator('article img:not(.mantine-Avatar-image)');
  await expect(shown.first()).toBeVisible();
  await expect(held.first()).toBeAttached();
  // All five are counted once they have come (the feed gets its copies just after the posts are written).
  await expect.poll(async () => (await shown.count()) + (await held.count())).toBe(5);
  const heldCount = await held.count();
  expect(heldCount).toBeGreaterThanOrEqual(2);
  // Held images have no <img> at all, so nothing can be fetched for them.
  await expect(held.locator('img')).toHaveCount(0);
  const shownCount = await shown.count();
  expect(shownCount + heldCount).toBe(5);
  // Only what is on the first screen was fetched, each in its smallest copy.
  await page.waitForLoadState('networkidle');
  expect(new Set(photos).size).toBe(shownCount);
  for (const url of photos) expect(url).toMatch(/-480w\.webp$/);
  await snap(page, 'data-saver-feed');

  // Scrolling down does not fetch them either; a tap does, one image.
  await held.first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  expect(new Set(photos).size).toBe(shownCount);
  const before = photos.length;
  await held.first().getByRole('button', { name: 'Tap to load image' }).click();
  await expect.poll(() => photos.length).toBe(before + 1);
  expect(photos.at(-1)).toMatch(/-480w\.webp$/);
  await expect(shown).toHaveCount(shownCount + 1);
  await expect(held).toHaveCount(heldCount - 1);
  await snap(page, 'data-saver-tapped');

  // In Burmese, the setting's words fit the phone.
  await page.evaluate(() => localStorage.setItem('inkwell.locale', 'my'));
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  const row = page.getByRole('switch').first();
  await expect(row).toBeChecked();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'data-saver-setting-my');
});
