import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, login, newActivatedUser, newCreator, snap } from '../support/app';

/*
 * Pinned posts (issue 33): a creator pins two posts from their menus, moves the second up, and finds them in that
 * order under "Pinned" at the top of the account page on a phone; a reader sees the same.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The card of the post with this text in the account's list (the tabs' list, below the pinned ones). */
const listed = (page: Page, text: string) => page.getByRole('tabpanel').getByRole('article').filter({ hasText: text });

async function choose(page: Page, card: Locator, action: string, toast: string) {
  await card.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('dialog').getByRole('button', { name: action }).click();
  await expect(page.getByText(toast).last()).toBeVisible();
}

const pinnedTexts = (page: Page) =>
  page.getByRole('region', { name: 'Pinned posts' }).getByRole('article').allInnerTexts();

test('a creator pins two posts, reorders them, and a reader sees them at the top of the account page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const creator = await newCreator(baseURL!, 'Pin Painter');
  const publish = (content: string) =>
    api(baseURL!, 'POST', '/posts', { account_id: creator.account.id, type: 'status', content }, creator.token);
  await publish('Morning sketch by the river');
  await publish('Evening sketch at the market');
  await publish('Newest: nothing pinned here');

  await login(page, creator.email, creator.password);
  await page.goto(`/a/${creator.account.username}`);
  // None yet: no section.
  await expect(listed(page, 'Newest: nothing pinned here')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pinned posts' })).toHaveCount(0);

  // Pin the morning sketch, then the evening one (it goes second).
  await choose(page, listed(page, 'Morning sketch by the river'), 'Pin to account page', 'Pinned to the account page.');
  await choose(
    page,
    listed(page, 'Evening sketch at the market'),
    'Pin to account page',
    'Pinned to the account page.',
  );
  const section = page.getByRole('region', { name: 'Pinned posts' });
  await expect(section.getByRole('article')).toHaveCount(2);
  expect((await pinnedTexts(page))[1]).toContain('Evening sketch at the market');

  // Move the evening sketch up: first now.
  const evening = section.getByRole('article').filter({ hasText: 'Evening sketch at the market' });
  await choose(page, evening, 'Move up', 'Pinned posts reordered.');
  await expect(section.getByRole('article').first()).toContainText('Evening sketch at the market');
  await expect(section.getByRole('article').nth(1)).toContainText('Morning sketch by the river');
  await expect(section.getByText('Pinned', { exact: true })).toHaveCount(2);

  // Above the tabs, and nothing wider than the phone.
  const sectionBox = (await section.boundingBox())!;
  const tabsBox = (await page.getByRole('tablist').boundingBox())!;
  expect(sectionBox.y).toBeLessThan(tabsBox.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, 'pinned-posts');

  // A reader (a new person, signed in) sees the same two, in the same order, and no pin items in the menu.
  const reader = await newActivatedUser(baseURL!, 'Pin Reader');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const readerPage = await context.newPage();
  await login(readerPage, reader.email, reader.password);
  await readerPage.goto(`/a/${creator.account.username}`);
  const seen = readerPage.getByRole('region', { name: 'Pinned posts' }).getByRole('article');
  await expect(seen).toHaveCount(2);
  await expect(seen.first()).toContainText('Evening sketch at the market');
  await expect(seen.nth(1)).toContainText('Morning sketch by the river');
  await seen.first().getByRole('button', { name: 'Post actions' }).click();
  await expect(readerPage.getByRole('dialog').getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(readerPage.getByRole('dialog').getByRole('button', { name: 'Pin to account page' })).toHaveCount(0);
  await readerPage.keyboard.press('Escape');
  await snap(readerPage, 'pinned-posts-reader');
  await context.close();
});
