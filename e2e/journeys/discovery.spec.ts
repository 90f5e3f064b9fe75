import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/a11y';
import { DEMO_PASSWORD, demo, login, newActivatedUser, newCreator, snap } from '../support/app';

test('a new reader passes onboarding in Thai on a phone, follows three suggested accounts, and lands on a full Feed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const reader = await newActivatedUser(baseURL!, `Onboarding ${Date.now().toString(36)}`);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await login(page, reader.email, reader.password);
  await page.goto('/settings/language');
  await page.getByRole('radio', { name: 'ไทย' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');

  // The Feed of a reader who follows nobody offers to set it up.
  await page.goto('/home?tab=feed');
  await page.getByRole('link', { name: 'ตั้งค่า' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // Languages: the interface's is ticked already.
  await expect(page.getByRole('heading', { name: 'คุณอ่านภาษาอะไรบ้าง' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'ภาษาไทย' })).toBeChecked();
  await expect(page.getByText('ขั้นตอนที่ 1 จาก 3')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, 'onboarding-languages-th');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'ถัดไป' }).click();

  // Topics, then the accounts.
  await expect(page.getByRole('heading', { name: 'คุณชอบอ่านเรื่องอะไร' })).toBeVisible();
  await snap(page, 'onboarding-topics-th');
  await page.getByRole('button', { name: 'ถัดไป' }).click();
  await expect(page.getByRole('heading', { name: 'บัญชีที่คุณอาจชอบ' })).toBeVisible();
  const follow = page.getByRole('button', { name: /^ติดตาม / });
  await expect(follow.first()).toBeVisible({ timeout: 15_000 });
  expect(await follow.count()).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < 3; i++) {
    // Each followed card's button turns to "Following"; the next "Follow" is the first again.
    const button = follow.first();
    const name = (await button.getAttribute('aria-label'))!.replace(/^ติดตาม /, '');
    await button.click();
    await expect(page.getByRole('button', { name: `กำลังติดตาม ${name}` })).toBeVisible();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, 'onboarding-accounts-th');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'เสร็จสิ้น' }).click();

  // The Feed, with the followed accounts' posts; onboarding is not offered again.
  await expect(page).toHaveURL(/\/home\?tab=feed$/);
  // The Feed draws its posts as they come: counted once they have (a count at the first one saw two of three).
  await expect.poll(() => page.getByRole('article').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('link', { name: 'ตั้งค่า' })).toHaveCount(0);
  await snap(page, 'feed-after-onboarding-th');
  await context.close();
});

test('a creator makes a starter pack; a guest opens its link, signs in from Follow all, and follows them all', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const creator = await newCreator(baseURL!, `Packer ${stamp}`);
  const maker = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await maker.newPage();
  await login(page, creator.email, creator.password);
  await page.goto('/packs/new');
  await page.getByLabel('Name').fill(`Yangon reads ${stamp}`);
  await page.getByLabel('Description').fill('Stories and sketches from the city');
  const accounts = page.getByRole('combobox', { name: 'Accounts' });
  for (const name of [creator.account.name, 'Maya Sketches']) {
    await accounts.fill(name);
    await page
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click();
  }
  await snap(page, 'pack-form');
  await page.getByRole('button', { name: 'Create pack' }).click();
  await expect(page).toHaveURL(/\/packs\/\d+$/);
  const link = page.url();
  await expect(page.getByRole('heading', { level: 1, name: `Yangon reads ${stamp}` })).toBeVisible();
  await maker.close();

  // A guest with the link: the pack and its accounts; Follow all asks them to sign in, then brings them back.
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: `Yangon reads ${stamp}` })).toBeVisible();
  await expect(guest.getByText('Stories and sketches from the city')).toBeVisible();
  await expect(guest.getByText('2 accounts')).toBeVisible();
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(guest, 'pack-guest');
  expect(await seriousViolations(guest)).toEqual([]);
  await guest.getByRole('button', { name: 'Follow all' }).click();
  await expect(guest).toHaveURL(/\/login/);
  await guest.getByLabel('Email').fill(demo.somchai);
  await guest.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await guest.getByLabel('Password', { exact: true }).press('Enter');
  await expect(guest).toHaveURL(link);
  await guest.getByRole('button', { name: 'Follow all' }).click();
  await expect(guest.getByRole('alert').filter({ hasText: /You now follow|You already follow/ })).toBeVisible();
  await expect(guest.getByRole('button', { name: `Following ${creator.account.name}` })).toBeVisible();
  await guestContext.close();
});
