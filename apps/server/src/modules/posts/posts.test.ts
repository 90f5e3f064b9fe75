import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, notifications, posts } from '../../db/schema';
import { createCreatorAccount, createMediaFile } from '../../../test/factories';
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

/** A signed-in creator with an approved account. */
async function creator(
  approved: 'approved' | 'pending' = 'approved',
  seed: { name?: string; description?: string } = {},
) {
  const person = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, person.user.id, { approved, ...seed });
  return { ...person, account };
}

const post = (c: { token: string }, body: Record<string, unknown>) =>
  s.request('POST', '/api/posts', { token: c.token, body });

describe('compose: each type and its required fields', () => {
  it('status: text of at most 250 characters', async () => {
    const c = await creator();
    const missing = await post(c, { account_id: c.account.id, type: 'status' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.content).toEqual(['This field is required.']);
    expect(
      (await post(c, { account_id: c.account.id, type: 'status', content: 'x'.repeat(251) })).body.errors.content,
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
    const read = await s.request('GET', `/api/posts/slug/${encodeURIComponent(ok.body.data.slug)}`);
    expect(read.body.data).toMatchObject({ id: ok.body.data.id, can_modify: false, liked: false });
  });

  it('article: title and content; the HTML is sanitised', async () => {
    const c = await creator();
    const missing = await post(c, { account_id: c.account.id, type: 'post', content: '<script>alert(1)</script>' });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['content', 'title']);
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
    const read = await s.request('GET', `/api/posts/slug/${encodeURIComponent(ok.body.data.slug)}`);
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
      const edited = await s.request('PUT', `/api/posts/${created.body.data.id}`, {
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
    expect(Object.keys(missing.body.errors).sort()).toEqual(['content', 'url']);
    const foreign = await post(c, {
      account_id: c.account.id,
      type: 'photo',
      title: 'Sunset',
      content: 'Over the river',
      url: 'https://evil.example/x.jpg',
    });
    expect(foreign.body.errors.url).toEqual(['Use a file you uploaded here.']);
    const someoneElses = await createMediaFile(s.ctx.db, (await signedIn(s)).user.id, 'image');
    expect(
      (await post(c, { account_id: c.account.id, type: 'photo', title: 'S', content: 'R', url: someoneElses.url })).body
        .errors.url,
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
    expect((await post(c, { account_id: c.account.id, type: 'gallery', photos: [] })).body.errors.photos).toEqual([
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
      { url: a.url, caption: 'Fish' },
      { url: b.url, caption: '' },
    ]);
  });

  it('audio: audio, title and cover all required; the audio must be processed', async () => {
    const c = await creator();
    const missing = await post(c, { account_id: c.account.id, type: 'audio' });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['featured_photo_url', 'title', 'url']);
    const cover = await createMediaFile(s.ctx.db, c.user.id, 'image');
    const busy = await createMediaFile(s.ctx.db, c.user.id, 'audio', 'processing');
    const early = await post(c, {
      account_id: c.account.id,
      type: 'audio',
      title: 'Song',
      url: busy.url,
      featured_photo_url: cover.url,
    });
    expect(early.body.errors.url).toEqual(['This file is still being processed. Publish when it is ready.']);
    const image = await post(c, {
      account_id: c.account.id,
      type: 'audio',
      title: 'Song',
      url: cover.url,
      featured_photo_url: cover.url,
    });
    expect(image.body.errors.url).toBeDefined();
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
    expect(Object.keys((await post(c, { account_id: c.account.id, type: 'video' })).body.errors).sort()).toEqual([
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
    expect((await post(c, { account_id: c.account.id, type: 'poem', content: 'x' })).status).toBe(422);
    expect((await post(c, { account_id: 'abc', type: 'status', content: 'x' })).status).toBe(422);
    expect(
      (await s.request('POST', '/api/posts', { body: { account_id: c.account.id, type: 'status', content: 'x' } }))
        .status,
    ).toBe(401);
  });
});

describe('who may post, edit and delete', () => {
  it('a pending or someone else’s account cannot be posted or commented as', async () => {
    const pending = await creator('pending');
    const p = await post(pending, { account_id: pending.account.id, type: 'status', content: 'hi' });
    expect(p.status).toBe(403);
    expect(p.body.message).toMatch(/waiting for approval/);
    const owner = await creator();
    const intruder = await creator();
    expect((await post(intruder, { account_id: owner.account.id, type: 'status', content: 'hi' })).status).toBe(403);

    const target = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'Comment here' })).body
      .data;
    const asForeign = await s.request('POST', '/api/comments', {
      token: intruder.token,
      body: { post_id: target.id, content: 'x', account_id: owner.account.id },
    });
    expect(asForeign.status).toBe(403);
    const asPending = await s.request('POST', '/api/comments', {
      token: pending.token,
      body: { post_id: target.id, content: 'x', account_id: pending.account.id },
    });
    expect(asPending.status).toBe(403);
    const asAccount = await s.request('POST', '/api/comments', {
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
      (await s.request('PUT', `/api/posts/${p.id}`, { token: other.token, body: { content: 'Hacked' } })).status,
    ).toBe(403);
    expect((await s.request('DELETE', `/api/posts/${p.id}`, { token: other.token })).status).toBe(403);
    expect((await s.request('PUT', '/api/posts/999999', { token: other.token, body: { content: 'x' } })).status).toBe(
      404,
    );
    expect((await s.request('DELETE', '/api/posts/999999', { token: other.token })).status).toBe(404);
    expect((await s.request('GET', '/api/posts/slug/no-such-post')).status).toBe(404);

    const edited = await s.request('PUT', `/api/posts/${p.id}`, {
      token: owner.token,
      body: { content: 'Mine, edited' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ content: 'Mine, edited', slug: p.slug });
    const admin = await signedIn(s, { role: 'admin' });
    expect(
      (await s.request('PUT', `/api/posts/${p.id}`, { token: admin.token, body: { content: 'Moderated' } })).status,
    ).toBe(200);
    expect((await s.request('DELETE', `/api/posts/${p.id}`, { token: admin.token })).status).toBe(204);
    expect((await s.request('GET', `/api/posts/slug/${p.slug}`)).status).toBe(404);
  });
});

describe('comments', () => {
  it('nest three levels; the third level cannot be replied to; counts follow', async () => {
    const owner = await creator();
    const reader = await signedIn(s);
    const p = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'Talk to me' })).body.data;
    const say = (content: string, parent?: number, token = reader.token) =>
      s.request('POST', '/api/comments', { token, body: { post_id: p.id, content, parent_comment_id: parent } });
    expect((await say('   ')).status).toBe(422);
    const first = (await say('Level one')).body.data;
    expect(first).toMatchObject({ depth: 1, parent_comment_id: null, commentable_type: 'user', can_delete: true });
    const second = (await say('Level two', first.id, owner.token)).body.data;
    const third = (await say('Level three', second.id)).body.data;
    expect(third.depth).toBe(3);
    const fourth = await say('Level four', third.id);
    expect(fourth.status).toBe(422);
    expect(fourth.body.message).toBe('Replies go three levels deep; reply to an earlier comment instead.');

    const thread = await s.request('GET', `/api/posts/${p.id}/comments`, { token: reader.token });
    expect(thread.body.data).toHaveLength(1);
    expect(thread.body.data[0].replies[0].replies[0].content).toBe('Level three');
    expect((await s.request('GET', `/api/posts/slug/${p.slug}`)).body.data.comments_count).toBe(3);

    // Notifications for the post's owner and the replied-to author.
    const rows = await s.ctx.db.select().from(notifications).where(eq(notifications.post_id, p.id));
    expect(rows.map((r) => [r.type, r.user_id]).sort()).toEqual(
      [
        ['comment', owner.user.id], // level one, on the owner's post
        ['reply', reader.user.id], // the owner answered the reader
        ['reply', owner.user.id], // the reader answered the owner: one notification, not two
      ].sort(),
    );

    // Others may not delete; the post owner may, and the replies go too.
    const stranger = await signedIn(s);
    expect((await s.request('DELETE', `/api/comments/${first.id}`, { token: stranger.token })).status).toBe(403);
    expect((await s.request('DELETE', `/api/comments/${third.id}`, { token: reader.token })).status).toBe(204);
    expect((await s.request('DELETE', `/api/comments/${first.id}`, { token: owner.token })).status).toBe(204);
    expect((await s.request('GET', `/api/posts/slug/${p.slug}`)).body.data.comments_count).toBe(0);
    expect((await s.request('GET', `/api/posts/${p.id}/comments`)).body.data).toEqual([]);
    expect((await s.request('DELETE', '/api/comments/999999', { token: owner.token })).status).toBe(404);
  });

  it('a reply must belong to the same post', async () => {
    const owner = await creator();
    const a = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'A' })).body.data;
    const b = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'B' })).body.data;
    const onA = (
      await s.request('POST', '/api/comments', { token: owner.token, body: { post_id: a.id, content: 'x' } })
    ).body.data;
    const cross = await s.request('POST', '/api/comments', {
      token: owner.token,
      body: { post_id: b.id, content: 'y', parent_comment_id: onA.id },
    });
    expect(cross.status).toBe(422);
  });
});

