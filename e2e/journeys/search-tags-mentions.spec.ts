import { expect, test, type Browser } from '@playwright/test';
import { seriousViolations } from '../support/a11y';
import { api, login, newActivatedUser, newCreator, snap } from '../support/app';

async function signedInPage(browser: Browser, who: { email: string; password: string }, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  const page = await context.newPage();
  await login(page, who.email, who.password);
  return { context, page };
}

test('a reader on a phone searches in Burmese from the header, sees the words marked, and opens the post', async ({
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const creator = await newCreator(baseURL!, `Bookshop ${stamp}`);
  // Burmese is written without spaces between words: the query is two words inside a longer run of text.
  const text = `ရန်ကုန်မြို့က စာအုပ်ဆိုင်လေးမှာ ကော်ဖီသောက်ရင်း စာဖတ်တယ် ${stamp}`;
  const post = await api<{ data: { slug: string; language: string } }>(
    baseURL!,
    'POST',
    '/posts',
    { account_id: creator.account.id, type: 'status', content: text },
    creator.token,
  );
  expect(post.data.language).toBe('my');

  const reader = await newActivatedUser(baseURL!, `Reader ${stamp}`);
  const { context, page } = await signedInPage(browser, reader, 390);
  await page.goto('/settings/language');
  await page.getByRole('radio', { name: 'မြန်မာ' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await page.goto('/home');

  const box = page.getByRole('searchbox', { name: 'ရှာဖွေရန်' });
  await expect(box).toBeVisible();
  await box.fill('စာအုပ်ဆိုင်');
  // Suggestions open under the box as one types; the last one searches for what was typed.
  const searchFor = page.getByRole('option', { name: '“စာအုပ်ဆိုင်” ကို ရှာမည်' });
  await expect(searchFor).toBeVisible();
  await snap(page, 'search-suggestions-my');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole('tab', { name: 'အားလုံး' })).toHaveAttribute('aria-selected', 'true');

  // The post, its words marked, in Burmese for screen readers.
  const hit = page.getByRole('article').filter({ hasText: creator.account.name });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark').first()).toBeVisible();
  expect(await hit.locator('mark').allTextContents()).toEqual(expect.arrayContaining(['စာအုပ်']));
  await expect(hit.locator('[lang="my"]').first()).toBeVisible();
  // Nothing runs past the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, 'search-results-my');
  expect(await seriousViolations(page)).toEqual([]);

  await hit.getByRole('link').last().click();
  await expect(page).toHaveURL(new RegExp(`/posts/${encodeURIComponent(post.data.slug)}$`));
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByText(text)).toHaveAttribute('lang', 'my');
  await context.close();
});

test('a post with a Burmese #tag and an @mention: the autocomplete fills both, the person is told, the tag page lists it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const friend = await newActivatedUser(baseURL!, `Friend ${stamp}`);
  const creator = await newCreator(baseURL!, `Noodles ${stamp}`);
  const tag = `မုန့်ဟင်းခါး_${stamp}`;
  // The tag exists once a post used it: the autocomplete then offers it.
  await api(
    baseURL!,
    'POST',
    '/posts',
    { account_id: creator.account.id, type: 'status', content: `မနက်စာ #${tag}` },
    creator.token,
  );

  const writer = await signedInPage(browser, creator, 1280);
  const { page } = writer;
  await page.goto('/compose');
  const field = page.getByLabel("What's happening?");
  await field.click();
  await page.keyboard.type('ဒီနေ့ မနက်စာ #မုန့်ဟင်း');
  const tagChoice = page.getByRole('option', { name: new RegExp(`#${tag}`) });
  await expect(tagChoice).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue(`ဒီနေ့ မနက်စာ #${tag} `);

  // All but the last letter: in a long run, many people's names begin alike (suggestions show the first eight).
  await page.keyboard.type(`with @${friend.username.slice(0, -1)}`);
  const personChoice = page.getByRole('option', { name: new RegExp(`Friend ${stamp}`) });
  await expect(personChoice).toBeVisible();
  await snap(page, 'compose-mention-suggestions');
  // A tap chooses as well as Enter does.
  await personChoice.click();
  await expect(field).toHaveValue(`ဒီနေ့ မနက်စာ #${tag} with @${friend.username} `);

  const publish = page.getByRole('button', { name: 'Publish' });
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(page).toHaveURL(/\/posts\/.+/);
  const postUrl = page.url();

  // On the post, the tag and the mention are links.
  const mention = page.getByRole('link', { name: `@${friend.username}` });
  await expect(mention).toBeVisible();
  const tagLink = page.getByRole('link', { name: `#${tag}` });
  await expect(tagLink).toBeVisible();
  await snap(page, 'post-with-tag-and-mention');

  // The tag's page: both posts, newest first, and the count.
  await tagLink.click();
  await expect(page).toHaveURL(/\/tags\//);
  await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
  await expect(page.getByText('2 posts')).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(`with @${friend.username}`);
  await snap(page, 'tag-page');
  expect(await seriousViolations(page)).toEqual([]);
  await writer.context.close();

  // The mentioned person is told, on a phone, and the notification opens the post.
  const told = await signedInPage(browser, friend, 390);
  await told.page.goto('/notifications');
  const row = told.page.getByRole('button', { name: /mentioned you in a post/ });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('kind-sign')).toHaveText('@');
  await snap(told.page, 'notifications-mention');
  await row.click();
  await expect(told.page).toHaveURL(postUrl);

  // Following the tag brings its posts to the feed.
  await told.page.goto(`/tags/${encodeURIComponent(tag)}`);
  await told.page.getByRole('button', { name: 'Follow' }).click();
  await expect(told.page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  await told.page.goto('/home');
  await told.page.getByRole('tab', { name: 'Feed' }).click();
  await expect(told.page.getByText(`with @${friend.username}`)).toBeVisible();
  await told.context.close();
});
