import { expect, test } from '@playwright/test';
import { login, newActivatedUser, snap, unique } from '../support/app';

test('a reader registers, activates from the mail, edits the profile, changes the password, sees devices and logs out', async ({
  page,
}) => {
  const id = unique();
  const email = `reader.${id}@example.test`;
  const password = 'my-first-passphrase';

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Inkwell' })).toBeVisible();
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveTitle('Register · Inkwell');

  // The server checks everything; its errors show under each field.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Thiri Aung');
  await page.getByLabel('Username').fill(`thiri_${id}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password');
  await page.getByLabel('Confirm password').fill('password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText('open the link we sent to activate your account')).toBeVisible();
  await snap(page, 'register-success');

  // Not active yet: sign-in is refused with a clear message.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const notActive = page.getByRole('alert').filter({ hasText: 'Your account is not active yet' });
  await expect(notActive).toBeVisible();
  await notActive.getByRole('button', { name: 'Send the activation mail again' }).click();
  await expect(notActive.getByText('we have sent a new link')).toBeVisible();

  // Open the activation mail in the development mailbox.
  await page.goto('/dev/mailbox');
  await page.getByLabel('Filter by recipient').fill(email);
  // Newest first: the mail sent again (it replaced the first link).
  const mail = page.getByRole('article', { name: 'Activate your Inkwell account' }).first();
  await expect(mail).toBeVisible({ timeout: 20_000 });
  await snap(page, 'mailbox');
  await mail.getByRole('link', { name: 'Open the link' }).click();
  await expect(page.getByRole('heading', { name: 'You’re all set' })).toBeVisible();
  // Said once, under the heading (it used to be the heading too).
  await expect(page.getByText(/account is active/i)).toHaveCount(1);
  await expect(page.getByText('Your account is active. You can sign in now.')).toBeVisible();
  // Opened a second time: already active, not expired.
  await page.reload();
  await expect(page.getByText('Your account is already active. You can sign in.')).toBeVisible();
  // Onward to onboarding: a guest signs in first and lands there, and may skip it.
  await page.getByRole('link', { name: 'Continue' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/home(\?tab=feed)?$/);
  await expect(page.getByRole('tab', { name: 'Feed' })).toBeVisible();

  // Edit profile.
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly');
  await page.getByLabel('Name', { exact: true }).fill('Thiri Aung Myint');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Thiri Aung Myint' })).toBeVisible();

  // Change the password: the current one is required.
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill('my-second-passphrase');
  await page.getByLabel('Confirm password').fill('my-second-passphrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.').first()).toBeVisible();
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // Devices: this browser is listed as the current device.
  await page.getByRole('link', { name: 'Devices' }).click();
  const devices = page.getByRole('list', { name: 'Devices' });
  await expect(devices.getByText('Inkwell Web')).toBeVisible();
  await expect(devices.getByText('This device')).toBeVisible();
  await expect(devices.getByText(/Last active (just now|\d+m ago)/)).toBeVisible();
  // An unused device signs out after 30 days (the absolute one-year expiry is further away).
  await expect(devices.getByText(/^Signs out after \w+ \d+, \d{4} if unused$/)).toBeVisible();
  await snap(page, 'devices');

  // Log out, then the new password works.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('my-second-passphrase');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('registering with an address that has an account looks the same; its owner is told by mail', async ({
  page,
  baseURL,
}) => {
  const owner = await newActivatedUser(baseURL!, 'Su Su Hlaing');
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill('Someone Else');
  await page.getByLabel('Username').fill(`someone_${unique()}`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill('another-passphrase-2');
  await page.getByLabel('Confirm password').fill('another-passphrase-2');
  await page.getByRole('button', { name: 'Register' }).click();
  // The same screen as for a new address: the page never says that the address has an account.
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText('open the link we sent to activate your account')).toBeVisible();
  await expect(page.getByText(`We sent an e-mail to ${owner.email}.`, { exact: false })).toBeVisible();

  // The mailbox's owner hears of it, with a way to sign in and a way to choose a new password.
  await page.goto('/dev/mailbox');
  await page.getByLabel('Filter by recipient').fill(owner.email);
  const notice = page.getByRole('article', { name: 'Someone tried to sign up with your e-mail address' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await snap(page, 'register-attempt-mail');
  await expect(notice.getByRole('link', { name: 'Open the link' })).toHaveCount(2);
  await notice.getByRole('link', { name: 'Open the link' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  // Nothing changed: the owner's own password still signs in.
  await login(page, owner.email, owner.password);
});

test('a forgotten password is reset through the mailed link', async ({ page, baseURL }) => {
  // A person of its own: a demo account's new password would lock out every later journey that signs in as it.
  const { email } = await newActivatedUser(baseURL!, 'Forgetful Reader');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('we have sent a link to reset the password')).toBeVisible();

  await page.goto('/dev/mailbox');
  await page.getByLabel('Filter by recipient').fill(email);
  const mail = page.getByRole('article', { name: 'Reset your Inkwell password' });
  await expect(mail).toBeVisible({ timeout: 20_000 });
  await mail.getByRole('link', { name: 'Open the link' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('New password').fill('forgetful-new-passphrase');
  await page.getByLabel('Confirm password').fill('forgetful-new-passphrase');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('forgetful-new-passphrase');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
