import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { login, newActivatedUser, newCreator, snap } from '../support/app';
import { image } from '../support/media';

/*
 * Readers pay creators: a creator sets two tiers and a members-only photo post; a reader finds it locked, joins
 * through the sandbox wallet, reads it and tips; the creator sees the member, the tip and the earnings, and asks
 * for a payout, which an administrator pays. The server runs with no earnings hold (playwright.config.ts).
 */

async function signedInPage(browser: Browser, email: string, password: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 844 } });
  const page = await context.newPage();
  await login(page, email, password);
  return page;
}

async function addTier(page: Page, tier: { name: string; monthly: string; yearly?: string; benefits: string }) {
  await page.getByRole('button', { name: 'Add a tier' }).click();
  const form = page.getByRole('dialog', { name: 'New tier' });
  await form.getByLabel('Name').fill(tier.name);
  await form.getByLabel('Benefits').fill(tier.benefits);
  await form.getByLabel('Price for a month').fill(tier.monthly);
  if (tier.yearly) await form.getByLabel('Price for a year').fill(tier.yearly);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${tier.name} is saved.`)).toBeVisible();
}

/** The sandbox stands in for the wallet: approve, then back to where the payment started. */
async function approveInSandbox(page: Page) {
  await expect(page.getByText('Test mode')).toBeVisible();
  await page.getByRole('button', { name: /Approve/ }).click();
}

test('a reader joins a tier to read a members-only photo, tips, and the creator is paid out', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const creator = await newCreator(baseURL!, 'Thiri');
  const account = creator.account;
  const studio = await signedInPage(browser, creator.email, creator.password);

  // Two tiers through the editor.
  await studio.goto(`/accounts/${account.id}/tiers`);
  await addTier(studio, { name: 'Friend', monthly: '3000', benefits: 'Early posts' });
  await addTier(studio, {
    name: 'Patron',
    monthly: '15000',
    yearly: '150000',
    benefits: 'Members-only photo essays\nA monthly letter',
  });
  await expect(studio.getByText('2 of 5 tiers')).toBeVisible();
  await snap(studio, 'tier-editor');

  // A members-only photo: Patron and above.
  await studio.goto('/compose');
  await studio.locator('.mantine-Chip-label', { hasText: /^Photo$/ }).click();
  await studio.getByRole('textbox', { name: 'Title' }).fill('Harbour at dawn');
  await studio.getByLabel('Text').fill('The boats come in before the market opens.');
  const chooser = studio.waitForEvent('filechooser');
  await studio.getByRole('button', { name: 'Choose an image' }).click();
  await (await chooser).setFiles(image('members-harbour.png'));
  await expect(studio.getByRole('img', { name: 'Photo' })).toBeVisible({ timeout: 30_000 });
  const audience = studio.getByRole('radiogroup', { name: 'Who can read this' });
  await audience.getByRole('radio', { name: /Members of Patron and above/ }).check();
  await snap(studio, 'compose-members-only');
  await studio.getByRole('button', { name: 'Publish' }).click();
  await expect(studio.getByText('Your post is published.')).toBeVisible();
  await expect(studio).toHaveURL(/\/posts\/.+/);
  const postUrl = new URL(studio.url()).pathname;
  // Its people read it whole.
  await expect(studio.getByRole('img', { name: /Harbour at dawn|Photo/ }).first()).toBeVisible();

  // A reader finds it locked: the title and the opening, a blurred cover, never the photo.
  const person = await newActivatedUser(baseURL!, 'Malee');
  const reader = await signedInPage(browser, person.email, person.password);
  await reader.goto(postUrl);
  await expect(reader.getByRole('heading', { name: 'Harbour at dawn' })).toBeVisible();
  await expect(reader.getByRole('img', { name: 'Locked: for members of Patron and up' })).toBeVisible();
  await expect(reader.locator('img[src*="/blurred/"]')).toBeVisible({ timeout: 15_000 });
  const photos = reader.locator('img[src*="/uploads/"]:not([src*="/blurred/"]), img[src*="/api/media/locked/"]');
  await expect(photos).toHaveCount(0);
  await snap(reader, 'locked-post');

  // Join to read: the tier's card on the account page, a year through the sandbox.
  await reader.getByRole('link', { name: 'Join to read' }).first().click();
  const pass = reader.getByRole('dialog', { name: 'Join Patron' });
  await expect(pass).toBeVisible();
  await pass.getByText('Yearly', { exact: true }).click();
  await expect(pass.getByText(/You save/)).toBeVisible();
  await expect(pass.getByRole('button', { name: /Pay .*150,000/ })).toBeVisible();
  await snap(reader, 'join-dialog');
  await pass.getByRole('button', { name: /Pay .*150,000/ }).click();
  await approveInSandbox(reader);
  // Back from the wallet on My memberships, the pass running a year.
  await expect(reader.getByText(/Your Patron membership of Thiri Notes is active until/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(reader.getByRole('list', { name: 'Your memberships' }).getByText('Patron · Yearly')).toBeVisible();
  await snap(reader, 'my-memberships');

  // Now it reads whole, its photo through a signed address.
  await reader.goto(postUrl);
  await expect(reader.locator('img[src*="/api/media/locked/"]').first()).toBeVisible();
  await expect(reader.getByRole('img', { name: 'Locked: for members of Patron and up' })).toHaveCount(0);
  await expect(reader.getByText('The boats come in before the market opens.')).toBeVisible();

  // A tip with a message, from the post's Support button (the account page's dialog takes it).
  await reader.getByRole('button', { name: 'Support', exact: true }).click();
  const tip = reader.getByRole('dialog', { name: 'Support Thiri Notes' });
  await tip.getByText('5,000', { exact: false }).first().click();
  await tip.getByLabel('Message (optional)').fill('Thank you for the harbour photos!');
  await tip.getByRole('button', { name: /Send .*5,000/ }).click();
  await approveInSandbox(reader);
  await expect(reader.getByText('Thank you! Your support reached Thiri Notes.')).toBeVisible({ timeout: 20_000 });

  // The creator: the new member, the tip with its words, the earnings.
  await studio.goto('/notifications');
  await expect(studio.getByText(/Thank you for the harbour photos!/)).toBeVisible({ timeout: 20_000 });
  await studio.goto(`/accounts/${account.id}/earnings`);
  await expect(studio.getByTestId('chart-net')).toBeVisible();
  // 150,000 + 5,000 paid; 5 % to the platform; 147,250 the creator's, available at once (no hold here).
  await expect(studio.getByText('155,000').first()).toBeVisible();
  await expect(studio.getByText('147,250').first()).toBeVisible();
  await snap(studio, 'earnings');
  await studio.getByRole('tab', { name: 'Members' }).click();
  await expect(studio.getByText('Malee')).toBeVisible();
  await studio.getByRole('tab', { name: 'Earnings' }).click();

  await studio.getByRole('button', { name: 'Request payout' }).click();
  const payout = studio.getByRole('dialog', { name: 'Request a payout' });
  await payout.getByLabel('Amount').fill('100000');
  await payout.getByLabel('Wallet number').fill('09 7812 3456');
  await payout.getByRole('button', { name: 'Send request' }).click();
  await expect(studio.getByText(/Payout of .*100,000 requested/)).toBeVisible();

  // An administrator pays it; the creator is told.
  const admin = await signedInPage(browser, ADMIN.email, ADMIN.password);
  await admin.goto('/admin/payouts');
  await admin.getByRole('button', { name: 'Mark the payout to Thiri Notes paid' }).click();
  const paid = admin.getByRole('dialog', { name: 'Mark the payout paid' });
  await paid.getByLabel('Transfer reference').fill('KBZ-778812');
  await paid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByText(/100,000 to Thiri Notes marked paid/)).toBeVisible();
  await snap(admin, 'admin-payouts');
  await studio.reload();
  await expect(studio.getByText('Reference: KBZ-778812')).toBeVisible();

  // The same screens on a phone, in Burmese: nothing clipped.
  for (const page of [reader, studio]) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('inkwell.locale', 'my'));
  }
  await reader.goto(`/a/${account.username}`);
  await expect(reader.getByRole('heading', { name: 'အဖွဲ့ဝင်မှုများ' })).toBeVisible();
  await snap(reader, 'tiers-my');
  await reader.goto('/profile/memberships');
  await expect(reader.getByRole('listitem').getByText(/Patron/)).toBeVisible();
  await snap(reader, 'my-memberships-my');
  const stranger = await newActivatedUser(baseURL!, 'Ko Aung');
  const phone = await signedInPage(browser, stranger.email, stranger.password, 390);
  await phone.evaluate(() => localStorage.setItem('inkwell.locale', 'my'));
  await phone.goto(postUrl);
  await expect(phone.locator('img[src*="/blurred/"]')).toBeVisible();
  await snap(phone, 'locked-post-my');
  await studio.goto(`/accounts/${account.id}/earnings`);
  await expect(studio.getByTestId('chart-net')).toBeVisible();
  await snap(studio, 'earnings-my');
  for (const page of [reader, studio, phone]) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, page.url()).toBeLessThanOrEqual(0);
  }
});
