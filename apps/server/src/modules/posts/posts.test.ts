import { commentsApi, postsApi, type CreatePostBody } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaFile } from '../../../test/factories';
import { postAs, withAccount } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { XSS_VECTORS } from '../../../test/xss-vectors';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const creator = (approved: 'approved' | 'pending' = 'approved', seed: { name?: string; description?: string } = {}) =>
  withAccount(s, approved, seed);
const post = (c: { token: string }, body: CreatePostBody) => postAs(s, c, body);

describe('compose: each type and its required fields', () => {
  it('status: text of at most 250 characters', async () => {
    const c = await creator();
    const missing = await post(c, { account_id: c.account.id, type: 'status' });
    expect(missing.status).toBe(422);
    expect(missing.error.errors!.content).toEqual(['This field is required.']);
    expect(
      (await post(c, { account_id: c.account.id, type: 'status', content: 'x'.repeat(251) })).error.errors!.content,
    ).toBeDefined();
    const ok = await post(c, { account_id: c.account.id, type: 'status', content: 'Good morning, Yangon!' });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({
      type: 'status',
      content: 'Good morning, Yangon!',
      title: null,
      likes_count: 0,
      can_modify: true,
    });
    expect(ok.body.data.slug).toMatch(/^good-morning-yangon-[0-9a-f]{6}$/);
    const read = await s.call(postsApi.bySlug, { params: { slug: ok.body.data.slug } });
    expect(read.body.data).toMatchObject({ id: ok.body.data.id, can_modify: false, liked: false });
  });

  it('article: title and content; the HTML is sanitised', async () => {
    const c = await creator();
    const missing = await post(c, { account_id: c.account.id, type: 'post', content: '<script>alert(1)</script>' });
    expect(Object.keys(missing.error.errors!).sort()).toEqual(['content', 'title']);
    const ok = await post(c, {
      account_id: c.account.id,
      type: 'post',
      title: 'ရန်ကုန် မြို့ ဇာတ်လမ်း',
      content:
        '<p onclick="x()">Hi <a href="javascript:alert(1)">x</a> <a href="https://ok.example">ok</a></p><script>bad()</script>',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.content).toBe(
      '<p>Hi <a rel="nofollow noopener ugc" target="_blank">x</a> <a href="https://ok.example" rel="nofollow noopener ugc" target="_blank">ok</a></p>',
    );
    expect(ok.body.data.slug).toMatch(/^ရန်ကုန်-မြို့-ဇာတ်လမ်း-/);
    const read = await s.call(postsApi.bySlug, { params: { slug: ok.body.data.slug } });
    expect(read.status).toBe(200);
  });

  it('article: every XSS vector is neutralised on create and on edit, through HTTP', async () => {
    const c = await creator();
    const created = await post(c, {
      account_id: c.account.id,
      type: 'post',
      title: 'Vectors',
      content: '<p>start</p>',
    });
    expect(created.status).toBe(201);
    for (const [input, expected] of XSS_VECTORS) {
      // An article whose whole body is stripped away is empty, so each vector rides after a safe paragraph.
      const made = await post(c, { account_id: c.account.id, type: 'post', title: 'V', content: `<p>a</p>${input}` });
      expect(made.status, input).toBe(201);
      expect(made.body.data.content, input).toBe(`<p>a</p>${expected}`);
      const edited = await s.call(postsApi.update, {
        params: { id: created.body.data.id },
        token: c.token,
        body: { title: 'Vectors', content: `<p>b</p>${input}` },
      });
      expect(edited.status, input).toBe(200);
      expect(edited.body.data.content, input).toBe(`<p>b</p>${expected}`);
    }
  });

  it('photo: title, text and an uploaded photo of my own', async () => {
    const c = await creator();
    const missing = await post(c, { account_id: c.account.id, type: 'photo', title: 'Sunset' });
    expect(Object.keys(missing.error.errors!).sort()).toEqual(['content', 'url']);
    const foreign = await post(c, {
      account_id: c.account.id,
      type: 'photo',
      title: 'Sunset',
      content: 'Over the river',
      url: 'https://evil.example/x.jpg',
    });
    expect(foreign.error.errors!.url).toEqual(['Use a file you uploaded here.']);
    const someoneElses = await createMediaFile(s.ctx.db, (await signedIn(s)).user.id, 'image');
    expect(
      (await post(c, { account_id: c.account.id, type: 'photo', title: 'S', content: 'R', url: someoneElses.url }))
        .error.errors!.url,
    ).toBeDefined();
    const mine = await createMediaFile(s.ctx.db, c.user.id, 'image');
    const ok = await post(c, {
      account_id: c.account.id,
      type: 'photo',
      title: 'Sunset',
      content: 'Over the river',
      url: mine.url,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.url).toBe(mine.url);
  });

  it('gallery: at least one photo, each with a caption', async () => {
    const c = await creator();
    expect((await post(c, { account_id: c.account.id, type: 'gallery', photos: [] })).error.errors!.photos).toEqual([
      'Add at least one photo.',
    ]);
    const a = await createMediaFile(s.ctx.db, c.user.id, 'image');
    const b = await createMediaFile(s.ctx.db, c.user.id, 'image');
    const ok = await post(c, {
      account_id: c.account.id,
      type: 'gallery',
      title: 'Market day',
      photos: [{ url: a.url, caption: 'Fish' }, { url: b.url }],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.photos).toEqual([
      { url: a.url, caption: 'Fish', alt: '' },
      { url: b.url, caption: '', alt: '' },
    ]);
  });

  it('audio: audio, title and cover all required; the audio must be processed', async () => {
    const c = await creator();
    const missing = await post(c, { account_id: c.account.id, type: 'audio' });
    expect(Object.keys(missing.error.errors!).sort()).toEqual(['featured_photo_url', 'title', 'url']);
    const cover = await createMediaFile(s.ctx.db, c.user.id, 'image');
    const busy = await createMediaFile(s.ctx.db, c.user.id, 'audio', 'processing');
    const early = await post(c, {
      account_id: c.account.id,
      type: 'audio',
      title: 'Song',
      url: busy.url,
      featured_photo_url: cover.url,
    });
    expect(early.error.errors!.url).toEqual(['This file is still being processed. Publish when it is ready.']);
    const image = await post(c, {
      account_id: c.account.id,
      type: 'audio',
      title: 'Song',
      url: cover.url,
      featured_photo_url: cover.url,
    });
    expect(image.error.errors!.url).toBeDefined();
    const audio = await createMediaFile(s.ctx.db, c.user.id, 'audio');
    const ok = await post(c, {
      account_id: c.account.id,
      type: 'audio',
      title: 'Song',
      url: audio.url,
      featured_photo_url: cover.url,
    });
    expect(ok.status).toBe(201);
  });

  it('video: video and title required; cover and description optional', async () => {
    const c = await creator();
    expect(Object.keys((await post(c, { account_id: c.account.id, type: 'video' })).error.errors!).sort()).toEqual([
      'title',
      'url',
    ]);
    const video = await createMediaFile(s.ctx.db, c.user.id, 'video');
    const ok = await post(c, { account_id: c.account.id, type: 'video', title: 'Clip', url: video.url });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ featured_photo_url: null, content: null });
  });

  it('unknown types and bad ids are 422, not 500', async () => {
    const c = await creator();
    const poem = { account_id: c.account.id, type: 'poem', content: 'x' };
    expect((await s.call(postsApi.create, { token: c.token, rawBody: poem })).status).toBe(422);
    expect((await post(c, { account_id: 'abc', type: 'status', content: 'x' })).status).toBe(422);
    expect(
      (await s.call(postsApi.create, { body: { account_id: c.account.id, type: 'status', content: 'x' } })).status,
    ).toBe(401);
  });
});

describe('who may post, edit and delete', () => {
  it('a pending or someone else’s account cannot be posted or commented as', async () => {
    const pending = await creator('pending');
    const p = await post(pending, { account_id: pending.account.id, type: 'status', content: 'hi' });
    expect(p.status).toBe(403);
    expect(p.error.message).toMatch(/waiting for approval/);
    const owner = await creator();
    const intruder = await creator();
    expect((await post(intruder, { account_id: owner.account.id, type: 'status', content: 'hi' })).status).toBe(403);

    const target = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'Comment here' })).body
      .data;
    const asForeign = await s.call(commentsApi.create, {
      token: intruder.token,
      body: { post_id: target.id, content: 'x', account_id: owner.account.id },
    });
    expect(asForeign.status).toBe(403);
    const asPending = await s.call(commentsApi.create, {
      token: pending.token,
      body: { post_id: target.id, content: 'x', account_id: pending.account.id },
    });
    expect(asPending.status).toBe(403);
    const asAccount = await s.call(commentsApi.create, {
      token: intruder.token,
      body: { post_id: target.id, content: 'As my brand', account_id: intruder.account.id },
    });
    expect(asAccount.status).toBe(201);
    expect(asAccount.body.data).toMatchObject({ commentable_type: 'account', username: intruder.account.username });
  });

  it('someone else cannot edit or delete a post (403); unknown ids are 404; an admin can', async () => {
    const owner = await creator();
    const other = await creator();
    const p = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'Mine' })).body.data;
    expect(
      (await s.call(postsApi.update, { params: { id: p.id }, token: other.token, body: { content: 'Hacked' } })).status,
    ).toBe(403);
    expect((await s.call(postsApi.remove, { params: { id: p.id }, token: other.token })).status).toBe(403);
    expect(
      (await s.call(postsApi.update, { params: { id: 999999 }, token: other.token, body: { content: 'x' } })).status,
    ).toBe(404);
    expect((await s.call(postsApi.remove, { params: { id: 999999 }, token: other.token })).status).toBe(404);
    expect((await s.call(postsApi.bySlug, { params: { slug: 'no-such-post' } })).status).toBe(404);

    const edited = await s.call(postsApi.update, {
      params: { id: p.id },
      token: owner.token,
      body: { content: 'Mine, edited' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ content: 'Mine, edited', slug: p.slug });
    const admin = await signedIn(s, { role: 'admin' });
    expect(
      (await s.call(postsApi.update, { params: { id: p.id }, token: admin.token, body: { content: 'Moderated' } }))
        .status,
    ).toBe(200);
    expect((await s.call(postsApi.remove, { params: { id: p.id }, token: admin.token })).status).toBe(204);
    expect((await s.call(postsApi.bySlug, { params: { slug: p.slug } })).status).toBe(404);
  });
});

