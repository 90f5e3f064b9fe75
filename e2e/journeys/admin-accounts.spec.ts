import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { login, newActivatedUser, snap, unique } from '../support/app';

/**
 * A creator whose account waits for approval cannot publish; root approves it in /admin/accounts and the
 * creator publishes a status post at once. The e2e server approves new accounts by itself (embedded defaults),
 * so the journey first puts the new account back to pending through the same admin screen.
 */

interface Creator {
  email: string;
  password: string;
  accountName: string;
  accountUsername: string;
  organizationName: string;
}

/** A new person on the Creator trial with an organization and an account, made through the API. */
async function creatorWithAccount(baseURL: string): Promise<Creator> {
  const me = await newActivatedUser(baseURL, 'Thiri Aung');
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${baseURL}/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, any>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const { token } = await api('POST', '/login', { email: me.email, password: me.password, device_name: 'e2e setup' });
  const plans = (await api('GET', '/plans')).data as { id: number; slug: string }[];
  await api(
    'POST',
    '/subscribe',
    {
      plan_id: plans.find((p) => p.slug === 'creator')!.id,
      trial: true,
      billing_cycle: 'monthly',
      payment_provider: 'free_trial',
    },
    token,
  );
  const id = unique();
  const organizationName = `Thiri Studio ${id}`;
  const organization = await api(
    'POST',
    '/organizations',
    { name: organizationName, username: `thiri_org_${id}`, description: 'Photo essays from Bago.' },
    token,
  );
  const accountName = `Thiri Daily ${id}`;
  const accountUsername = `thiri_${id}`;
  await api(
    'POST',
    '/accounts',
    {
      name: accountName,
      username: accountUsername,
      description: 'A picture and a line every day.',
      organization_id: organization.data.id,
      terms: true,
    },
    token,
  );
  return { email: me.email, password: me.password, accountName, accountUsername, organizationName };
}

/** Opens the account's admin edit screen from the table, found by its username. */
async function openAccount(page: Page, c: Creator) {
  await page.goto('/admin/accounts');
  const search = page.getByRole('searchbox', { name: 'Search accounts' });
  await search.fill(c.accountUsername);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${c.accountUsername}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: `Edit ${c.accountName}` }).click();
  await expect(page.getByRole('heading', { name: c.accountName })).toBeVisible();
}

async function setApproval(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Approved status' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The account has been updated.' })).toBeVisible();
}

test('root approves a pending creator account and its owner can publish at once', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const creator = await creatorWithAccount(baseURL!);
  const admin = await browser.newPage();
  const owner = await browser.newPage();

  // Root puts the new account back to pending (the e2e server approved it by itself).
  await login(admin, ADMIN.email, ADMIN.password);
  await openAccount(admin, creator);
  await setApproval(admin, 'Pending approval');
  await expect(admin.getByText('Pending approval').first()).toBeVisible();

  // Pending: the creator has no account to publish as, and compose sends them to their accounts.
  await login(owner, creator.email, creator.password);
  await owner.goto('/compose');
  await expect(owner).toHaveURL(/\/profile\/accounts$/);
  await expect(owner.getByText('Pending approval').first()).toBeVisible();

  // The pending filter shows it; the table and the edit screen at both widths.
  await admin.goto('/admin/accounts');
  await admin.locator('label', { hasText: /^Pending$/ }).click();
  await expect(admin).toHaveURL(/status=pending/);
  const row = admin.getByRole('row', { name: new RegExp(creator.accountUsername) });
  await expect(row.getByText('Pending approval')).toBeVisible();
  await snap(admin, 'admin-accounts-pending');
  await admin.setViewportSize({ width: 390, height: 844 });
  await snap(admin, 'admin-accounts-pending');
  await row.getByRole('link', { name: `Edit ${creator.accountName}` }).click();
  await expect(admin.getByRole('heading', { name: 'People' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Thiri Aung' })).toHaveAttribute('href', /\/admin\/users\/\d+\/edit$/);
  await expect(admin.getByRole('link', { name: creator.organizationName })).toHaveAttribute(
    'href',
    /\/admin\/organizations\/\d+\/edit$/,
  );
  await snap(admin, 'admin-account-edit');
  await admin.setViewportSize({ width: 1280, height: 800 });
  await snap(admin, 'admin-account-edit');

  // Root approves it.
  await setApproval(admin, 'Approved');

  // The owner publishes a status post, which readers can see.
  await owner.goto('/compose');
  await owner.locator('.mantine-Chip-label', { hasText: /^Note$/ }).click();
  const text = `Bago at dawn ${unique()}`;
  await owner.getByLabel("What's happening?").fill(text);
  await owner.getByRole('button', { name: 'Publish' }).click();
  await expect(owner).toHaveURL(/\/posts\/.+/);
  await expect(owner.getByText('Your post is published.')).toBeVisible();
  const feed = (await (await fetch(`${baseURL}/api/feed/public?per_page=20`)).json()) as {
    data: { content: string }[];
  };
  expect(feed.data.map((p) => p.content)).toContain(text);

  // The organization's screens, then both tables and the edit screen in Burmese.
  await admin.goto('/admin/organizations');
  await admin.getByRole('searchbox', { name: 'Search organizations' }).fill(creator.organizationName);
  await admin.getByRole('searchbox', { name: 'Search organizations' }).press('Enter');
  const orgRow = admin.getByRole('row', { name: new RegExp(creator.organizationName) });
  await expect(orgRow.getByRole('cell', { name: 'Thiri Aung' })).toBeVisible();
  await snap(admin, 'admin-organizations');
  await orgRow.getByRole('link', { name: `Edit ${creator.organizationName}` }).click();
  await expect(admin.getByRole('link', { name: 'Thiri Aung' })).toBeVisible();
  await expect(admin.getByText(/characters left/)).toBeVisible();
  await snap(admin, 'admin-organization-edit');

  await admin.evaluate(() => localStorage.setItem('inkwell.locale', 'my'));
  for (const width of [1280, 390]) {
    await admin.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await admin.goto('/admin/accounts');
    await expect(admin.getByRole('searchbox', { name: 'အကောင့်များ ရှာရန်' })).toBeVisible();
    await snap(admin, 'admin-accounts-my');
    await openAccountIn(admin, creator, 'အကောင့်များ ရှာရန်', `${creator.accountName} ကို ပြင်ရန်`);
    await expect(admin.getByRole('heading', { name: 'လူများ' })).toBeVisible();
    await snap(admin, 'admin-account-edit-my');
    await admin.goto('/admin/organizations?status=pending');
    await expect(admin.getByRole('searchbox', { name: 'အဖွဲ့အစည်းများ ရှာရန်' })).toBeVisible();
    await snap(admin, 'admin-organizations-pending-my');
  }
  await admin.evaluate(() => localStorage.setItem('inkwell.locale', 'en'));
});

async function openAccountIn(page: Page, c: Creator, searchLabel: string, editLabel: string) {
  const search = page.getByRole('searchbox', { name: searchLabel });
  await search.fill(c.accountUsername);
  await search.press('Enter');
  await page.getByRole('link', { name: editLabel }).click();
  await expect(page.getByRole('heading', { name: c.accountName })).toBeVisible();
}
