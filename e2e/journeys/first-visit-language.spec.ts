import { expect, test } from '@playwright/test';
import { newActivatedUser } from '../support/app';

test.describe('a phone set to Burmese', () => {
  test.use({ locale: 'my-MM' });

  test('opens in Burmese on the first visit, keeps a choice made in the switcher, also after sign-in', async ({
    page,
    baseURL,
  }) => {
    const me = await newActivatedUser(baseURL!, 'Ko Min');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');
    await expect(page.getByRole('heading', { name: 'Inkwell မှ ကြိုဆိုပါသည်' })).toBeVisible();

    // The switcher is one tap away, and its choice wins over the browser's language from then on.
    await page.getByRole('button', { name: 'ဘာသာစကား ရွေးပါ' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Inkwell' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome to Inkwell' })).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('tab', { name: 'Feed' })).toBeVisible();
  });
});

test.describe('a phone set to Thai', () => {
  test.use({ locale: 'th-TH' });

  test('opens in Thai, skeleton included', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('button', { name: 'เข้าสู่ระบบ' })).toBeVisible();
  });
});
