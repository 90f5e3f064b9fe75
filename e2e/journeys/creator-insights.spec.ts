import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/a11y';
import { DEMO_PASSWORD, demo, login, snap } from '../support/app';

/** Maya's demo account: readers of the demo data set follow it and like its posts, so both charts have data. */
const ACCOUNT = { name: 'Maya Sketches', username: 'maya.sketches' };

const ENGLISH = {
  myAccounts: 'My accounts',
  viewAnalytics: 'View Analytics',
  title: 'Insights',
  likes: 'Daily likes',
  followers: 'Daily followers',
  month: 'Month',
  vs: / vs /,
};
const BURMESE = {
  myAccounts: 'ကျွန်ုပ်၏ အကောင့်များ',
  viewAnalytics: 'စာရင်းအင်း ကြည့်မည်',
  title: 'စာရင်းအင်း',
  likes: 'နေ့စဉ် လိုက်ခ်များ',
  followers: 'နေ့စဉ် ဖောလိုဝါများ',
  month: 'လ',
  vs: /နှိုင်းယှဉ်လျှင်/,
};

/** My Accounts → the account → View Analytics (the dialog's first entry) → both charts drawn. */
async function openInsights(page: Page, words: typeof ENGLISH, shot: string) {
  await page.goto('/profile/accounts');
  await expect(page.getByRole('heading', { name: words.myAccounts })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(ACCOUNT.name) }).click();
  const dialog = page.getByRole('dialog', { name: ACCOUNT.name });
  await expect(dialog.locator('.mantine-NavLink-root').first()).toHaveText(words.viewAnalytics);
  await expect(dialog).toHaveCSS('opacity', '1');
  await snap(page, `${shot}-actions`);
  await dialog.getByRole('button', { name: words.viewAnalytics }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/accounts/${ACCOUNT.username.replace('.', '\\.')}/insights$`));
  await expect(page.getByRole('heading', { name: words.title, exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: words.month, exact: true })).toBeVisible();

  const likes = page.getByRole('region', { name: words.likes });
  const followers = page.getByRole('region', { name: words.followers });
  // The demo's likes and follows are counted by jobs as the server starts: wait for them if need be.
  await expect(async () => {
    await page.reload();
    await expect(likes.locator('.recharts-line-curve')).toBeVisible({ timeout: 2_000 });
    await expect(followers.locator('.recharts-line-curve')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(likes.getByTestId('total')).not.toHaveText(/^[0၀]$/);
  await expect(followers.getByTestId('total')).not.toHaveText(/^[0၀]$/);
  await expect(likes.getByTestId('change')).toContainText(words.vs);
  await expect(followers.getByTestId('change')).toContainText(words.vs);
  // The y-axis starts at 0.
  for (const region of [likes, followers]) {
    await expect(
      region
        .locator('.recharts-surface')
        .getByText(/^[0၀]$/)
        .first(),
    ).toBeVisible();
  }

  // Nothing is cut off: each chart fits its card, and the page does not scroll sideways.
  for (const region of [likes, followers]) {
    const card = (await region.boundingBox())!;
    const chart = (await region.locator('.recharts-surface').boundingBox())!;
    expect(chart.x).toBeGreaterThanOrEqual(card.x);
    expect(chart.x + chart.width).toBeLessThanOrEqual(card.x + card.width + 0.5);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, shot);
}

for (const width of [1280, 390]) {
  test(`a creator reads a month of likes and followers in charts, at ${width} px, in English and Burmese`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await login(page, demo.maya, DEMO_PASSWORD);
    await openInsights(page, ENGLISH, 'insights-en');

    // The time zone the days are counted in is the account's own, chosen on its edit screen.
    await expect(page.getByText('days in Asia/Yangon time')).toBeVisible();
    await page.goto(`/profile/accounts/${ACCOUNT.username}/edit`);
    await expect(page.getByRole('combobox', { name: 'Time zone for insights' })).toHaveValue('Asia/Yangon');
    await snap(page, 'insights-time-zone');

    await page.goto('/settings/language');
    await page.getByRole('radio', { name: 'မြန်မာ' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');
    await openInsights(page, BURMESE, 'insights-my');
    await expect(page).toHaveTitle('စာရင်းအင်း · Inkwell');
  });
}
