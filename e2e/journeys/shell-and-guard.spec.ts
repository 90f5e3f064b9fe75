import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { DEMO_PASSWORD, demo, login, snap } from '../support/app';

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the bottom bar shows and the side bar hides', async ({ page }) => {
    await login(page, demo.somchai, DEMO_PASSWORD);
    const bottom = page.locator('.mantine-AppShell-footer');
    await expect(bottom).toBeVisible();
    await expect(page.locator('.mantine-AppShell-navbar')).toBeHidden();
    for (const name of ['Home', 'Profile']) await expect(bottom.getByRole('link', { name })).toBeVisible();
    const box = await page.locator('.mantine-AppShell-footer').boundingBox();
    expect(box!.y + box!.height).toBeCloseTo(844, 0);
    await snap(page, 'home-mobile');
    await page.locator('.mantine-AppShell-footer').getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible();
    await snap(page, 'profile-mobile');
  });
});

test('at 1280 px the side bar shows and the bottom bar hides', async ({ page }) => {
  await login(page, demo.somchai, DEMO_PASSWORD);
  await expect(page.locator('.mantine-AppShell-navbar')).toBeVisible();
  await expect(page.locator('.mantine-AppShell-footer')).toBeHidden();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  // A plain reader has no Admin Panel and is refused the admin area.
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await snap(page, 'home-desktop');
});

test('the header search finds people by a part of their name', async ({ page }) => {
  await login(page, demo.aye, DEMO_PASSWORD);
  await page.getByRole('searchbox', { name: 'Search' }).fill('Wongsa');
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Wongsa/);
  await expect(page.getByText('Somchai Wongsa')).toBeVisible();
  await expect(page.getByText('@somchai')).toBeVisible();
});

test('the printed admin signs in, lands on the admin dashboard, and goes back to the app', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Welcome, Inkwell Admin')).toBeVisible();
  await page.getByRole('link', { name: 'App Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Admin Panel' }).first()).toBeVisible();
});

test('unknown addresses show the 404 page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: '404 Error Not Found' })).toBeVisible();
});
