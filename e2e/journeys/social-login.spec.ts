import { expect, test, type BrowserContext } from '@playwright/test';
import { ADMIN, OAUTH_BASE } from '../playwright.config';
import { seriousViolations, smallTargets } from '../support/a11y';
import { login, newActivatedUser, snap, unique } from '../support/app';

/** Who the loopback provider signs in next (support/oauth-provider.mjs reads this cookie on its own origin). */
async function providerSignsIn(
  context: BrowserContext,
  who: { id: string; name: string; login?: string; email?: string; verified?: boolean },
): Promise<void> {
  const value = Buffer.from(JSON.stringify(who)).toString('base64url');
  await context.addCookies([{ name: 'e2e_oauth_identity', value, url: OAUTH_BASE }]);
}

test('a visitor signs up with GitHub from the welcome screen and lands on home, signed in', async ({
  page,
  context,
}) => {
  const id = unique();
  await providerSignsIn(context, {
    id: String(Date.now()),
    name: 'Octo Journey',
    login: `octo_${id}`,
    email: `octo.${id}@example.test`,
    verified: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const social = page.getByRole('group', { name: 'Sign in with a social account' });
  for (const name of ['Google', 'GitHub', 'Facebook', 'X'])
    await expect(social.getByRole('button', { name: `Continue with ${name}` })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await snap(page, 'social-welcome');

  await social.getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Octo Journey' })).toBeVisible();
  await expect(page.getByText(`@octo_${id}`)).toBeVisible();
});

test('an administrator signs in with the password, not a provider, and connects GitHub from the profile', async ({
  page,
  context,
}) => {
  // Google vouches for the administrator's address: still no way in for it (a provider's mistake must not
  // become an admin takeover).
  await providerSignsIn(context, { id: `admin-${unique()}`, name: 'Root Admin', email: ADMIN.email, verified: true });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Administrators sign in with their e-mail and password, not with Google.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin/);
  await snap(page, 'social-admin-refused');

  await login(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/profile/connect');
  // GitHub's ids are numbers.
  await providerSignsIn(context, { id: String(Date.now()), name: 'Admin on GitHub', login: `admin_${unique()}` });
  await page.getByRole('button', { name: 'Connect GitHub' }).click();
  await expect(page).toHaveURL(/\/profile\/connect$/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'GitHub', exact: true }) });
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(card.getByText('Admin on GitHub')).toBeVisible();
});

test('a reader connects X on the connect screen and sees its card', async ({ page, context, baseURL }) => {
  const reader = await newActivatedUser(baseURL!, 'Connecting Reader');
  await login(page, reader.email, reader.password);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Connect socials' }).click();
  await expect(page).toHaveURL(/\/profile\/connect$/);
  await expect(page).toHaveTitle('Connect socials · Inkwell');

  const xId = `77${Date.now()}`;
  await providerSignsIn(context, { id: xId, name: 'Reader on X', login: `reader_x_${unique()}` });
  await page.getByRole('button', { name: 'Connect X' }).click();
  await expect(page).toHaveURL(/\/profile\/connect$/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'X', exact: true }) });
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(card.getByText(xId)).toBeVisible();
  await expect(card.getByText('Reader on X')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Disconnect X' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  await snap(page, 'social-connect');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await smallTargets(page)).toEqual([]);
  await snap(page, 'social-connect');

  // The reader has a password, so X may go.
  await card.getByRole('button', { name: 'Disconnect X' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByRole('button', { name: 'Connect X' })).toBeVisible();
});