describe('feeds', () => {
  it('the public feed is newest first with a counted total; deleting a post takes it out', async () => {
    const c = await creator();
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push((await post(c, { account_id: c.account.id, type: 'status', content: `P${i}` })).body.data);
    const feed = await s.call(postsApi.publicFeed, { query: { per_page: 2 } });
    expect(feed.body.data.map((p) => p.content)).toEqual(['P2', 'P1']);
    const total = feed.body.meta.total!;
    expect(feed.body.meta.links!.find((l) => l.active)!.label).toBe('1');
    await s.call(postsApi.remove, { params: { id: made[2].id }, token: c.token });
    const after = await s.call(postsApi.publicFeed, { query: { per_page: 2 } });
    expect(after.body.data[0].content).toBe('P1');
    expect(after.body.meta.total).toBe(total - 1);
    expect((await s.call(postsApi.publicFeed, { query: { per_page: 500 } })).status).toBe(422);
  });

  it('account pages filter by type with their own totals; my posts list mine', async () => {
    const c = await creator();
    await post(c, { account_id: c.account.id, type: 'status', content: 'one' });
    await post(c, { account_id: c.account.id, type: 'status', content: 'two' });
    await post(c, { account_id: c.account.id, type: 'post', title: 'Essay', content: `<p>${'word '.repeat(120)}</p>` });
    const all = await s.call(postsApi.ofAccount, { params: { id: c.account.id } });
    expect(all.body.meta.total).toBe(3);
    const notes = await s.call(postsApi.ofAccount, { params: { id: c.account.id }, query: { type: 'status' } });
    expect(notes.body.meta.total).toBe(2);
    const articles = await s.call(postsApi.ofAccount, { params: { id: c.account.id }, query: { type: 'post' } });
    expect(articles.body.data[0].content!.split(' ').length).toBeLessThanOrEqual(61);
    expect((await s.call(postsApi.mine, { token: c.token })).body.meta.total).toBe(3);
    expect((await s.call(postsApi.ofAccount, { params: { id: 999999 } })).status).toBe(404);
  });
});
