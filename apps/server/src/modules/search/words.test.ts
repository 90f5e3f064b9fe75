import { membershipsApi, postsAdminApi, safetyApi, searchApi, type SearchQuery, type Tier } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { postAs, withAccount } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castOf, type Cast } from '../../../test/policy-table';
import { joinTier } from '../../../test/membership-helpers';
import { waitUntil } from '../../../test/wait-for';
import { backfillTexts } from '../posts';

/*
 * Word-aware search (issue 30): words found inside unspaced Thai and Burmese, ranked by match, recency and
 * engagement, paged by a cursor, with escaped snippets; hidden, rejected and members-only text never leaks.
 */

let s: TestServer;
let cast: Cast;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
});
afterAll(() => s?.close());

type Person = { token: string; user: { id: number } };
const find = async (who: Person, query: SearchQuery) => {
  const res = await s.call(searchApi.search, { token: who.token, query: { type: 'posts', ...query } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const write = async (c: Person & { account: { id: number } }, content: string, extra: Record<string, unknown> = {}) => {
  const res = await postAs(s, c, { account_id: c.account.id, type: 'status', content, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};

describe('search by words', () => {
  it('finds a Thai word inside unspaced text and ranks it above a post where it is only part of a longer word', async () => {
    const c = await withAccount(s);
    const word = await write(c, 'ไฟฟ้าดับทั้งเมืองเมื่อคืนนี้');
    // Newer, and with the query only inside รถไฟฟ้า: found by trigrams, ranked below.
    const part = await write(c, 'รถไฟฟ้ามาช้ามากวันนี้');
    const me = await signedIn(s);
    const found = await find(me, { q: 'ไฟฟ้า' });
    const ids = found.data.posts.map((p) => p.id);
    expect(ids.indexOf(word.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(part.id)).toBeGreaterThan(ids.indexOf(word.id));
    expect(found.data.posts.find((p) => p.id === word.id)).toMatchObject({
      highlight: '<mark>ไฟฟ้า</mark>ดับทั้งเมืองเมื่อคืนนี้',
      language: 'th',
    });
    expect(found.data.posts.find((p) => p.id === part.id)!.highlight).toBe('รถ<mark>ไฟฟ้า</mark>มาช้ามากวันนี้');

    // Burmese: ICU's words, the query split the same way.
    const burmese = await write(c, 'ရန်ကုန်မြို့မှာမိုးရွာနေတယ်');
    const rain = await find(me, { q: 'မိုးရွာ', language: 'my' });
    expect(rain.data.posts.map((p) => p.id)).toContain(burmese.id);
    expect(rain.data.posts.every((p) => p.language === 'my')).toBe(true);
    expect((await find(me, { q: 'မိုးရွာ', language: 'th' })).data.posts.map((p) => p.id)).not.toContain(burmese.id);
  });

  it('answers snippets as escaped HTML with only the found words marked', async () => {
    const c = await withAccount(s);
    // Tags are stripped from a status when it is written; what is left is escaped when shown.
    await write(c, `5 < 6 & "quoted" 'it' <b>the</b> harbourlights tour`);
    const me = await signedIn(s);
    const [hit] = (await find(me, { q: 'harbourlights' })).data.posts;
    expect(hit!.highlight).toBe('5 &lt; 6 &amp; &quot;quoted&quot; &#39;it&#39; the <mark>harbourlights</mark> tour');
  });

  it('pages by cursor with no duplicates or gaps, in score order', async () => {
    const c = await withAccount(s);
    const written: number[] = [];
    for (let i = 0; i < 45; i++) written.push((await write(c, `pagingword number ${i}`)).id);
    // Some engagement, so the order is not simply the newest first.
    await s.ctx.db.update(posts).set({ likes_count: 50 }).where(eq(posts.id, written[3]!));
    const me = await signedIn(s);
    const seen: number[] = [];
    let before: string | undefined;
    let pages = 0;
    do {
      const page = await find(me, { q: 'pagingword', ...(before ? { before } : {}) });
      seen.push(...page.data.posts.map((p) => p.id));
      before = page.meta.next_cursor ?? undefined;
      pages += 1;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen)).toEqual(new Set(written));
    expect(seen[0]).toBe(written[3]);
    const bad = await s.call(searchApi.search, { token: me.token, query: { q: 'pagingword', before: 'not-a-cursor' } });
    expect(bad.status).toBe(422);
  });

  it('never shows hidden, rejected or others’ members-only text; a locked post is found by its title only', async () => {
    const c = await withAccount(s);
    const hidden = await withAccount(s);
    const tier: Tier = (
      await s.call(membershipsApi.createTier, {
        token: c.token,
        params: { id: c.account.id },
        body: { name: 'Patron', monthly_price: 1000 },
      })
    ).body.data;
    // A post of an account an administrator hid (`visible` goes with the account's status).
    const gone = await write(hidden, 'secretleak from a hidden account');
    await s.ctx.db.update(posts).set({ visible: false }).where(eq(posts.id, gone.id));
    const rejected = await write(c, 'secretleak to be rejected');
    await s.call(postsAdminApi.reject, {
      token: cast.people.root.token,
      params: { id: rejected.id },
      body: { reason: 'Spam' },
    });
    const locked = await write(c, 'Opening words.\n\nsecretleak for members', {
      type: 'post',
      title: 'Lanterns festival',
      content: '<p>Opening words.</p><p>secretleak for members</p>',
      min_tier_id: tier.id,
    });
    const reader = await signedIn(s);
    expect((await find(reader, { q: 'secretleak' })).data.posts).toEqual([]);
    const byTitle = (await find(reader, { q: 'lanterns' })).data.posts;
    expect(byTitle.map((p) => [p.id, p.locked])).toEqual([[locked.id, true]]);
    expect(JSON.stringify(byTitle)).not.toContain('secretleak');
    // A member finds it by its words.
    const member = await signedIn(s);
    await joinTier(s, member, tier.id);
    await waitUntil(async () => ((await find(member, { q: 'secretleak' })).data.posts.length === 1 ? true : undefined));
    // Blocked: gone from the blocker's results.
    await s.call(safetyApi.block, { token: reader.token, params: { id: c.user.id } });
    expect((await find(reader, { q: 'lanterns' })).data.posts).toEqual([]);
  });

  it('finds accounts, people and tags, suggests as one types, and filters by type and date', async () => {
    const c = await withAccount(s, 'approved', { name: 'เชียงใหม่ กินเที่ยว', description: 'อาหารเหนือ' });
    await write(c, 'ข้าวซอย #อาหารเหนือ #KhaoSoi');
    const me = await signedIn(s);
    const all = await s.call(searchApi.search, { token: me.token, query: { q: 'อาหารเหนือ' } });
    expect(all.body.data.accounts.map((a) => a.id)).toContain(c.account.id);
    expect(all.body.data.tags).toEqual([{ tag: 'อาหารเหนือ', posts_count: 1 }]);
    const tagOnly = await s.call(searchApi.search, { token: me.token, query: { q: '#khaosoi', type: 'tags' } });
    expect(tagOnly.body.data).toMatchObject({ tags: [{ tag: 'khaosoi' }], posts: [], accounts: [] });
    const photos = await find(me, { q: 'ข้าวซอย', post_type: 'photo' });
    expect(photos.data.posts).toEqual([]);
    const today = await find(me, { q: 'ข้าวซอย', since: 'day' });
    expect(today.data.posts).toHaveLength(1);

    const typed = await s.call(searchApi.suggest, { token: me.token, query: { q: 'เชียง' } });
    expect(typed.body.data.accounts.map((a) => a.id)).toContain(c.account.id);
    const hashed = await s.call(searchApi.suggest, { token: me.token, query: { q: '#อาหาร' } });
    expect(hashed.body.data).toMatchObject({ accounts: [], users: [], tags: [{ tag: 'อาหารเหนือ' }] });
    const total = (x: typeof typed.body.data) => x.accounts.length + x.users.length + x.tags.length;
    expect(total(typed.body.data)).toBeLessThanOrEqual(8);
    expect((await s.call(searchApi.suggest, { query: { q: 'เชียง' } })).status).toBe(401);
    const nope = await s.call(searchApi.search, {
      token: me.token,
      query: { q: 'x', type: 'nope' as SearchQuery['type'] },
    });
    expect(nope.status).toBe(422);
  });

  it('brings posts written before these rules up to date: Zawgyi converted, words, language and tags', async () => {
    const c = await withAccount(s);
    const post = await write(c, 'placeholder');
    // As a row written before: Zawgyi text, no words, version 0.
    await s.ctx.db.execute(sql`update posts set content = ${'ရန္ကုန္ၿမိဳ႕ #မိုးရာသီ'}, search_vector = ''::tsvector,
      language = 'other', tags = '{}', text_version = 0 where id = ${post.id}`);
    await backfillTexts(s.ctx);
    const [row] = await s.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ content: 'ရန်ကုန်မြို့ #မိုးရာသီ', language: 'my', tags: ['မိုးရာသီ'], text_version: 1 });
    const me = await signedIn(s);
    expect((await find(me, { q: 'ရန်ကုန်' })).data.posts.map((p) => p.id)).toContain(post.id);
  });
});
