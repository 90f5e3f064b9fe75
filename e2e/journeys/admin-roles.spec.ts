import { expect, test, type Page } from '@playwright/test';
import { ADMIN, BASE_URL } from '../playwright.config';
import { login, newActivatedUser, snap, unique } from '../support/app';

test.describe.configure({ mode: 'serial' });

/** One API call from the test itself (the role change is set up through the API, as an operator would). */
async function api<T = any>(path: string, options: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method: options.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
}

async function apiToken(email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>('/login', {
    method: 'POST',
    body: { email, password, device_name: 'e2e admin-roles' },
  });
  expect(res.status).toBe(200);
  return res.body.token;
}

/** The page never scrolls sideways: wide tables scroll inside their own container. */
async function expectNoSidewaysScroll(page: Page) {
  const [content, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(content).toBeLessThanOrEqual(viewport);
}

const permission = `reports.export_${unique()}`;
const renamed = `${permission}_v2`;

test('root creates, assigns, renames and deletes a permission; a role of two permissions sees two sections; the audit lists it all', async ({
  page,
  browser,
}) => {
  await login(page, ADMIN.email, ADMIN.password);

  // A permission, created from the permissions screen.
  await page.goto('/admin/permissions');
  await page.getByRole('textbox', { name: 'Permission name' }).fill(permission);
  await page.getByRole('button', { name: 'Add permission' }).click();
  await expect(page.getByText('a new permission has been added.')).toBeVisible();

  // A role, created from the roles screen, which warns that roles cannot be renamed or removed.
  await page.goto('/admin/roles');
  await expect(page.getByText('Renaming and removing roles are currently disabled.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Role name' }).fill('editor');
  await page.getByRole('button', { name: 'Add role' }).click();
  await expect(page.getByText('New role has been added.')).toBeVisible();
  const editorRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Permissions of editor' }) });
  await expect(editorRow).toContainText('0');
  await snap(page, 'admin-roles');

  // Its permissions: users.view, posts.view and the new one.
  await page.getByRole('link', { name: 'Permissions of editor' }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/\d+\/permissions$/);
  await expect(page.getByRole('heading', { name: 'Permissions of editor' })).toBeVisible();
  for (const name of ['users.view', 'posts.view', permission]) await page.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Permissions have been saved!')).toBeVisible();
  await snap(page, 'admin-role-permissions');

  // Root's own permissions are shown read-only.
  await page.goto('/admin/roles');
  await page.getByRole('link', { name: 'Permissions of root' }).click();
  await expect(page.getByText('Root always holds every permission')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'audit.view' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  // The permission, found by search: held by root and editor; renamed inline, then deleted through the dialog.
  await page.goto('/admin/permissions');
  const search = page.getByRole('searchbox', { name: 'Search permissions' });
  await search.fill(permission);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: permission });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('2');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'audit.view' })
      .getByRole('button', { name: /Edit|Delete/ }),
  ).toHaveCount(0);

  await row.getByRole('button', { name: `Edit ${permission}` }).click();
  const input = page.getByRole('textbox', { name: `New name for ${permission}` });
  await input.fill('changed.my.mind');
  await input.press('Escape');
  await expect(page.getByRole('row').filter({ hasText: permission })).toContainText(permission);
  await page.getByRole('button', { name: `Edit ${permission}` }).click();
  await page.getByRole('textbox', { name: `New name for ${permission}` }).fill(renamed);
  await page.getByRole('textbox', { name: `New name for ${permission}` }).press('Enter');
  await expect(page.getByText('The permission has been renamed.')).toBeVisible();

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm deletion' });
  await expect(dialog.getByText(`Are you sure you want to delete ${renamed} permission?`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await snap(page, 'admin-permission-delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`The ${renamed} permission has been deleted.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);

  // A person gets the editor role through the API (root's token).
  const person = await newActivatedUser(BASE_URL, 'Editor Person');
  const rootToken = await apiToken(ADMIN.email, ADMIN.password);
  const roles = await api<{ data: { id: number; name: string; permissions_count: number }[] }>('/roles', {
    token: rootToken,
  });
  const editor = roles.body.data.find((r) => r.name === 'editor')!;
  // The deleted permission went with its links: users.view and posts.view remain.
  expect(editor.permissions_count).toBe(2);
  const personToken = await apiToken(person.email, person.password);
  const me = await api<{ data: { id: number } }>('/user', { token: personToken });
  const changed = await api(`/users/${me.body.data.id}/role`, {
    method: 'PUT',
    token: rootToken,
    body: { role_id: editor.id },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);

  // That person's admin sidebar holds Users and Posts only, and other screens are refused.
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  const other = await context.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(person.email);
  await other.getByLabel('Password', { exact: true }).fill(person.password);
  await other.getByLabel('Password', { exact: true }).press('Enter');
  await expect(other).toHaveURL(/\/admin\/users$/);
  const nav = other.getByRole('navigation', { name: 'Administration' });
  await expect(nav.getByRole('link')).toHaveText(['Users', 'Posts', 'App Home']);
  await snap(other, 'admin-editor-sidebar');
  await other.goto('/admin/roles');
  await expect(other).toHaveURL(/\/accessDenied$/);
  await context.close();

  // The audit log lists every change, newest first, and filters by subject.
  await page.goto('/admin/audit');
  const table = page.getByRole('table', { name: 'Audit log' });
  for (const action of [
    'roles.create',
    'roles.permissions',
    'permissions.create',
    'permissions.update',
    'permissions.delete',
  ])
    await expect(table.getByText(action, { exact: true }).first()).toBeVisible();
  await expect(table.getByText(`name: ${permission} → ${renamed}`)).toBeVisible();
  await expect(table.getByText(`permissions: — → posts.view, ${permission}, users.view`)).toBeVisible();
  await snap(page, 'admin-audit');
  await page.getByRole('combobox', { name: 'Subject' }).click();
  await page.getByRole('option', { name: 'Permissions' }).click();
  await expect(table.getByText('roles.create', { exact: true })).toHaveCount(0);
  await expect(table.getByText('permissions.delete', { exact: true }).first()).toBeVisible();
});

test('the four screens at 1280 and 390 px, in English and Burmese', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  const rootToken = await apiToken(ADMIN.email, ADMIN.password);
  const roles = await api<{ data: { id: number; name: string }[] }>('/roles', { token: rootToken });
  const editor = roles.body.data.find((r) => r.name === 'editor')!;

  for (const locale of ['en', 'my'] as const) {
    await page.evaluate((value) => localStorage.setItem('inkwell.locale', value), locale);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto('/admin/roles');
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      if (locale === 'my')
        await expect(page.getByText('အခန်းကဏ္ဍများကို အမည်ပြောင်းခြင်းနှင့် ဖယ်ရှားခြင်းကို လောလောဆယ် ပိတ်ထားပါသည်။')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await snap(page, `admin-roles-${locale}`);

      await page.goto(`/admin/roles/${editor.id}/permissions`);
      await expect(page.getByRole('checkbox', { name: 'users.view' })).toBeChecked();
      await expectNoSidewaysScroll(page);
      await snap(page, `admin-role-permissions-${locale}`);

      await page.goto('/admin/permissions');
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await snap(page, `admin-permissions-${locale}`);

      await page.goto('/admin/audit');
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await snap(page, `admin-audit-${locale}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('inkwell.locale', 'en'));
});

test('a trimmed administrator with roles.manage sees the built-in roles and their own read-only, with the reason', async ({
  page,
  browser,
}) => {
  // Root makes a role holding roles.manage and users.view only, and gives it to a new person.
  const rootToken = await apiToken(ADMIN.email, ADMIN.password);
  const keeperName = `keeper_${unique()}`;
  const keeper = await api<{ data: { id: number } }>('/roles', {
    method: 'POST',
    token: rootToken,
    body: { name: keeperName },
  });
  expect(keeper.status).toBe(201);
  const all = await api<{ data: { id: number; name: string }[] }>('/permissions?q=all', { token: rootToken });
  const idOf = (name: string) => all.body.data.find((p) => p.name === name)!.id;
  const granted = await api(`/roles/${keeper.body.data.id}/permissions`, {
    method: 'POST',
    token: rootToken,
    body: { permissions: [idOf('roles.manage'), idOf('users.view')] },
  });
  expect(granted.status).toBe(200);
  const person = await newActivatedUser(BASE_URL, 'Role Keeper');
  const personToken = await apiToken(person.email, person.password);
  const me = await api<{ data: { id: number } }>('/user', { token: personToken });
  const changed = await api(`/users/${me.body.data.id}/role`, {
    method: 'PUT',
    token: rootToken,
    body: { role_id: keeper.body.data.id },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);

  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  const other = await context.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(person.email);
  await other.getByLabel('Password', { exact: true }).fill(person.password);
  await other.getByLabel('Password', { exact: true }).press('Enter');
  await expect(other).toHaveURL(/\/admin/);

  // The admin role: root's alone. What it holds shows, nothing can be changed and nothing saved.
  await other.goto('/admin/roles');
  await other.getByRole('link', { name: 'Permissions of admin' }).click();
  await expect(
    other.getByText('Only root can change the permissions of the built-in user and admin roles'),
  ).toBeVisible();
  const auditView = other.getByRole('checkbox', { name: 'audit.view' });
  await expect(auditView).toBeChecked();
  await expect(auditView).toBeDisabled();
  await expect(other.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await snap(other, 'admin-role-system-locked');

  // The user role, likewise; and their own role.
  await other.goto('/admin/roles');
  await other.getByRole('link', { name: 'Permissions of user' }).click();
  await expect(
    other.getByText('Only root can change the permissions of the built-in user and admin roles'),
  ).toBeVisible();
  await expect(other.getByRole('checkbox', { name: 'users.view' })).not.toBeChecked();
  await expect(other.getByRole('checkbox', { name: 'users.view' })).toBeDisabled();
  await expect(other.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await other.goto('/admin/roles');
  await other.getByRole('link', { name: `Permissions of ${keeperName}` }).click();
  await expect(other.getByText('This is your own role, so you cannot change its permissions.')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await context.close();

  // A save sent anyway is refused, and the refusal is on record for root.
  const roles = await api<{ data: { id: number; name: string }[] }>('/roles', { token: rootToken });
  const adminRole = roles.body.data.find((r) => r.name === 'admin')!;
  const refused = await api<{ code: string }>(`/roles/${adminRole.id}/permissions`, {
    method: 'POST',
    token: personToken,
    body: { permissions: [idOf('roles.manage')] },
  });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('roles.system_root_only');
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/audit');
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByText('roles.permissions_refused', { exact: true }).first()).toBeVisible();
  await expect(table.getByText('reason: — → roles.system_root_only').first()).toBeVisible();
});
