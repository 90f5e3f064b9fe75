import { followsApi, postsAdminApi, postsApi, searchApi, type CreatePostBody, type Post } from '@inkwell/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIBLE_POSTS } from '../../db/counters';
import { accounts, auditLog, counters, notifications, posts } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castOf, personWithPermissions, type Cast, type Person } from '../../../test/policy-table';
import { jobsSettled } from '../../../test/wait-for';

let s: TestServer;
let cast: Cast;
/** Holds posts.view only: reads every post, moderates none. */
let viewer: Person;

beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
  viewer = await personWithPermissions(s, 'post_viewer', ['posts.view']);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const root = () => cast.people.root;
const reader = () => cast.people.reader;

let seq = 0;
/** A distinctive word, so a search finds only this test's posts. */
const word = () => `zq${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A creator (in `locale`) with an approved account, publishing through the API. */
async function creator(locale: 'en' | 'my' | 'th' = 'en') {
  const person = await signedIn(s, { locale });
  const account = await createCreatorAccount(s.ctx.db, person.user.id);
  const publish = async (body: Omit<CreatePostBody, 'account_id'>) => {
    const res = await s.call(postsApi.create, {
      token: person.token,
      body: { account_id: account.id, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as Post;
  };
  return { ...person, account, publish };
}

const visibleTotal = async () =>
  (await s.ctx.db.select().from(counters).where(eq(counters.key, VISIBLE_POSTS)))[0]?.value ?? 0;

const accountCounts = async (id: number) => {
  const [row] = await s.ctx.db
    .select({ posts: accounts.posts_count, types: accounts.type_counts })
    .from(accounts)
    .where(eq(accounts.id, id));
  return row!;
};

const auditOf = (action: string, subjectId: number) =>
  s.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject_id, subjectId)))
    .orderBy(asc(auditLog.id));

const publicFeedIds = async () =>
  (await s.call(postsApi.publicFeed, { query: { per_page: 100 }, token: reader().token })).body.data.map((p) => p.id);

const reject = (id: number, reason: string, token = root().token, lang?: string) =>
  s.call(postsAdminApi.reject, { params: { id }, body: { reason }, token, lang });
const restore = (id: number, token = root().token) => s.call(postsAdminApi.restore, { params: { id }, token });

describe('GET /posts (admin table)', () => {
  it('pages every post newest first with its account and a plain-text excerpt of at most 200 characters', async () => {
    const w = word();
    const c = await creator();
    const status = await c.publish({ type: 'status', content: `${w} မင်္ဂလာပါ status` });
    const long = `${w} ${'ข้อความภาษาไทย '.repeat(40)}`;
    const article = await c.publish({
      type: 'post',
      title: `Article ${w}`,
      content: `<h2>Heading</h2><p><strong>${long}</strong></p><script>x()</script>`,
    });
    const res = await s.call(postsAdminApi.list, { query: { q: w }, token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p) => p.id)).toEqual([article.id, status.id]);
    const [a, st] = res.body.data;
    expect(a).toMatchObject({
      slug: article.slug,
      type: 'post',
      title: `Article ${w}`,
      status: 'published',
      rejected_reason: null,
      account: { id: c.account.id, username: c.account.username, profile_url: null },
      likes_count: 0,
      comments_count: 0,
    });
    expect(a!.content).not.toMatch(/[<>]/);
    expect(a!.content.startsWith(`Heading ${w} ข้อความภาษาไทย`)).toBe(true);
    expect(Array.from(a!.content)).toHaveLength(200);
    expect(st!.content).toBe(`${w} မင်္ဂလာပါ status`);
    expect(Object.keys(a!).sort()).toEqual(
      [
        'account',
        'comments_count',
        'content',
        'created_at',
        'id',
        'likes_count',
        'rejected_reason',
        'slug',
        'status',
        'title',
        'type',
      ].sort(),
    );
  });

  it('pages with server links, and filters by type, status and the account’s username', async () => {
    const w = word();
    const c = await creator();
    const made: Post[] = [];
    for (let i = 0; i < 3; i++) made.push(await c.publish({ type: 'status', content: `${w} number ${i}` }));
    const article = await c.publish({ type: 'post', title: `${w} article`, content: '<p>Body</p>' });
    const first = await s.call(postsAdminApi.list, { query: { q: w, per_page: 2 }, token: root().token });
    expect(first.body.meta).toMatchObject({ current_page: 1, last_page: 2, total: 4, per_page: 2 });
    expect(first.body.meta.links.find((l) => l.active)?.label).toBe('1');
    const second = await s.call(postsAdminApi.list, { query: { q: w, per_page: 2, page: 2 }, token: root().token });
    expect(second.body.data.map((p) => p.id)).toEqual([made[1]!.id, made[0]!.id]);
    const past = await s.call(postsAdminApi.list, { query: { q: w, per_page: 2, page: 9 }, token: root().token });
    expect(past.body).toMatchObject({ data: [], meta: { total: 4 } });

    const articles = await s.call(postsAdminApi.list, { query: { q: w, type: 'post' }, token: root().token });
    expect(articles.body.data.map((p) => p.id)).toEqual([article.id]);
    const byAccount = await s.call(postsAdminApi.list, { query: { q: c.account.username }, token: root().token });
    expect(byAccount.body.data.map((p) => p.id)).toEqual([article.id, ...made.map((p) => p.id).reverse()]);

    expect((await reject(made[2]!.id, 'Spam and links')).status).toBe(200);
    const rejected = await s.call(postsAdminApi.list, { query: { q: w, status: 'rejected' }, token: root().token });
    expect(rejected.body.data).toMatchObject([
      { id: made[2]!.id, status: 'rejected', rejected_reason: 'Spam and links' },
    ]);
    // A LIKE wildcard is a character like any other.
    const wild = await s.call(postsAdminApi.list, { query: { q: '%' }, token: root().token });
    expect(wild.status).toBe(200);
  });

  it('without filters the total is every post there is', async () => {
    const res = await s.call(postsAdminApi.list, { query: { per_page: 1 }, token: root().token });
    const [row] = await s.ctx.db.select({ n: count() }).from(posts);
    expect(res.body.meta.total).toBe(row!.n);
  });

  it('refuses bad filters (422), a guest (401), a reader and a role without posts.view (403)', async () => {
    expect((await s.call(postsAdminApi.list, { rawQuery: { type: 'poem' }, token: root().token })).status).toBe(422);
    expect((await s.call(postsAdminApi.list, { query: { per_page: 1000 }, token: root().token })).status).toBe(422);
    expect((await s.call(postsAdminApi.list, {})).status).toBe(401);
    expect((await s.call(postsAdminApi.list, { token: reader().token })).status).toBe(403);
    const lacking = await cast.lacking('posts.view');
    expect((await s.call(postsAdminApi.list, { token: lacking.token })).status).toBe(403);
  });
});

describe('GET /posts/slug/:slug for administrators', () => {
  it('posts.view reads any post, rejected or on a hidden account; others keep the usual rules', async () => {
    const c = await creator();
    const hidden = await createCreatorAccount(s.ctx.db, c.user.id, { approved: 'pending' });
    const [row] = await s.ctx.db
      .insert(posts)
      .values({
        account_id: hidden.id,
        author_id: c.user.id,
        type: 'status',
        slug: `hidden-${word()}`,
        content: 'Hi',
        visible: false,
      })
      .returning();
    const read = (token?: string) => s.call(postsApi.bySlug, { params: { slug: row!.slug }, token });
    expect((await read(viewer.token)).status).toBe(200);
    expect((await read(c.token)).status).toBe(200);
    expect((await read(reader().token)).status).toBe(404);
    expect((await read()).status).toBe(404);
    expect((await read((await cast.lacking('posts.view')).token)).status).toBe(404);
  });
});

describe('POST /posts/:id/reject and /restore', () => {
  it('a rejection leaves feeds, search, the account’s list and the totals; its people still see it with the reason', async () => {
    const w = word();
    const c = await creator();
    const follower = await signedIn(s);
    await s.call(followsApi.follow, { params: { id: c.account.id }, token: follower.token });
    const p = await c.publish({ type: 'status', content: `Buy cheap ${w} now` });
    const before = { total: await visibleTotal(), counts: await accountCounts(c.account.id) };
    expect(await publicFeedIds()).toContain(p.id);

    const res = await reject(p.id, '  Advertising is not allowed here.  ');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: p.id,
      status: 'rejected',
      rejected_reason: 'Advertising is not allowed here.',
    });
    expect(Date.parse(res.body.data.rejected_at!)).toBeGreaterThan(Date.now() - 60_000);

    expect(await visibleTotal()).toBe(before.total - 1);
    expect(await accountCounts(c.account.id)).toEqual({
      posts: before.counts.posts - 1,
      types: { ...before.counts.types, status: (before.counts.types.status ?? 1) - 1 },
    });
    expect(await publicFeedIds()).not.toContain(p.id);
    const followed = await s.call(postsApi.feed, { token: follower.token });
    expect(followed.body.data.map((x) => x.id)).not.toContain(p.id);
    const found = await s.call(searchApi.search, { query: { q: w, type: 'posts' }, token: reader().token });
    expect(found.body.data.posts).toEqual([]);
    const listed = await s.call(postsApi.ofAccount, { params: { id: c.account.id }, token: reader().token });
    expect(listed.body.data.map((x) => x.id)).not.toContain(p.id);
    expect((await s.call(postsApi.bySlug, { params: { slug: p.slug }, token: reader().token })).status).toBe(404);

    // Its people: the post page and their own list, with the reason.
    const own = await s.call(postsApi.bySlug, { params: { slug: p.slug }, token: c.token });
    expect(own.body.data).toMatchObject({ status: 'rejected', rejected_reason: 'Advertising is not allowed here.' });
    const mine = await s.call(postsApi.mine, { token: c.token });
    expect(mine.body.data.find((x) => x.id === p.id)).toMatchObject({ status: 'rejected' });

    const [entry] = await auditOf('posts.reject', p.id);
    expect(entry).toMatchObject({
      actor_id: root().user!.id,
      subject_type: 'post',
      before: { status: 'published', visible: true, rejected_reason: null },
      after: { status: 'rejected', visible: false, rejected_reason: 'Advertising is not allowed here.' },
    });
  });

  it('a restore publishes it again: feeds, totals and the account’s list; the audit log has both', async () => {
    const c = await creator();
    const p = await c.publish({ type: 'status', content: 'A fair post' });
    const total = await visibleTotal();
    const counts = await accountCounts(c.account.id);
    await reject(p.id, 'Mistaken report');
    const res = await restore(p.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'published', rejected_reason: null, rejected_at: null });
    expect(await visibleTotal()).toBe(total);
    expect(await accountCounts(c.account.id)).toEqual(counts);
    expect(await publicFeedIds()).toContain(p.id);
    expect((await s.call(postsApi.bySlug, { params: { slug: p.slug }, token: reader().token })).status).toBe(200);
    const [entry] = await auditOf('posts.restore', p.id);
    expect(entry).toMatchObject({
      before: { status: 'rejected', visible: false, rejected_reason: 'Mistaken report' },
      after: { status: 'published', visible: true, rejected_reason: null },
    });
  });

  it('a restored post on an account that is not public stays hidden, and the total does not move', async () => {
    const c = await creator();
    const p = await c.publish({ type: 'status', content: 'Before the account was hidden' });
    await reject(p.id, 'Rule three');
    await s.ctx.db.update(accounts).set({ published_status: 'unpublished' }).where(eq(accounts.id, c.account.id));
    const total = await visibleTotal();
    expect((await restore(p.id)).body.data.status).toBe('published');
    expect(await visibleTotal()).toBe(total);
    const [row] = await s.ctx.db.select({ visible: posts.visible }).from(posts).where(eq(posts.id, p.id));
    expect(row!.visible).toBe(false);
  });

  it('rejecting twice or restoring a published post is a 409 and changes nothing', async () => {
    const c = await creator();
    const p = await c.publish({ type: 'status', content: 'Twice' });
    expect((await restore(p.id)).status).toBe(409);
    await reject(p.id, 'First reason');
    const total = await visibleTotal();
    const again = await reject(p.id, 'Second reason');
    expect(again.status).toBe(409);
    expect(again.error.code).toBe('posts.already_rejected');
    expect(await visibleTotal()).toBe(total);
    const own = await s.call(postsApi.bySlug, { params: { slug: p.slug }, token: c.token });
    expect(own.body.data.rejected_reason).toBe('First reason');
    expect(await auditOf('posts.reject', p.id)).toHaveLength(1);
    const [stillRejected] = await s.ctx.db.select().from(posts).where(eq(posts.id, p.id));
    expect(stillRejected!.status).toBe('rejected');
    expect((await restore(p.id)).status).toBe(200);
    const twice = await restore(p.id);
    expect(twice.status).toBe(409);
    expect(twice.error.code).toBe('posts.not_rejected');
  });

  it('the reason is required, 3 to 500 characters, no NUL: 422 and nothing changed', async () => {
    const c = await creator();
    const p = await c.publish({ type: 'status', content: 'Reasons' });
    const total = await visibleTotal();
    for (const body of [
      {},
      { reason: '' },
      { reason: ' ab ' },
      { reason: 'x'.repeat(501) },
      { reason: 'bad\u0000x' },
    ]) {
      const res = await s.call(postsAdminApi.reject, { params: { id: p.id }, token: root().token, rawBody: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.error.errors!)).toEqual(['reason']);
    }
    const mm = await reject(p.id, 'ab', root().token, 'my');
    expect(mm.error.errors!.reason![0]).toMatch(/[\u1000-\u109F]/);
    expect(await visibleTotal()).toBe(total);
    expect(await auditOf('posts.reject', p.id)).toEqual([]);
    expect((await reject(999_999_999, 'Missing post')).status).toBe(404);
    expect((await restore(999_999_999)).status).toBe(404);
  });

  it('who may not: 401 guest, 403 reader, the post’s own people, a role without posts.moderate', async () => {
    const c = await creator();
    const p = await c.publish({ type: 'status', content: 'Guarded' });
    const lacking = await cast.lacking('posts.moderate');
    for (const token of [undefined, reader().token, c.token, lacking.token, viewer.token]) {
      const rejected = await s.call(postsAdminApi.reject, { params: { id: p.id }, body: { reason: 'No way' }, token });
      expect(rejected.status).toBe(token ? 403 : 401);
      expect((await s.call(postsAdminApi.restore, { params: { id: p.id }, token })).status).toBe(token ? 403 : 401);
    }
    const moderator = await personWithPermissions(s, 'post_moderator', ['posts.moderate']);
    expect((await reject(p.id, 'Only moderate', moderator.token)).status).toBe(200);
    expect((await restore(p.id, moderator.token)).status).toBe(200);
  });

  it('tells the post’s author, in their language, after the commit (not the admin who acted)', async () => {
    const c = await creator('my');
    const p = await c.publish({ type: 'status', content: 'မင်္ဂလာပါ မိတ်ဆွေတို့' });
    await reject(p.id, 'ကြော်ငြာများ ခွင့်မပြုပါ');
    await jobsSettled(s);
    await restore(p.id);
    await jobsSettled(s);
    const rows = await s.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.post_id, p.id))
      .orderBy(asc(notifications.id));
    expect(rows.map(({ user_id, type, actor_id, account_id }) => ({ user_id, type, actor_id, account_id }))).toEqual([
      { user_id: c.user.id, type: 'moderation', actor_id: root().user!.id, account_id: c.account.id },
      { user_id: c.user.id, type: 'moderation', actor_id: root().user!.id, account_id: c.account.id },
    ]);
    expect(rows[0]!.payload).toEqual({ status: 'rejected', reason: 'ကြော်ငြာများ ခွင့်မပြုပါ' });
    expect([rows[0]!.title, rows[0]!.body]).toEqual([
      'ပို့စ် ပယ်ချခံရသည်',
      'စီမံခန့်ခွဲသူတစ်ဦးက သင့်ပို့စ် “မင်္ဂလာပါ မိတ်ဆွေတို့” ကို ပယ်ချလိုက်ပါသည်- ကြော်ငြာများ ခွင့်မပြုပါ',
    ]);
    expect(rows[1]!.payload).toEqual({ status: 'published' });
    expect(rows[1]!.body).toBe('သင့်ပို့စ် “မင်္ဂလာပါ မိတ်ဆွေတို့” ကို ပြန်လည်ထားရှိပြီး ထပ်မံ ထုတ်ဝေလိုက်ပါပြီ။');
  });
});

describe('PUT and DELETE /posts/:id by administrators', () => {
  it('posts.moderate edits and deletes anyone’s post, audited; the post’s own people are not audited', async () => {
    const c = await creator();
    const p = await c.publish({ type: 'post', title: 'Original', content: '<p>Text</p>' });
    const moderator = await personWithPermissions(s, 'post_editor', ['posts.moderate']);
    const edited = await s.call(postsApi.update, {
      params: { id: p.id },
      body: { title: 'Corrected', content: '<p>Text</p>' },
      token: moderator.token,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.title).toBe('Corrected');
    expect(await auditOf('posts.edit', p.id)).toMatchObject([
      {
        actor_id: moderator.user!.id,
        subject_type: 'post',
        before: { title: 'Original' },
        after: { title: 'Corrected' },
      },
    ]);
    const byOwner = await s.call(postsApi.update, {
      params: { id: p.id },
      body: { title: 'Mine again', content: '<p>Text</p>' },
      token: c.token,
    });
    expect(byOwner.status).toBe(200);
    expect(await auditOf('posts.edit', p.id)).toHaveLength(1);

    const lacking = await cast.lacking('posts.moderate');
    expect(
      (await s.call(postsApi.update, { params: { id: p.id }, body: { title: 'X' }, token: lacking.token })).status,
    ).toBe(403);
    expect((await s.call(postsApi.remove, { params: { id: p.id }, token: lacking.token })).status).toBe(403);
    expect((await s.call(postsApi.remove, { params: { id: p.id }, token: reader().token })).status).toBe(403);

    const total = await visibleTotal();
    expect((await s.call(postsApi.remove, { params: { id: p.id }, token: moderator.token })).status).toBe(204);
    expect(await visibleTotal()).toBe(total - 1);
    expect(await auditOf('posts.delete', p.id)).toMatchObject([
      { actor_id: moderator.user!.id, before: { slug: p.slug, title: 'Mine again' }, after: null },
    ]);
    const own = await c.publish({ type: 'status', content: 'Gone by my hand' });
    expect((await s.call(postsApi.remove, { params: { id: own.id }, token: c.token })).status).toBe(204);
    expect(await auditOf('posts.delete', own.id)).toEqual([]);
  });
});

describe('GET /users/:id/accounts (the import’s account choice)', () => {
  it('lists the accounts a person belongs to, with their role; 404 for nobody; posts.import only', async () => {
    const c = await creator();
    const second = await createCreatorAccount(s.ctx.db, c.user.id, { name: 'Aaa first by name', approved: 'pending' });
    const res = await s.call(postsAdminApi.userAccounts, { params: { id: c.user.id }, token: root().token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: second.id,
        name: 'Aaa first by name',
        username: second.username,
        profile_url: null,
        approved_status: 'pending',
        published_status: 'published',
        role: 'owner',
      },
      expect.objectContaining({ id: c.account.id, approved_status: 'approved', role: 'owner' }),
    ]);
    expect(res.body.meta.total).toBe(2);
    expect(
      (await s.call(postsAdminApi.userAccounts, { params: { id: 999_999_999 }, token: root().token })).status,
    ).toBe(404);
    expect((await s.call(postsAdminApi.userAccounts, { params: { id: c.user.id } })).status).toBe(401);
    expect(
      (await s.call(postsAdminApi.userAccounts, { params: { id: c.user.id }, token: reader().token })).status,
    ).toBe(403);
    const lacking = await cast.lacking('posts.import');
    expect((await s.call(postsAdminApi.userAccounts, { params: { id: c.user.id }, token: lacking.token })).status).toBe(
      403,
    );
  });
});
