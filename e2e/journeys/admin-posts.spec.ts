import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { login, snap, unique } from '../support/app';

/** Somchai's account (Chiang Mai Kitchen) takes the imported statuses; no other journey counts its posts. */
const SOMCHAI = { name: 'Somchai Wongsa', search: 'Somchai', account: 'cm.eats' };

/** A small import file in a temporary folder: three statuses (English, Burmese, Thai) carrying `marker`. */
function importFile(marker: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-import-'));
  const file = path.join(dir, 'statuses.json');
  fs.writeFileSync(
    file,
    JSON.stringify([
      { content: `${marker} Khao soi at the night market, still the best in town.` },
      { content: `${marker} မင်္ဂလာပါ၊ ချင်းမိုင်က ခေါက်ဆွဲ အရသာ ရှိပါတယ်။`, created_at: '2024-05-02T09:00:00+06:30' },
      { content: `${marker} ข้าวซอยร้านนี้อร่อยที่สุดในเชียงใหม่`, created_at: '2024-05-01' },
    ]),
  );
  return file;
}

async function publicFeedShows(page: Page, text: string) {
  await page.goto('/home?tab=public');
  await expect(page.getByRole('tab', { name: 'Public' })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('article').filter({ hasText: text });
}

test('root imports statuses for a creator, sees them in the table, rejects one out of the public feed and restores it', async ({
  page,
}) => {
  const marker = `imp${unique()}`;
  const file = importFile(marker);
  const newest = `${marker} Khao soi at the night market`;

  await login(page, ADMIN.email, ADMIN.password);
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Import Posts', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/posts\/import$/);

  // Nothing to import yet: the button waits for a user, an account and a file.
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Type of posts' })).toHaveValue('Notes (short text)');
  const user = page.getByLabel('User', { exact: true });
  await user.fill(SOMCHAI.search);
  await user.press('Enter');
  await page.getByRole('radio', { name: new RegExp(SOMCHAI.name) }).click();
  // Their only account is chosen for them.
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(new RegExp(`@${SOMCHAI.account}`));
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(page.getByText('Imported 3 posts')).toBeVisible();
  await snap(page, 'admin-import-posts-en');

  // The posts table has them, newest first, with the account and the type.
  await page.getByRole('link', { name: 'See them in the posts table' }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  const search = page.getByLabel('Search posts');
  await search.fill(marker);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/posts\\?q=${marker}$`));
  const rows = page.getByRole('row').filter({ hasText: marker });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(`@${SOMCHAI.account}`);
  await expect(rows.first().getByRole('img', { name: 'Note' })).toBeVisible();
  await snap(page, 'admin-posts-en');

  // In the public feed before the rejection…
  await expect(await publicFeedShows(page, newest)).toBeVisible();

  // …rejected with a reason from its detail page…
  await page.goto(`/admin/posts?q=${marker}`);
  await rows
    .first()
    .getByRole('link', { name: /^Open post \d+$/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/posts\/[^/]+$/);
  const slug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(page.getByLabel('Slug')).toHaveValue(slug);
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('Note');
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject this post' });
  await dialog.getByLabel('Reason').fill('Duplicate of an earlier post');
  await dialog.getByRole('button', { name: 'Reject post' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Duplicate of an earlier post')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  await snap(page, 'admin-post-rejected-en');

  // …gone from the public feed; the post page shows the reason to those who may still see it.
  const feed = await publicFeedShows(page, newest);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(feed).toHaveCount(0);
  await page.goto(`/posts/${encodeURIComponent(slug)}`);
  await expect(page.getByText('Rejected: Duplicate of an earlier post')).toBeVisible();

  // Restored: published again, back in the public feed.
  await page.goto(`/admin/posts/${encodeURIComponent(slug)}`);
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
  await expect(await publicFeedShows(page, newest)).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`the post screens in Burmese at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/settings/language');
    await page.getByRole('radio', { name: 'မြန်မာ' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

    await page.goto('/admin/posts');
    await expect(page.getByLabel('ပို့စ်များ ရှာရန်')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'အကြောင်းအရာ' })).toBeVisible();
    await fits();
    await snap(page, 'admin-posts-my');

    await page
      .getByRole('link', { name: /^ပို့စ် \d+ ကို ဖွင့်ရန်$/ })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'ပယ်ချရန်' })).toBeVisible();
    await fits();
    await snap(page, 'admin-post-detail-my');
    await page.getByRole('button', { name: 'ပယ်ချရန်' }).click();
    await expect(page.getByRole('dialog', { name: 'ဤပို့စ်ကို ပယ်ချရန်' })).toBeVisible();
    await snap(page, 'admin-post-reject-my');
    await page.getByRole('button', { name: 'မလုပ်တော့ပါ' }).click();

    await page.goto('/admin/posts/import');
    const user = page.getByLabel('အသုံးပြုသူ', { exact: true });
    await user.fill('Aye');
    await user.press('Enter');
    await expect(page.getByRole('radio', { name: /Aye Chan Moe/ })).toBeVisible();
    await fits();
    await snap(page, 'admin-import-posts-my');

    if (width === 390) {
      await page.goto('/settings/language');
      await page.getByRole('radio', { name: 'English' }).click();
      await page.goto('/admin/posts');
      await expect(page.getByRole('columnheader', { name: 'Content' })).toBeVisible();
      await snap(page, 'admin-posts-en');
      await page.goto('/admin/posts/import');
      await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
      await fits();
      await snap(page, 'admin-import-posts-en');
    }
  });
}
