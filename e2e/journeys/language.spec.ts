import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demo, login, snap } from '../support/app';

test('switching to Burmese and Thai re-renders the interface in that language', async ({ page }) => {
  await login(page, demo.aye, DEMO_PASSWORD);
  await page.goto('/settings/language');
  await expect(page.getByRole('radio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('radio', { name: 'မြန်မာ' }).click();
  await expect(page.getByRole('radio', { name: 'မြန်မာ' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await expect(page.getByRole('heading', { name: 'ဘာသာစကား' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ပင်မ' }).first()).toBeVisible();
  await expect(page).toHaveTitle('ဘာသာစကား · Inkwell');
  await snap(page, 'language-my');

  await page.getByRole('link', { name: 'ပင်မ' }).first().click();
  await expect(page.getByRole('tab', { name: 'ဖိဒ်' })).toBeVisible();
  await snap(page, 'home-my');

  // The choice survives a reload: it is stored on this device.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'ဖိဒ်' })).toBeVisible();

  await page.goto('/settings/language');
  await page.getByRole('radio', { name: 'ไทย' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { name: 'ภาษา' })).toBeVisible();
  await page.getByRole('link', { name: 'หน้าหลัก' }).first().click();
  await expect(page.getByRole('tab', { name: 'ฟีด' })).toBeVisible();
  await snap(page, 'home-th');

  // Server messages follow the language too.
  await page.goto('/profile/password');
  await page.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
  await expect(page.getByText('จำเป็นต้องกรอกช่องนี้').first()).toBeVisible();

  await page.goto('/settings/language');
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Language' })).toBeVisible();
});

test('a visitor picks the language on the welcome screen', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Choose language' }).click();
  await page.getByRole('menuitem', { name: 'ไทย' }).click();
  await expect(page.getByRole('heading', { name: 'ยินดีต้อนรับสู่ Inkwell' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'เข้าสู่ระบบ' })).toBeVisible();
  await snap(page, 'welcome-th');
  await page.getByRole('button', { name: 'เลือกภาษา' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Inkwell' })).toBeVisible();
});
