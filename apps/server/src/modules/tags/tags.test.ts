import { followsApi, membershipsApi, postsApi, tagsApi } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, tags } from '../../db/schema';
import { postAs, withAccount } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

type Creator = Awaited<ReturnType<typeof withAccount>>;
const write = async (c: Creator, content: string, extra: Record<string, unknown> = {}) => {
  const res = await postAs(s, c, { account_id: c.account.id, type: 'status', content, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};
const feedIds = async (token: string) =>
  (await s.call(postsApi.feed, { token, query: { per_page: 50 } })).body.data.map((p) => p.id);

describe('#tags', () => {
  it('are parsed in any script, counted through edits and deletes, and listed on their page (locked ones locked)', async () => {
    const c = await withAccount(s);
    const first = await write(c, 'မိုးရာသီ ရောက်ပြီ #မိုးရာသီ၊ #ရန်ကုန်။');
    expect(first.tags).toEqual(['မိုးရာသီ', 'ရန်ကုန်']);
    expect(first.language).toBe('my');
    const thai = await write(c, 'เที่ยวเชียงใหม่ #ข้าวซอย อร่อย #KhaoSoi');
    expect(thai.tags).toEqual(['ข้าวซอย', 'khaosoi']);
    const tier = (
      await s.call(membershipsApi.createTier, {
        token: c.token,
        params: { id: c.account.id },
        body: { name: 'Patron', monthly_price: 1000 },
      })
    ).body.data;
    const locked = await write(c, 'Members only #မိုးရာသီ secret words', { min_tier_id: tier.id });

    // The page: guests may read it; the members-only post is there, locked; the count is the rows'.
    const page = await s.call(tagsApi.tag, { params: { tag: 'မိုးရာသီ' } });
    expect(page.status).toBe(200);
    expect(page.body.data).toEqual({ tag: 'မိုးရာသီ', posts_count: 2, is_followed: false });
    expect(page.body.posts.map((p) => [p.id, p.locked])).toEqual([
      [locked.id, true],
      [first.id, false],
    ]);
    expect(JSON.stringify(page.body.posts)).not.toContain('secret words');
    // Case and NFC: one tag.
    expect((await s.call(tagsApi.tag, { params: { tag: 'KHAOSOI' } })).body.data.posts_count).toBe(1);

    // An edit that drops a tag, and a delete, keep the count true.
    await s.call(postsApi.update, { token: c.token, params: { id: first.id }, body: { content: 'No tags now' } });
    await s.call(postsApi.remove, { token: c.token, params: { id: locked.id } });
    const [row] = await s.ctx.db.select().from(tags).where(eq(tags.name, 'မိုးရာသီ'));
    expect(row!.posts_count).toBe(0);
    expect((await s.call(tagsApi.tag, { params: { tag: 'မိုးရာသီ' } })).body.posts).toEqual([]);

    // A hidden post is not on its tag's page.
    await s.ctx.db.update(posts).set({ visible: false }).where(eq(posts.id, thai.id));
    expect((await s.call(tagsApi.tag, { params: { tag: 'ข้าวซอย' } })).body.posts).toEqual([]);
    // A tag nobody used answers empty; a tag that is not one is refused.
    expect((await s.call(tagsApi.tag, { params: { tag: 'nobodyusedthis' } })).body).toMatchObject({
      data: { posts_count: 0 },
      posts: [],
    });
    expect((await s.call(tagsApi.tag, { params: { tag: 'a b' } })).status).toBe(422);
  });

  it('a followed tag’s posts join my feed, and leave it when I unfollow (unless I follow their account)', async () => {
    const c = await withAccount(s);
    const other = await withAccount(s);
    const reader = await signedIn(s);
    const before = await write(c, 'Old #streetfood post');
    expect((await s.call(tagsApi.follow, { params: { tag: 'streetfood' } })).status).toBe(401);
    const followed = await s.call(tagsApi.follow, { token: reader.token, params: { tag: 'StreetFood' } });
    expect(followed.body.data).toEqual({ tag: 'streetfood', posts_count: 1, is_followed: true });
    const after = await write(other, 'New #streetfood in Bangkok');
    const untagged = await write(other, 'Nothing tagged');
    const ids = await feedIds(reader.token);
    expect(ids).toEqual(expect.arrayContaining([before.id, after.id]));
    expect(ids).not.toContain(untagged.id);
    expect((await s.call(tagsApi.followed, { token: reader.token })).body.data.map((t) => t.tag)).toEqual([
      'streetfood',
    ]);

    // Following the account too: its posts stay after the tag goes.
    await s.call(followsApi.follow, { token: reader.token, params: { id: other.account.id } });
    const left = await s.call(tagsApi.unfollow, { token: reader.token, params: { tag: 'streetfood' } });
    expect(left.body.data.is_followed).toBe(false);
    const now = await feedIds(reader.token);
    expect(now).not.toContain(before.id);
    expect(now).toEqual(expect.arrayContaining([after.id, untagged.id]));
  });

  it('trending: the tags of the most posts in the last day, per language', async () => {
    const c = await withAccount(s);
    for (let i = 0; i < 3; i++) await write(c, `ตลาดนัด ${i} #trendingthai`);
    await write(c, 'English words #trendingenglish');
    const th = await s.call(tagsApi.trending, { query: { language: 'th' } });
    expect(th.body.data[0]).toEqual({ tag: 'trendingthai', posts_count: 3 });
    expect(th.body.data.map((t) => t.tag)).not.toContain('trendingenglish');
    // The public feed in one language.
    const feed = await s.call(postsApi.publicFeed, { query: { language: 'th', per_page: 50 } });
    expect(feed.body.data.length).toBeGreaterThanOrEqual(3);
    expect(feed.body.data.every((p) => p.language === 'th')).toBe(true);
    const all = await s.call(tagsApi.trending, { query: {} });
    expect(all.body.data.map((t) => t.tag)).toEqual(expect.arrayContaining(['trendingthai', 'trendingenglish']));
  });
});
