import { expect, test } from '@playwright/test';
import { login, newActivatedUser, snap } from '../support/app';

test('a new reader starts a trial, creates an organization and a creator account', async ({ page, baseURL }) => {
  // Ten screens and an edit: past a minute on a shared two-core machine (it timed out on its last check).
  test.setTimeout(120_000);
  const me = await newActivatedUser(baseURL!, 'Hnin Wai');
  await login(page, me.email, me.password);

  // Without a plan: the call to action.
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByRole('heading', { name: 'Become a creator' })).toBeVisible();
  await page.getByRole('link', { name: 'View plans' }).click();
  await expect(page.getByRole('heading', { name: 'My current plan' })).toBeVisible();
  const creator = page.getByRole('article', { name: 'Creator' });
  await expect(creator.getByText('14-day free trial')).toBeVisible();
  await page.locator('label', { hasText: 'Yearly' }).click();
  await expect(creator.getByText(/per month, .*50,000.* billed yearly/)).toBeVisible();
  await page.locator('label', { hasText: 'Monthly' }).click();
  await snap(page, 'plans');

  await creator.getByRole('button', { name: 'Start free trial' }).click();
  // The terms and the end date come first; nothing starts on one tap.
  const trial = page.getByRole('dialog', { name: 'Start a free trial of Creator?' });
  await expect(trial.getByText('Free for 14 days')).toBeVisible();
  await expect(trial.getByText(/^Ends on \w+ \d+, \d{4}$/)).toBeVisible();
  await expect(trial.getByText('A free trial is offered once per person')).toBeVisible();
  await trial.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(/Free trial until/)).toBeVisible();
  // No organization yet: the thank-you page says it comes next and offers it.
  await expect(page.getByRole('heading', { name: 'Next: your organization' })).toBeVisible();
  await page.getByRole('link', { name: 'Create your organization' }).click();
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Hnin Wai Studio');
  // The username is checked when the field loses focus.
  await page.getByRole('textbox', { name: 'Username' }).focus();
  await page.getByRole('textbox', { name: 'Description' }).focus();
  await expect(page.getByText('Username can not be empty.')).toBeVisible();
  const orgUsername = `hninwai_${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: 'Username' }).fill(orgUsername);
  await page.getByRole('textbox', { name: 'Description' }).focus();
  await expect(page.getByText(`${orgUsername} is available.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Description' }).fill('Short films and photo essays from Mandalay.');
  await expect(create).toBeEnabled();
  await snap(page, 'create-organization');
  await create.click();

  await expect(page.getByText('The organization has been created.')).toBeVisible();
  // Straight on to the account, in the new organization.
  await expect(page).toHaveURL(/\/create\/account\?organization=\d+$/);
  // The address changes before the next screen's code has come: its heading says the form is the account's.
  await expect(page.getByRole('heading', { name: 'Creator account info' })).toBeVisible();

  const accountUsername = `hninwai_daily_${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Hnin Wai Daily');
  await page.getByRole('textbox', { name: 'Username' }).fill(accountUsername);
  await page.getByRole('textbox', { name: 'Description' }).fill('A photo a day from Mandalay.');
  await expect(page.getByText(`${accountUsername} is available.`)).toBeVisible();
  await page.getByRole('button', { name: 'Read the terms' }).click();
  const terms = page.getByRole('dialog', { name: 'Creator terms' });
  await expect(terms.getByRole('listitem')).toHaveCount(5);
  await expect(terms.getByText('No nudity or explicit content.')).toBeVisible();
  await terms.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByLabel('I accept the creator terms').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(page.getByText(`/a/${accountUsername}`)).toBeVisible();
  await expect(page.getByText(`/o/${orgUsername}`)).toBeVisible();
  await snap(page, 'create-review');
  await page.getByRole('button', { name: 'Create an account' }).click();

  await expect(page).toHaveURL(/\/profile\/accounts$/);
  const list = page.getByRole('list', { name: 'My accounts' });
  await expect(list.getByText('Hnin Wai Daily')).toBeVisible();
  await list.getByText('Hnin Wai Daily').click();
  const actions = page.getByRole('dialog', { name: 'Hnin Wai Daily' });
  await expect(actions.getByRole('button', { name: 'Share public account URL' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Edit account' })).toBeVisible();
  await snap(page, 'my-accounts');
  await actions.getByRole('button', { name: 'Edit account' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Hnin Wai Every Day');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('The account has been updated.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'My accounts' }).getByText('Hnin Wai Every Day')).toBeVisible();

  // One free trial per person, ever: with Creator's taken, Studio can be bought but not tried.
  await page.goto('/profile/plan');
  const studio = page.getByRole('article', { name: 'Studio' });
  await expect(studio.getByRole('button', { name: 'Upgrade' })).toBeVisible();
  await expect(studio.getByRole('button', { name: 'Start free trial' })).toHaveCount(0);
  await expect(studio.getByText('7-day free trial')).toHaveCount(0);
});

test('a reader pays through the sandbox checkout and lands on the purchased page', async ({ page, baseURL }) => {
  const me = await newActivatedUser(baseURL!, 'Ko Zaw');
  await login(page, me.email, me.password);
  await page.goto('/profile/plan');
  await page.getByRole('article', { name: 'Studio' }).getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay with' });
  await expect(dialog.getByRole('radio', { name: /KBZPay/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /WavePay/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm subscription' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Plan Studio/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Payment provider WavePay/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Amount .*15,000/ })).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await page.getByRole('button', { name: 'Read the subscription terms' }).click();
  await page
    .getByRole('dialog', { name: 'Subscription terms' })
    .getByRole('button', { name: 'Close', exact: true })
    .click();
  await page.getByLabel('I agree to the subscription terms').check();
  await snap(page, 'confirm');
  await confirm.click();

  await expect(page.getByRole('heading', { name: 'Pay with WavePay' })).toBeVisible();
  await expect(page.getByText('Test mode')).toBeVisible();
  await snap(page, 'sandbox-checkout');
  const started = Date.now();
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page.getByRole('heading', { name: 'Awaiting payment confirmation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  await expect(page.getByLabel('Active subscription')).toContainText('Studio');
  await snap(page, 'purchased');
  await page.goto('/profile/plan');
  await expect(page.getByRole('article', { name: 'Studio' }).getByText('Current plan')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Studio' }).getByRole('button')).toHaveCount(0);
  // The other plans say what buying them does to the one running; no trial over a paid plan.
  const creator = page.getByRole('article', { name: 'Creator' });
  await expect(creator.getByRole('button', { name: 'Switch to this plan' })).toBeVisible();
  await expect(creator.getByText('Your Studio plan stops when this one starts')).toBeVisible();
  await expect(creator.getByRole('button', { name: 'Start free trial' })).toHaveCount(0);
});

test('declining in the checkout shows the failure and leaves no subscription', async ({ page, baseURL }) => {
  const me = await newActivatedUser(baseURL!, 'Ma Thida');
  await login(page, me.email, me.password);
  await page.goto('/profile/plan');
  await page.getByRole('article', { name: 'Creator' }).getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('dialog', { name: 'Pay with' }).getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('I agree to the subscription terms').check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'The payment did not go through' })).toBeVisible();
  await snap(page, 'payment-failed');
  await page.getByRole('link', { name: 'Back to plans' }).click();
  await expect(page.getByText('You are on the free plan.')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Become a creator' })).toBeVisible();
});

test('the plan screen speaks Burmese and Thai', async ({ page, baseURL }) => {
  const me = await newActivatedUser(baseURL!, 'Malee');
  await page.addInitScript(() => {
    if (!localStorage.getItem('inkwell.locale')) localStorage.setItem('inkwell.locale', 'th');
  });
  await page.goto('/login');
  await page.getByLabel('อีเมล').fill(me.email);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile/plan');
  await expect(page.getByRole('article', { name: 'ครีเอเตอร์' }).getByText('ทดลองใช้ฟรี 14 วัน')).toBeVisible();
  await snap(page, 'plans-th');
  await page.evaluate(() => localStorage.setItem('inkwell.locale', 'my'));
  await page.reload();
  await expect(page.getByRole('article', { name: 'ဖန်တီးသူ' }).getByRole('button', { name: 'အခမဲ့ စမ်းသုံးမည်' })).toBeVisible();
  await snap(page, 'plans-my');
});