describe('likes', () => {
  it('toggle, and stay right under concurrent requests', async () => {
    const owner = await creator();
    const p = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'Like me' })).body.data;
    const fan = await signedIn(s);
    const like = (token: string) =>
      s.request('POST', '/api/likes', { token, body: { likeable_type: 'post', likeable_id: p.id } });
    expect((await like(fan.token)).body).toEqual({ liked: true, likes_count: 1 });
    expect((await like(fan.token)).body).toEqual({ liked: false, likes_count: 0 });

    // The same person clicking many times at once: the count equals the likes that exist.
    await Promise.all(Array.from({ length: 15 }, () => like(fan.token)));
    const rows = await s.ctx.db.select().from(likes).where(eq(likes.likeable_id, p.id));
    const [stored] = await s.ctx.db.select({ n: posts.likes_count }).from(posts).where(eq(posts.id, p.id));
    expect(stored!.n).toBe(rows.filter((r) => r.likeable_type === 'post').length);

    // Many people at once.
    const crowd = await Promise.all(Array.from({ length: 8 }, () => signedIn(s)));
    await Promise.all(crowd.map((c) => like(c.token)));
    const [after] = await s.ctx.db.select({ n: posts.likes_count }).from(posts).where(eq(posts.id, p.id));
    const [{ n: real } = { n: -1 }] = await s.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .where(sql`likeable_type = 'post' and likeable_id = ${p.id}`);
    expect(after!.n).toBe(real);
    expect(real).toBe(stored!.n + 8);
    const read = await s.request('GET', `/api/posts/slug/${p.slug}`, { token: crowd[0]!.token });
    expect(read.body.data.liked).toBe(true);

    expect(
      (
        await s.request('POST', '/api/likes', {
          token: fan.token,
          body: { likeable_type: 'post', likeable_id: 999999 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await s.request('POST', '/api/likes', { token: fan.token, body: { likeable_type: 'user', likeable_id: 1 } }))
        .status,
    ).toBe(422);
  });

  it('work on comments too', async () => {
    const owner = await creator();
    const p = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'x' })).body.data;
    const c = (await s.request('POST', '/api/comments', { token: owner.token, body: { post_id: p.id, content: 'c' } }))
      .body.data;
    const fan = await signedIn(s);
    expect(
      (
        await s.request('POST', '/api/likes', {
          token: fan.token,
          body: { likeable_type: 'comment', likeable_id: c.id },
        })
      ).body,
    ).toEqual({ liked: true, likes_count: 1 });
    const thread = await s.request('GET', `/api/posts/${p.id}/comments`, { token: fan.token });
    expect(thread.body.data[0]).toMatchObject({ liked: true, likes_count: 1 });
  });
});

