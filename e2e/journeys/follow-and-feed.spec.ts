import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demo, login, newActivatedUser, snap } from '../support/app';

/** A creator's post made through the API, as compose would (the compose journey covers the UI). */
async function creatorPost(baseURL: string, content: string) {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${baseURL}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<any>);
  const { token } = await post('/login', { email: demo.somchai, password: DEMO_PASSWORD, device_name: 'e2e' });
  const accounts = (await (
    await fetch(`${baseURL}/api/user/accounts`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as any;
  const created = await post('/posts', { account_id: accounts.data[0].id, type: 'status', content }, token);
  return { slug: created.data.slug as string, account: accounts.data[0].username as string };
}

test('a reader follows an account, sees its post in the feed, likes it and talks in a thread three levels deep', async ({
  page,
  baseURL,
}) => {
  const note = `Khao soi season is here ${Date.now() % 100000}`;
  const { account, slug } = await creatorPost(baseURL!, note);
  const reader = await newActivatedUser(baseURL!, 'Lin Lin');
  await login(page, reader.email, reader.password);

  await page.goto(`/a/${account}`);
  const followers = page.getByTestId('followers-count');
  const before = Number((await followers.textContent())!.match(/\d+/)![0]);
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(followers).toContainText(String(before + 1));

  await page.getByRole('link', { name: 'Home' }).first().click();
  const card = page.getByRole('article').filter({ hasText: note });
  await expect(card).toBeVisible();
  await snap(page, 'feed');

  await card.getByRole('button', { name: /^Like/ }).click();
  await expect(card.getByRole('button', { name: /^Unlike \(1 like\)/ })).toBeVisible();

  // The comments under the post on its page (the card's comments button leads to them).
  await page.goto(`/posts/${encodeURIComponent(slug)}`);
  await page
    .getByRole('article')
    .getByRole('button', { name: /comments?$/ })
    .click();
  const thread = page.getByRole('region', { name: 'Comments' });
  await thread.getByRole('textbox', { name: 'Write a comment…' }).fill('Where is the best one?');
  await thread.getByRole('textbox', { name: 'Write a comment…' }).press('Enter');
  const first = thread.getByRole('listitem', { name: 'Comment by Lin Lin' }).first();
  await expect(first.getByText('Where is the best one?')).toBeVisible();

  await first.getByRole('button', { name: 'Reply' }).first().click();
  await thread.getByRole('textbox', { name: 'Write a reply…' }).fill('Near the old market, I think');
  await thread.getByRole('textbox', { name: 'Write a reply…' }).press('Enter');
  await expect(thread.getByText('Near the old market, I think')).toBeVisible();
  // The first reply's box has closed and the reply is an item of its own before we answer it (a slow machine
  // could otherwise click while the list is still moving).
  await expect(thread.getByRole('textbox', { name: 'Write a reply…' })).toHaveCount(0);
  await expect(thread.getByRole('listitem', { name: 'Comment by Lin Lin' })).toHaveCount(2);

  const second = thread.getByRole('listitem').filter({ hasText: 'Near the old market, I think' }).last();
  await second.getByRole('button', { name: 'Reply' }).first().click();
  await thread.getByRole('textbox', { name: 'Write a reply…' }).fill('Thanks!');
  await thread.getByRole('textbox', { name: 'Write a reply…' }).press('Enter');
  await expect(thread.getByText('Thanks!')).toBeVisible();

  // The third level cannot be replied to.
  const third = thread.getByRole('listitem').filter({ hasText: 'Thanks!' }).last();
  await expect(third.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  await snap(page, 'comments');
  await expect(page.getByRole('article').getByRole('button', { name: '3 comments' })).toBeVisible();
});

test('deleting a post asks first, then removes it from the lists', async ({ page, baseURL }) => {
  const note = `Temporary note ${Date.now() % 100000}`;
  const { account, slug } = await creatorPost(baseURL!, note);
  await login(page, demo.somchai, DEMO_PASSWORD);
  await page.goto(`/posts/${encodeURIComponent(slug)}`);
  await page.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('button', { name: 'Delete post' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete post' });
  await expect(confirm.getByText('Are you sure you want to delete this post?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(note)).toBeVisible();
  await page.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('button', { name: 'Delete post' }).click();
  await page.getByRole('dialog', { name: 'Delete post' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The post has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/a/${account}`);
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(page.getByText(note)).toHaveCount(0);
});

test('search finds a Thai and a Burmese post by part of a word', async ({ page, baseURL }) => {
  const tag = Date.now() % 100000;
  await creatorPost(baseURL!, `ข้าวซอยไก่เชียงใหม่ ${tag}`);
  await creatorPost(baseURL!, `မုန့်ဟင်းခါးဆိုင်ကောင်း ${tag}`);
  await login(page, demo.aye, DEMO_PASSWORD);
  for (const [query, expected] of [
    ['ข้าวซอยไก่', `ข้าวซอยไก่เชียงใหม่ ${tag}`],
    ['မုန့်ဟင်းခါး', `မုန့်ဟင်းခါးဆိုင်ကောင်း ${tag}`],
  ]) {
    await page.getByRole('searchbox', { name: 'Search' }).fill(query!);
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page.getByRole('region', { name: 'Posts' }).getByText(expected!).first()).toBeVisible();
  }
  await snap(page, 'search-burmese');
});
