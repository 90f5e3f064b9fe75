import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { DEMO_PASSWORD, login, newActivatedUser, snap } from '../support/app';

/** Demo people no other journey signs in as: one gets a role and back, the other is suspended and reinstated. */
const KYAW = { name: 'Kyaw Zin Htet', email: 'kyawzin@demo.inkwell.local' };
const NOK = { name: 'Nok Srisuk', email: 'nok_srisuk@demo.inkwell.local' };

/** Signs in through the API, as another device would: the token the suspension must stop. */
async function apiToken(baseURL: string, email: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, device_name: 'E2E phone' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function me(baseURL: string, token: string) {
  const res = await fetch(`${baseURL}/api/user`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as { code?: string; data?: { permissions: string[] } } };
}

/** Runs a search in the users table the way a person does: type, then Enter. */
async function search(page: Page, label: string, words: string) {
  const box = page.getByLabel(label);
  await box.fill(words);
  await box.press('Enter');
}

async function openEdit(page: Page, name: string) {
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

test('root searches the users, changes a role and back, and suspends a reader whose next request is refused', async ({
  page,
  baseURL,
}) => {
  const kyawToken = await apiToken(baseURL!, KYAW.email);
  const nokToken = await apiToken(baseURL!, NOK.email);

  await login(page, ADMIN.email, ADMIN.password);
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Users', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('columnheader', { name: 'Role' })).toBeVisible();

  // The search is kept in the address, so a reload (or a shared link) shows the same page.
  await search(page, 'Search users', 'Kyaw');
  await expect(page).toHaveURL(/\/admin\/users\?q=Kyaw$/);
  const row = page.getByRole('row', { name: new RegExp(KYAW.name) });
  await expect(row).toContainText(KYAW.email);
  await expect(row).toContainText('@kyawzin');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByLabel('Search users')).toHaveValue('Kyaw');
  await snap(page, 'admin-users-en');

  // Role to admin: the person's very next request carries the admin permissions.
  await openEdit(page, KYAW.name);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'admin', exact: true }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('The role has been changed.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('admin');
  expect((await me(baseURL!, kyawToken)).body.data!.permissions).toContain('users.view');
  await snap(page, 'admin-user-edit-en');

  // And back to a reader.
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'user', exact: true }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('user');
  await expect.poll(async () => (await me(baseURL!, kyawToken)).body.data!.permissions).toEqual([]);

  // Suspend a reader: confirmed first, then their token is refused on its next request.
  await page.getByRole('link', { name: 'Back to users' }).click();
  await search(page, 'Search users', 'Nok');
  await openEdit(page, NOK.name);
  expect((await me(baseURL!, nokToken)).status).toBe(200);
  await page.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend ${NOK.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('The account has been suspended.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reinstate' })).toBeVisible();
  const refused = await me(baseURL!, nokToken);
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('auth.suspended');
  await snap(page, 'admin-user-suspended-en');

  // The list shows the suspension too.
  await page.getByRole('link', { name: 'Back to users' }).click();
  await search(page, 'Search users', 'Nok');
  await expect(page.getByRole('row', { name: new RegExp(NOK.name) })).toContainText('Suspended');

  // Reinstate, so the demo person can sign in again.
  await openEdit(page, NOK.name);
  await page.getByRole('button', { name: 'Reinstate' }).click();
  await page
    .getByRole('dialog', { name: `Reinstate ${NOK.name}?` })
    .getByRole('button', { name: 'Reinstate' })
    .click();
  await expect(page.getByText('The account has been reinstated.')).toBeVisible();
  expect((await me(baseURL!, nokToken)).status).toBe(200);
});

for (const width of [1280, 390]) {
  test(`the users screens in Burmese at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/settings/language');
    await page.getByRole('radio', { name: 'မြန်မာ' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');

    await page.goto('/admin/users?q=Aye');
    await expect(page.getByLabel('အသုံးပြုသူများကို ရှာရန်')).toHaveValue('Aye');
    await expect(page.getByRole('row', { name: /Aye Chan Moe/ })).toBeVisible();
    await snap(page, 'admin-users-my');

    await page.getByRole('link', { name: 'Aye Chan Moe ကို ပြင်ဆင်ရန်' }).click();
    await expect(page.getByRole('heading', { name: 'Aye Chan Moe' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ဆိုင်းငံ့ရန်' })).toBeVisible();
    // Nothing of the form runs off the screen at 390 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'admin-user-edit-my');

    if (width === 390) {
      await page.goto('/settings/language');
      await page.getByRole('radio', { name: 'English' }).click();
      await page.goto('/admin/users?q=Aye');
      await expect(page.getByRole('row', { name: /Aye Chan Moe/ })).toBeVisible();
      await snap(page, 'admin-users-en');
      await page.getByRole('link', { name: 'Edit Aye Chan Moe' }).click();
      await expect(page.getByRole('button', { name: 'Suspend' })).toBeVisible();
      await snap(page, 'admin-user-edit-en');
    }
  });
}

test.describe('on a phone, in Burmese', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('an administrator finds a person in the users list, opens them by tapping the row, and renames them', async ({
    page,
    baseURL,
  }) => {
    const person = await newActivatedUser(baseURL!, 'Phone Edit');
    await page.addInitScript(() => localStorage.setItem('inkwell.locale', 'my'));
    await page.goto('/login');
    await page.locator('input[type=email]').fill(ADMIN.email);
    await page.locator('input[type=password]').fill(ADMIN.password);
    await page.locator('input[type=password]').press('Enter');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/users?q=${encodeURIComponent(person.email)}`);

    // Each row is a card: the e-mail whole, the role and the Edit link on screen, nothing scrolled sideways.
    const card = page.getByRole('row', { name: /Phone Edit/ });
    await expect(card).toContainText(person.email);
    const edit = card.getByRole('link', { name: /Phone Edit/ });
    for (const part of [card.getByText(person.email), edit]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'admin-users-phone-my');

    // Tapping the row's text (not its link) opens the person.
    await card.getByText(person.email).tap();
    await expect(page).toHaveURL(/\/admin\/users\/\d+\/edit$/);
    const name = page.getByRole('textbox', { name: 'အမည်', exact: true });
    await expect(name).toHaveValue('Phone Edit');
    await name.fill('Phone Edited');
    await page.getByRole('button', { name: 'အပ်ဒိတ်လုပ်ရန်' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
    await page.goto(`/admin/users?q=${encodeURIComponent(person.email)}`);
    await expect(page.getByRole('row', { name: /Phone Edited/ })).toContainText(person.email);
  });
});