describe('follows and feeds', () => {
  it('follow counts move by one and the followed feed pages newest first', async () => {
    const creatorA = await creator();
    const creatorB = await creator();
    const reader = await signedIn(s);
    for (let i = 1; i <= 23; i++)
      await post(creatorA, { account_id: creatorA.account.id, type: 'status', content: `A${i}` });
    await post(creatorB, { account_id: creatorB.account.id, type: 'status', content: 'B1' });

    expect((await s.request('GET', '/api/feed', { token: reader.token })).body.meta.total).toBe(0);
    const follow = await s.request('POST', `/api/accounts/${creatorA.account.id}/follow`, { token: reader.token });
    expect(follow.body).toEqual({ is_followed: true, followers_count: 1 });
    expect(
      (await s.request('POST', `/api/accounts/${creatorA.account.id}/follow`, { token: reader.token })).body,
    ).toEqual({ is_followed: true, followers_count: 1 });
    const byName = await s.request('GET', `/api/accounts/by-username/${creatorA.account.username}`, {
      token: reader.token,
    });
    expect(byName.body.data).toMatchObject({ is_followed: true, followers_count: 1 });

    const page1 = await s.request('GET', '/api/feed?page=1', { token: reader.token });
    expect(page1.body.data).toHaveLength(20);
    expect(page1.body.data[0].content).toBe('A23');
    expect(page1.body.data.map((p: { content: string }) => p.content)).not.toContain('B1');
    expect(page1.body.meta).toMatchObject({ current_page: 1, last_page: 2, total: 23, per_page: 20 });
    const page2 = await s.request('GET', '/api/feed?page=2', { token: reader.token });
    expect(page2.body.data.map((p: { content: string }) => p.content)).toEqual(['A3', 'A2', 'A1']);

    const unfollow = await s.request('DELETE', `/api/accounts/${creatorA.account.id}/follow`, { token: reader.token });
    expect(unfollow.body).toEqual({ is_followed: false, followers_count: 0 });
    expect((await s.request('GET', '/api/feed', { token: reader.token })).body.data).toEqual([]);
    expect((await s.request('POST', '/api/accounts/999999/follow', { token: reader.token })).status).toBe(404);
    expect((await s.request('POST', `/api/accounts/${creatorA.account.id}/follow`)).status).toBe(401);

    const notes = await s.ctx.db.select().from(notifications).where(eq(notifications.account_id, creatorA.account.id));
    expect(notes.filter((n) => n.type === 'follow').map((n) => n.user_id)).toEqual([creatorA.user.id]);
  });

  it('the public feed is newest first with a counted total; deleting a post takes it out', async () => {
    const c = await creator();
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push((await post(c, { account_id: c.account.id, type: 'status', content: `P${i}` })).body.data);
    const feed = await s.request('GET', '/api/feed/public?per_page=2');
    expect(feed.body.data.map((p: { content: string }) => p.content)).toEqual(['P2', 'P1']);
    const total = feed.body.meta.total;
    expect(feed.body.meta.links.find((l: { active: boolean }) => l.active).label).toBe('1');
    await s.request('DELETE', `/api/posts/${made[2].id}`, { token: c.token });
    const after = await s.request('GET', '/api/feed/public?per_page=2');
    expect(after.body.data[0].content).toBe('P1');
    expect(after.body.meta.total).toBe(total - 1);
    expect((await s.request('GET', '/api/feed/public?per_page=500')).status).toBe(422);
  });

  it('account pages filter by type with their own totals; my posts list mine', async () => {
    const c = await creator();
    await post(c, { account_id: c.account.id, type: 'status', content: 'one' });
    await post(c, { account_id: c.account.id, type: 'status', content: 'two' });
    await post(c, { account_id: c.account.id, type: 'post', title: 'Essay', content: `<p>${'word '.repeat(120)}</p>` });
    const all = await s.request('GET', `/api/accounts/${c.account.id}/posts`);
    expect(all.body.meta.total).toBe(3);
    const notes = await s.request('GET', `/api/accounts/${c.account.id}/posts?type=status`);
    expect(notes.body.meta.total).toBe(2);
    const articles = await s.request('GET', `/api/accounts/${c.account.id}/posts?type=post`);
    expect(articles.body.data[0].content.split(' ').length).toBeLessThanOrEqual(61);
    expect((await s.request('GET', '/api/user/posts', { token: c.token })).body.meta.total).toBe(3);
    expect((await s.request('GET', '/api/accounts/999999/posts')).status).toBe(404);
  });

  it('explore lists visible accounts, most followed first', async () => {
    const popular = await creator();
    const fans = await Promise.all(Array.from({ length: 3 }, () => signedIn(s)));
    for (const f of fans) await s.request('POST', `/api/accounts/${popular.account.id}/follow`, { token: f.token });
    await creator('pending');
    const res = await s.request('GET', '/api/explore/accounts', { token: fans[0]!.token });
    expect(res.body.data[0]).toMatchObject({ id: popular.account.id, followers_count: 3, is_followed: true });
    expect(res.body.data.every((a: { approved_status: string }) => a.approved_status === 'approved')).toBe(true);
  });
});

