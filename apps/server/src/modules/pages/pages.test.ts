import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  accountsApi,
  commentsApi,
  followsApi,
  likesApi,
  postsAdminApi,
  postsApi,
  postShortPath,
  type CreatePostBody,
  type Post,
} from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { postAs, withAccount } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castOf, type Cast } from '../../../test/policy-table';

/** A stand-in for the built index.html: the generic head the server replaces, and an inline script it must keep. */
const bootScript = "document.documentElement.lang = localStorage.getItem('inkwell.locale') || 'en';";
const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
    <meta
      name="description"
      content="Inkwell: a social publishing platform."
    />
    <title>Inkwell</title>
    <script>${bootScript}</script></head><body><div id="root"></div></body></html>`;

let s: TestServer;
let cast: Cast;
let web: string;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(process.cwd(), 'node_modules', '.web-pages-'));
  fs.writeFileSync(path.join(web, 'index.html'), INDEX);
  s = await startTestServer({ WEB_DIST: web });
  cast = await castOf(s);
}, 60_000);
afterAll(async () => {
  await s?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const root = () => cast.people.root.token!;

async function publish(
  c: { token: string; account: { id: number } },
  body: Omit<CreatePostBody, 'account_id'>,
): Promise<Post> {
  const res = await postAs(s, c, { account_id: c.account.id, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** An administrator sets the account's approval, the way the admin area does (its posts hide or show). */
async function setApproval(accountId: number, approved_status: 'approved' | 'rejected') {
  const a = (await s.call(accountsApi.edit, { params: { id: accountId }, token: root() })).body.data;
  const res = await s.call(accountsApi.update, {
    params: { id: accountId },
    token: root(),
    body: {
      name: a.name,
      username: a.username,
      description: a.description,
      url: a.url,
      contact: a.contact,
      profile_url: a.profile_url,
      banner_url: a.banner_url,
      approved_status,
      published_status: a.published_status,
    } as never,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The published world a guest may read, and beside it everything they may not. */
async function scene() {
  const open = await withAccount(s, 'approved', { name: 'Open <b>Voices</b> & "Friends"' });
  const shown = await publish(open, { type: 'status', content: 'Morning in Mandalay' });
  const reader = await signedIn(s);
  const comment = await s.call(commentsApi.create, {
    token: reader.token,
    body: { post_id: shown.id, content: 'Lovely morning' },
  });
  expect(comment.status).toBe(201);
  await s.call(likesApi.toggle, { token: reader.token, body: { likeable_type: 'post', likeable_id: shown.id } });
  await s.call(followsApi.follow, { params: { id: open.account.id }, token: reader.token });

  const rejected = await publish(open, { type: 'status', content: 'Rejected by moderation' });
  const refusal = await s.call(postsAdminApi.reject, {
    params: { id: rejected.id },
    body: { reason: 'Spam here' },
    token: root(),
  });
  expect(refusal.status).toBe(200);

  const hiddenCreator = await withAccount(s);
  const onHidden = await publish(hiddenCreator, { type: 'status', content: 'On an account hidden later' });
  await setApproval(hiddenCreator.account.id, 'rejected');

  const pending = await withAccount(s, 'pending');
  return { open, shown, reader, rejected, hiddenCreator, onHidden, pending };
}

let world: Awaited<ReturnType<typeof scene>>;
beforeAll(async () => {
  world = await scene();
}, 60_000);

describe('guests read what is published and approved, with the same shapes', () => {
  it('a published post, its comments and its account, with nothing of the viewer’s', async () => {
    const post = await s.call(postsApi.bySlug, { params: { slug: world.shown.slug } });
    expect(post.status).toBe(200);
    expect(post.body.data).toMatchObject({
      id: world.shown.id,
      likes_count: 1,
      comments_count: 1,
      liked: false,
      can_modify: false,
      can_delete: false,
    });
    const comments = await s.call(commentsApi.ofPost, { params: { id: world.shown.id } });
    expect(comments.status).toBe(200);
    expect(comments.body.data).toHaveLength(1);
    expect(comments.body.data[0]).toMatchObject({ content: 'Lovely morning', liked: false, can_delete: false });

    const account = await s.call(accountsApi.byUsername, { params: { username: world.open.account.username } });
    expect(account.status).toBe(200);
    expect(account.body.data).toMatchObject({
      followers_count: 1,
      is_followed: false,
      bell: false,
      can_modify: false,
      can_delete: false,
      can_view_insights: false,
      time_zone: null,
    });
    const posts = await s.call(postsApi.ofAccount, { params: { id: world.open.account.id } });
    expect(posts.status).toBe(200);
    // The rejected post is not among them.
    expect(posts.body.data.map((p) => p.id)).toEqual([world.shown.id]);
    expect(posts.body.data[0]).toMatchObject({ liked: false, can_modify: false });
  });

  it('refuses what is not published: rejected posts, hidden and pending accounts and their posts (404)', async () => {
    for (const slug of [world.rejected.slug, world.onHidden.slug, 'no-such-post-123456']) {
      const res = await s.call(postsApi.bySlug, { params: { slug } });
      expect(res.status, slug).toBe(404);
    }
    for (const id of [world.rejected.id, world.onHidden.id]) {
      expect((await s.call(commentsApi.ofPost, { params: { id } })).status).toBe(404);
    }
    for (const account of [world.hiddenCreator.account, world.pending.account]) {
      expect((await s.call(accountsApi.byUsername, { params: { username: account.username } })).status).toBe(404);
      expect((await s.call(postsApi.ofAccount, { params: { id: account.id } })).status).toBe(404);
    }
    // The people of the hidden account still see it: the rule is the policy's, not a guest filter.
    const own = await s.call(postsApi.bySlug, {
      params: { slug: world.onHidden.slug },
      token: world.hiddenCreator.token,
    });
    expect(own.status).toBe(200);
  });

  it('asks guests to sign in for the feeds and every action (401)', async () => {
    expect((await s.call(postsApi.feed)).status).toBe(401);
    expect((await s.call(postsApi.mine)).status).toBe(401);
    const like = await s.call(likesApi.toggle, { body: { likeable_type: 'post', likeable_id: world.shown.id } });
    expect(like.status).toBe(401);
    const comment = await s.call(commentsApi.create, { body: { post_id: world.shown.id, content: 'hi' } });
    expect(comment.status).toBe(401);
    expect((await s.call(followsApi.follow, { params: { id: world.open.account.id } })).status).toBe(401);
    expect((await s.call(accountsApi.mine)).status).toBe(401);
    expect((await s.call(accountsApi.edit, { params: { id: world.open.account.id } })).status).toBe(401);
  });
});

const page = async (urlPath: string, init?: RequestInit) => {
  const res = await fetch(`${s.url}${urlPath}`, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

/** The content of a `<meta>` by its name or property. */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace('.', '\\.')}" content="([^"]*)" />`).exec(html)?.[1];

