import { expect, test } from '@playwright/test';
import { api, login, newActivatedUser, newCreator, snap } from '../support/app';

/** A post's short link, as the Share action gives it (`postShortPath` in the contracts). */
const shortPath = (id: number) => `/p/${id.toString(36)}`;

test('a guest opens a shared short link, reads the post and its comments, likes it after signing in', async ({
  page,
  baseURL,
}) => {
  const creator = await newCreator(baseURL!, 'Mandalay Mornings');
  const title = `ဈေးချိုဈေး နံနက်ခင်း ${Date.now() % 100000}`;
  const post = await api<{ data: { id: number; slug: string } }>(
    baseURL!,
    'POST',
    '/posts',
    { account_id: creator.account.id, type: 'post', title, content: '<p>Fresh tea leaf salad at dawn.</p>' },
    creator.token,
  );
  await api(baseURL!, 'POST', '/comments', { post_id: post.data.id, content: 'I was there too!' }, creator.token);

  // What a link preview reads: the server's own title and Open Graph tags in the HTML.
  const html = await (await page.request.get(`/posts/${encodeURIComponent(post.data.slug)}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${title}" />`);
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/posts/${encodeURIComponent(post.data.slug)}" />`);

  // The short form redirects to the readable address; a guest reads the post and its comments.
  await page.goto(shortPath(post.data.id));
  await expect(page).toHaveURL(`/posts/${encodeURIComponent(post.data.slug)}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} · Inkwell`);
  const thread = page.getByRole('region', { name: 'Comments' });
  await expect(thread.getByText('I was there too!')).toBeVisible();
  await expect(thread.getByRole('button', { name: 'Sign in to comment' })).toBeVisible();
  await snap(page, 'public-post-guest');
  // On a phone too: nothing runs past the screen's edge, and Like stays in reach.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('article').getByRole('button', { name: /^Like/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, 'public-post-guest');

  // Like asks to sign in, and signing in comes back to the same post, where the like goes through.
  await page.getByRole('article').getByRole('button', { name: /^Like/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-continue-hint')).toBeVisible();
  const reader = await newActivatedUser(baseURL!, 'Shared Link Reader');
  await page.getByLabel('Email').fill(reader.email);
  await page.getByLabel('Password', { exact: true }).fill(reader.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(`/posts/${encodeURIComponent(post.data.slug)}`);
  await page.getByRole('article').getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByRole('article').getByRole('button', { name: /^Unlike \(1 like\)/ })).toBeVisible();
  // Signed in now, the comment box is there.
  await expect(thread.getByRole('textbox', { name: 'Write a comment…' })).toBeVisible();
});

test('a guest reads an account page, and Follow asks to sign in', async ({ page, baseURL }) => {
  const creator = await newCreator(baseURL!, 'River Sketches');
  await page.goto(`/a/${creator.account.username}`);
  await expect(page.getByRole('heading', { level: 1, name: creator.account.name })).toBeVisible();
  await expect(page).toHaveTitle(`${creator.account.name} · Inkwell`);
  await expect(page.getByText('Hello from River Sketches')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit account' })).toHaveCount(0);
  await snap(page, 'public-account-guest');
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // A page a guest may not see is the not-found page, answered with a 404.
  const missing = await page.request.get('/a/nobody_at_all_here');
  expect(missing.status()).toBe(404);
});

test('my own account page offers Edit and no Follow, and my posts are in my feed', async ({ page, baseURL }) => {
  const creator = await newCreator(baseURL!, 'Own Page');
  await login(page, creator.email, creator.password);
  // My own post is in my followed feed without my following my account.
  await expect(page.getByRole('tab', { name: 'Feed' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article').filter({ hasText: 'Hello from Own Page' })).toBeVisible();

  await page.goto(`/a/${creator.account.username}`);
  await expect(page.getByRole('heading', { level: 1, name: creator.account.name })).toBeVisible();
  await page.getByRole('link', { name: 'Edit account' }).click();
  await expect(page).toHaveURL(`/profile/accounts/${creator.account.username}/edit`);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: creator.account.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow' })).toHaveCount(0);
});

test('a new person lands on Public; a tap on a card opens the post', async ({ page, baseURL }) => {
  const creator = await newCreator(baseURL!, 'Public Landing');
  const reader = await newActivatedUser(baseURL!, 'Brand New');
  await login(page, reader.email, reader.password);
  await expect(page.getByRole('tab', { name: 'Public' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('article').filter({ hasText: 'Hello from Public Landing' });
  await expect(card).toBeVisible();
  await card.getByText('Hello from Public Landing').click();
  await expect(page).toHaveURL(`/posts/${encodeURIComponent(creator.post.slug)}`);
  await expect(page.getByRole('region', { name: 'Comments' })).toBeVisible();
});