describe('search', () => {
  it('finds Thai and Burmese posts by part of a word, and accounts', async () => {
    const c = await creator('approved', { name: 'เชียงใหม่ กินเที่ยว', description: 'อาหารเหนือ' });
    await post(c, { account_id: c.account.id, type: 'status', content: 'ข้าวซอยเชียงใหม่อร่อยที่สุด' });
    await post(c, { account_id: c.account.id, type: 'status', content: 'ရန်ကုန်မြို့ရဲ့ မနက်ခင်း လက်ဖက်ရည်' });
    await post(c, { account_id: c.account.id, type: 'status', content: 'Morning tea in Yangon' });
    const { token } = await signedIn(s);
    const thai = await s.request('GET', `/api/search?q=${encodeURIComponent('ข้าวซอย')}`, { token });
    expect(thai.body.data.posts.map((p: { excerpt: string }) => p.excerpt)).toEqual(['ข้าวซอยเชียงใหม่อร่อยที่สุด']);
    const burmese = await s.request('GET', `/api/search?q=${encodeURIComponent('လက်ဖက်ရည်')}`, { token });
    expect(burmese.body.data.posts).toHaveLength(1);
    const english = await s.request('GET', '/api/search?q=tea&type=posts', { token });
    expect(english.body.data.posts.map((p: { excerpt: string }) => p.excerpt)).toContain('Morning tea in Yangon');
    expect(english.body.data.users).toEqual([]);
    const accounts = await s.request('GET', `/api/search?q=${encodeURIComponent('เชียงใหม่')}&type=accounts`, { token });
    expect(accounts.body.data.accounts[0]).toMatchObject({ name: 'เชียงใหม่ กินเที่ยว' });
    expect((await s.request('GET', '/api/search?q=', { token })).status).toBe(422);
  });
});