describe('link previews: the server writes the page’s title and preview tags', () => {
  it('a post: title, description, canonical URL, Open Graph and Twitter card, from PUBLIC_URL', async () => {
    const res = await page(`/posts/${encodeURIComponent(world.shown.slug)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = res.text;
    expect(html).toContain('<title>Morning in Mandalay · Inkwell</title>');
    expect(html).toContain(`<link rel="canonical" href="http://inkwell.test/posts/${world.shown.slug}" />`);
    expect(metaOf(html, 'description')).toBe('Morning in Mandalay');
    expect(metaOf(html, 'og:type')).toBe('article');
    expect(metaOf(html, 'og:title')).toBe('Morning in Mandalay');
    expect(metaOf(html, 'og:url')).toBe(`http://inkwell.test/posts/${world.shown.slug}`);
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    // The generic description is gone (one description only) and the inline script is untouched.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<script>${bootScript}</script>`);
    // So the CSP's hash of it still admits it.
    const csp = (await fetch(`${s.url}/healthz`)).headers.get('content-security-policy')!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`);
  });

  it('escapes everything it writes, and takes the picture as an absolute URL', async () => {
    const c = await withAccount(s, 'approved', { name: 'Evil </title><script>alert(1)</script>' });
    const hostile = await publish(c, {
      type: 'status',
      content: "\"><script>alert('x')</script> & <img src=x onerror=alert(1)> $& $1",
    });
    const html = (await page(`/posts/${encodeURIComponent(hostile.slug)}`)).text;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(metaOf(html, 'og:description')).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt; $&amp; $1',
    );
    // Only the app's own script is in the page.
    expect(html.match(/<script>/g)).toHaveLength(1);

    const account = await page(`/a/${c.account.username}`);
    expect(account.status).toBe(200);
    expect(account.text).toContain('<title>Evil &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; (@');
    expect(account.text.match(/<script>/g)).toHaveLength(1);
  });

  it('an account: its name, description, picture and canonical address', async () => {
    const c = await withAccount(s, 'approved', { name: 'Chiang Mai Kitchen', description: 'Recipes from the north' });
    const res = await page(`/a/${c.account.username.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<title>Chiang Mai Kitchen (@${c.account.username}) · Inkwell</title>`);
    expect(metaOf(res.text, 'og:type')).toBe('profile');
    expect(metaOf(res.text, 'description')).toBe('Recipes from the north');
    expect(res.text).toContain(`<link rel="canonical" href="http://inkwell.test/a/${c.account.username}" />`);
  });

  it('a photo post’s preview carries its picture, absolute', async () => {
    const c = await withAccount(s);
    const bySlug = await publish(c, { type: 'status', content: 'no picture' });
    // The picture of an article, written as the server stores uploads (a path under PUBLIC_URL).
    await queryRows(
      s.ctx.db,
      sql`update posts set type = 'photo', title = 'Sunset', url = '/uploads/photos/abc.webp',
              featured_photo_alt = 'The sun "setting" <behind> Mandalay Hill' where id = ${bySlug.id}`,
    );
    const html = (await page(`/posts/${encodeURIComponent(bySlug.slug)}`)).text;
    expect(metaOf(html, 'og:image')).toBe('http://inkwell.test/uploads/photos/abc.webp');
    // Its description goes with it, escaped (a card reader's screen reader says it).
    expect(html).toContain('content="The sun &quot;setting&quot; &lt;behind&gt; Mandalay Hill"');
    expect(metaOf(html, 'og:image:alt')).toBe('The sun &quot;setting&quot; &lt;behind&gt; Mandalay Hill');
    expect(metaOf(html, 'twitter:image:alt')).toBeDefined();
    expect(metaOf(html, 'twitter:image')).toBe('http://inkwell.test/uploads/photos/abc.webp');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('<title>Sunset · Inkwell</title>');
  });

  it('answers the app’s not-found page with a 404 for what guests may not see, without its words', async () => {
    for (const urlPath of [
      `/posts/${encodeURIComponent(world.rejected.slug)}`,
      `/posts/${encodeURIComponent(world.onHidden.slug)}`,
      '/posts/no-such-post',
      `/a/${world.hiddenCreator.account.username}`,
      `/a/${world.pending.account.username}`,
      '/a/nobody_here',
      '/a/%3Cscript%3E',
    ]) {
      const res = await page(urlPath);
      expect(res.status, urlPath).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toBe(INDEX);
    }
  });
});

describe('short links', () => {
  it('redirect a published post’s short form to its readable address', async () => {
    const short = postShortPath(world.shown.id);
    expect(short).toMatch(/^\/p\/[0-9a-z]{1,6}$/);
    const res = await page(short);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/posts/${encodeURIComponent(world.shown.slug)}`);
  });

  it('a Thai slug’s short form is a few characters, its readable one hundreds', async () => {
    const c = await withAccount(s);
    const thai = await publish(c, {
      type: 'post',
      title: 'เรื่องเล่าจากเชียงใหม่ ตลาดเช้าวันอาทิตย์ และอาหารเหนือที่คนท้องถิ่นรัก',
      content: '<p>เนื้อหา</p>',
    });
    const readable = `/posts/${encodeURIComponent(thai.slug)}`;
    expect(readable.length).toBeGreaterThan(150);
    expect(postShortPath(thai.id).length).toBeLessThan(10);
    const res = await page(postShortPath(thai.id));
    expect(res.headers.get('location')).toBe(readable);
  });

  it('lead nowhere for a post a guest may not see, or for a code that is none (404)', async () => {
    for (const urlPath of [
      postShortPath(world.rejected.id),
      postShortPath(world.onHidden.id),
      '/p/zzzzzz',
      '/p/ABC',
      '/p/1234567',
      '/p/-1',
    ]) {
      const res = await page(urlPath);
      expect(res.status, urlPath).toBe(404);
      expect(res.headers.get('location')).toBeNull();
    }
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots allows the public pages and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.text).toContain('User-agent: *');
    expect(res.text).toContain('Disallow: /api/');
    expect(res.text).not.toMatch(/Disallow: \/(a|posts|p)\//);
    expect(res.text).toContain('Sitemap: http://inkwell.test/sitemap.xml');
  });

  it('an index of bounded files listing public accounts and posts only', async () => {
    const index = await page('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(index.text).toContain('<sitemapindex');
    expect(index.text).toContain('<loc>http://inkwell.test/sitemaps/posts-0.xml</loc>');
    expect(index.text).toContain('<loc>http://inkwell.test/sitemaps/accounts-0.xml</loc>');

    const posts = (await page('/sitemaps/posts-0.xml')).text;
    expect(posts).toContain(`<loc>http://inkwell.test/posts/${encodeURIComponent(world.shown.slug)}</loc>`);
    expect(posts).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
    expect(posts).not.toContain(encodeURIComponent(world.rejected.slug));
    expect(posts).not.toContain(encodeURIComponent(world.onHidden.slug));

    const accounts = (await page('/sitemaps/accounts-0.xml')).text;
    expect(accounts).toContain(`<loc>http://inkwell.test/a/${world.open.account.username}</loc>`);
    expect(accounts).not.toContain(`/a/${world.hiddenCreator.account.username}<`);
    expect(accounts).not.toContain(`/a/${world.pending.account.username}<`);
  });

  it('a file beyond the last block, or not one of its names, is a 404', async () => {
    for (const urlPath of [
      '/sitemaps/posts-1.xml',
      '/sitemaps/posts-99999.xml',
      '/sitemaps/users-0.xml',
      '/sitemaps/x',
    ]) {
      expect((await page(urlPath)).status, urlPath).toBe(404);
    }
  });
});

describe('guests are rate limited', () => {
  let limited: TestServer;
  beforeAll(async () => {
    // 600 reads a minute scaled to 6.
    limited = await startTestServer({ WEB_DIST: web, RATE_LIMIT_SCALE: '0.01' });
  }, 60_000);
  afterAll(async () => {
    await limited?.close();
  });

  it('one budget per address across pages and API reads; signed-in readers are not counted against it', async () => {
    const c = await withAccount(limited);
    const p = (await postAs(limited, c, { account_id: c.account.id, type: 'status', content: 'Limited' })).body.data;
    const reads = [
      () => fetch(`${limited.url}/posts/${encodeURIComponent(p.slug)}`),
      () => limited.call(postsApi.bySlug, { params: { slug: p.slug } }),
      () => limited.call(commentsApi.ofPost, { params: { id: p.id } }),
      () => limited.call(accountsApi.byUsername, { params: { username: c.account.username } }),
      () => fetch(`${limited.url}${postShortPath(p.id)}`, { redirect: 'manual' }),
      () => fetch(`${limited.url}/sitemap.xml`),
    ];
    for (const read of reads) expect((await read()).status).toBeLessThan(400);
    const refused = await limited.call(postsApi.bySlug, { params: { slug: p.slug } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(`${limited.url}/a/${c.account.username}`)).status).toBe(429);
    // The creator, signed in, reads on.
    const mine = await limited.call(postsApi.bySlug, { params: { slug: p.slug }, token: c.token });
    expect(mine.status).toBe(200);
  });
});
