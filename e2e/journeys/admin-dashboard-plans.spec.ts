import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { login, snap, unique } from '../support/app';

const TILES = ['users', 'accounts', 'subscriptions', 'posts', 'photos', 'likes', 'comments'];

/** The seven tiles each show a number (digits of the language) and both charts have drawn their lines. */
async function expectDashboard(page: Page, digits: RegExp) {
  for (const name of TILES) await expect(page.getByTestId(`total-${name}`)).toHaveText(digits);
  for (const chart of ['chart-daily', 'chart-monthly']) {
    // A chart's code loads as it nears the screen (LazyLineChart.tsx): below the tiles on a phone, a scroll away.
    await page.getByTestId(chart).scrollIntoViewIfNeeded();
    await expect(page.getByTestId(chart).locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByTestId(chart).locator('.recharts-line-curve').first()).toBeAttached();
  }
  // Let the lines finish drawing before a screenshot.
  await page.waitForTimeout(1600);
}

async function dashboardInBothLanguages(page: Page) {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  for (const name of ['Users', 'Accounts', 'Subscriptions', 'Posts', 'Photos', 'Likes', 'Comments'])
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily Posts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Monthly Posts' })).toBeVisible();
  await expectDashboard(page, /^[\d,]+$/);
  await snap(page, 'admin-dashboard');

  await page.evaluate(() => localStorage.setItem('inkwell.locale', 'my'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'အသုံးပြုသူများ' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'နေ့စဉ် ပို့စ်များ' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'လစဉ် ပို့စ်များ' })).toBeVisible();
  await expectDashboard(page, /^[၀-၉,]+$/);
  await snap(page, 'admin-dashboard-my');
  await page.evaluate(() => localStorage.setItem('inkwell.locale', 'en'));
}

test('root lands on the dashboard: seven counts and two charts, in English and Burmese (1280 px)', async ({ page }) => {
  await dashboardInBothLanguages(page);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the dashboard fits a phone in English and Burmese', async ({ page }) => {
    await dashboardInBothLanguages(page);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('an administrator adds a plan with features JSON, edits its price, sees it listed, then deletes it', async ({
  page,
}) => {
  const slug = `e2e-${unique()}`;
  const name = `Newsroom ${slug.slice(-4)}`;
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/plans');
  await expect(page.getByRole('row', { name: /Creator/ })).toBeVisible();
  await page.getByRole('link', { name: 'Add plan' }).click();
  await expect(page).toHaveURL(/\/admin\/plans\/add$/);

  await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(slug);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('For small newsrooms.');
  await page.getByRole('textbox', { name: 'Monthly price (MMK)' }).fill('7500');
  await page.getByRole('textbox', { name: 'Yearly price (MMK)' }).fill('75000');
  await page.getByRole('textbox', { name: 'Free trial (days)' }).fill('7');
  const features = page.getByRole('textbox', { name: 'Features (JSON)', exact: true });
  // First try: not JSON. The form says so and sends nothing.
  await features.fill('[{"icon": "star", "sub_feature_head": "Team"');
  await page.getByRole('button', { name: 'Add plan' }).click();
  await expect(page.getByText('Features must be JSON. Check the brackets, quotation marks and commas.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/plans\/add$/);

  await features.fill(
    JSON.stringify([
      {
        icon: 'users',
        sub_feature_head: 'Teamwork',
        items: [
          { text: 'Five editors per account', icon: 'check' },
          { text: 'Shared drafts', icon: 'check' },
        ],
      },
    ]),
  );
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('article', { name })).toBeVisible();
  await expect(preview.getByText('Shared drafts')).toBeVisible();
  await snap(page, 'admin-plan-add');
  await page.getByRole('button', { name: 'Add plan' }).click();

  await expect(page).toHaveURL(/\/admin\/plans$/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('7,500');
  await row.getByRole('link', { name: `Edit the plan ${name}` }).click();
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(slug);
  await page.getByRole('textbox', { name: 'Monthly price (MMK)' }).fill('8000');
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('8,000');
  await snap(page, 'admin-plans');

  // Nobody is on it: it can be deleted (so other journeys see only the seeded plans).
  await page.getByRole('link', { name: `Edit the plan ${name}` }).click();
  await page.getByRole('button', { name: 'Delete plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm deletion' });
  await expect(dialog.getByText(`Are you sure you want to delete the ${name} plan?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expect(page.getByRole('row', { name: /Creator/ })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('a plan with subscribers cannot be deleted, and the subscriptions table lists who is on which plan', async ({
  page,
}) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/subscriptions');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active' }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(table.getByRole('row').nth(1)).toContainText('Active');
  await snap(page, 'admin-subscriptions');

  await page.goto('/admin/plans');
  await page.getByRole('link', { name: 'Edit the plan Creator' }).click();
  await page.getByRole('button', { name: 'Delete plan' }).click();
  await page.getByRole('dialog', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be deleted. Hide it instead.' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/plans\/\d+\/edit$/);
});
