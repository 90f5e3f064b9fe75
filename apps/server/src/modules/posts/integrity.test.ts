import { accountsApi, commentsApi, followsApi, likesApi, postsApi } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/connect';
import { accounts, posts } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import * as slug from './slug';

// The real slug maker, wrapped so a test can make it draw a suffix that is already taken.
vi.mock('./slug', async (importOriginal) => {
  const actual = await importOriginal<typeof slug>();
  return { ...actual, makeSlug: vi.fn(actual.makeSlug) };
});

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

type Person = Awaited<ReturnType<typeof signedIn>>;
type Creator = Person & { account: { id: number } };

async function creator(): Promise<Creator> {
  const person = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, person.user.id, { approved: 'approved' });
  return { ...person, account };
}

async function post(c: Creator, body: Record<string, unknown> = {}): Promise<number> {
  const res = await s.call(postsApi.create, {
    token: c.token,
    body: { account_id: c.account.id, type: 'status', content: 'A status', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

async function comment(
  who: Person,
  postId: number,
  extra: { parent?: number; as?: { id: number } } = {},
): Promise<number> {
  const res = await s.call(commentsApi.create, {
    token: who.token,
    body: {
      post_id: postId,
      content: 'A comment',
      ...(extra.parent ? { parent_comment_id: extra.parent } : {}),
      ...(extra.as ? { account_id: extra.as.id } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

async function like(who: Person, type: 'post' | 'comment', id: number) {
  const res = await s.call(likesApi.toggle, {
    token: who.token,
    body: { likeable_type: type, likeable_id: id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.liked).toBe(true);
}

async function follow(who: Person, accountId: number) {
  const res = await s.call(followsApi.follow, { params: { id: accountId }, token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

interface Mismatch {
  what: string;
  id: number;
  stored: number;
  counted: number;
}

/** Every stored count beside what counting the rows gives; only the ones that differ are answered. */
const recount = () =>
  queryRows<Mismatch>(
    s.ctx.db,
    sql`select * from (
          select 'post likes' as what, p.id, p.likes_count as stored,
            (select count(*)::int from likes l where l.likeable_type = 'post' and l.likeable_id = p.id) as counted
          from posts p
          union all
          select 'post comments', p.id, p.comments_count,
            (select count(*)::int from comments c where c.post_id = p.id)
          from posts p
          union all
          select 'comment likes', c.id, c.likes_count,
            (select count(*)::int from likes l where l.likeable_type = 'comment' and l.likeable_id = c.id)
          from comments c
          union all
          select 'followers', a.id, a.followers_count, (select count(*)::int from follows f where f.account_id = a.id)
          from accounts a
          union all
          select 'account posts', a.id, a.posts_count,
            (select count(*)::int from posts p where p.account_id = a.id and p.status = 'published')
          from accounts a
          union all
          select 'account ' || t.type || ' posts', a.id, coalesce((a.type_counts ->> t.type)::int, 0),
            (select count(*)::int from posts p where p.account_id = a.id and p.status = 'published' and p.type = t.type)
          from accounts a
          cross join (values ('status'), ('post'), ('photo'), ('gallery'), ('audio'), ('video')) as t(type)
          union all
          select 'visible posts', 0, coalesce((select k.value from counters k where k.key = 'posts.visible'), 0),
            (select count(*)::int from posts p where p.visible)
          union all
          select 'likes of nothing', 0, 0,
            (select count(*)::int from likes l
              where (l.likeable_type = 'post' and not exists(select 1 from posts p where p.id = l.likeable_id))
                 or (l.likeable_type = 'comment' and not exists(select 1 from comments c where c.id = l.likeable_id)))
        ) x where x.stored <> x.counted`,
  );

const visiblePosts = async () =>
  (await queryRows<{ n: number }>(s.ctx.db, sql`select count(*)::int as n from posts p where p.visible`))[0]!.n;

describe('counts stay true after deleting an account, a post and a comment', () => {
  it('every stored count equals a recount, and the public feed’s total the visible posts', async () => {
    const [a, b, c] = [await creator(), await creator(), await creator()];
    const [r1, r2] = [await signedIn(s), await signedIn(s)];

    // The account to delete: two visible posts and one written while it was unpublished (hidden).
    const a1 = await post(a);
    const a2 = await post(a, { type: 'post', title: 'An article', content: '<p>Words</p>' });
    await s.ctx.db.update(accounts).set({ published_status: 'unpublished' }).where(eq(accounts.id, a.account.id));
    const a3 = await post(a);
    await s.ctx.db.update(accounts).set({ published_status: 'published' }).where(eq(accounts.id, a.account.id));
    expect((await s.ctx.db.select().from(posts).where(eq(posts.id, a3)))[0]!.visible).toBe(false);
    const [b1, b2, c1] = [await post(b), await post(b), await post(c)];

    for (const [who, account] of [
      [r1, a],
      [r1, b],
      [r2, b],
      [r2, c],
      [a, b],
      [b, a],
    ] as const)
      await follow(who, account.account.id);

    // Comments made as the account on others' posts, with replies from others and others' replies under them.
    const asA = await comment(a, b1, { as: a.account });
    const underAsA = await comment(r1, b1, { parent: asA });
    const deepUnderAsA = await comment(b, b1, { parent: underAsA, as: b.account });
    const byR2 = await comment(r2, b1);
    const asAUnderR2 = await comment(a, b1, { parent: byR2, as: a.account });
    const aAsPerson = await comment(a, b1); // as the person, not the account: stays
    const asAOnC1 = await comment(a, c1, { as: a.account });
    // Comments on the account's own posts, by others.
    const onA1 = await comment(r1, a1);
    const bUnderOnA1 = await comment(b, a1, { parent: onA1, as: b.account });
    await comment(a, a3, { as: a.account }); // on the hidden post: the account's people may comment there
    // Comments on the post to delete, and a thread on another post whose root is deleted.
    const onB2 = await comment(r1, b2);
    const underOnB2 = await comment(r2, b2, { parent: onB2 });
    const threadRoot = await comment(r2, c1);
    const threadReply = await comment(r1, c1, { parent: threadRoot });
    const threadDeep = await comment(c, c1, { parent: threadReply, as: c.account });
    const besideThread = await comment(r1, c1);

    for (const id of [a1, a2, b1, b2, c1]) await like(r1, 'post', id);
    for (const id of [a1, b1, b2]) await like(r2, 'post', id);
    await like(b, 'post', a2);
    for (const id of [asA, deepUnderAsA, asAUnderR2, aAsPerson, onA1, onB2, threadReply, besideThread])
      await like(r1, 'comment', id);
    for (const id of [asA, underAsA, byR2, asAOnC1, bUnderOnA1, underOnB2, threadRoot, threadDeep])
      await like(r2, 'comment', id);
    for (const id of [asAUnderR2, onA1, threadRoot]) await like(c, 'comment', id);
    expect(await recount()).toEqual([]);

    expect((await s.call(commentsApi.remove, { params: { id: threadRoot }, token: r2.token })).status).toBe(204);
    expect(await recount()).toEqual([]);
    expect((await s.call(postsApi.remove, { params: { id: b2 }, token: b.token })).status).toBe(204);
    expect(await recount()).toEqual([]);
    expect((await s.call(accountsApi.remove, { params: { id: a.account.id }, token: a.token })).status).toBe(204);
    expect(await recount()).toEqual([]);

    // What stays: b1 keeps byR2 and the person's own comment; c1 keeps the comment beside the deleted thread.
    const left = await queryRows<{ id: number; comments_count: number }>(
      s.ctx.db,
      sql`select p.id, p.comments_count from posts p order by p.id`,
    );
    expect(left).toEqual([
      { id: b1, comments_count: 2 },
      { id: c1, comments_count: 1 },
    ]);
    expect(await queryRows(s.ctx.db, sql`select c.id from comments c order by c.id`)).toEqual([
      { id: byR2 },
      { id: aAsPerson },
      { id: besideThread },
    ]);

    const visible = await visiblePosts();
    expect(visible).toBe(2);
    const feed = await s.call(postsApi.publicFeed, { query: { per_page: 1 } });
    expect(feed.status).toBe(200);
    expect(feed.body.meta).toMatchObject({ total: visible, last_page: visible });
    expect(feed.body.data).toHaveLength(1);
    expect((await s.call(postsApi.publicFeed, { query: { per_page: 1, page: 2 } })).body.data).toHaveLength(1);
  });
});

describe('slug collisions', () => {
  const makeSlug = vi.mocked(slug.makeSlug);
  let actualMakeSlug: typeof slug.makeSlug;
  beforeAll(async () => {
    actualMakeSlug = (await vi.importActual<typeof slug>('./slug')).makeSlug;
  });
  beforeEach(() => {
    makeSlug.mockReset();
    makeSlug.mockImplementation(actualMakeSlug);
  });

  it('a suffix already taken is drawn again instead of failing the post', async () => {
    const c = await creator();
    makeSlug.mockReturnValueOnce('same-title-abc123');
    const first = await s.call(postsApi.create, {
      token: c.token,
      body: { account_id: c.account.id, type: 'status', content: 'Same title' },
    });
    expect(first.status).toBe(201);
    expect(first.body.data.slug).toBe('same-title-abc123');

    makeSlug.mockReturnValueOnce('same-title-abc123').mockReturnValueOnce('same-title-abc123');
    const second = await s.call(postsApi.create, {
      token: c.token,
      body: { account_id: c.account.id, type: 'status', content: 'Same title' },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.slug).toMatch(/^same-title-[0-9a-f]{6}$/);
    expect(second.body.data.slug).not.toBe('same-title-abc123');
    expect(makeSlug).toHaveBeenCalledTimes(4);

    // The post counts saw one insert per post, not one per attempt.
    expect(await recount()).toEqual([]);
  });

  it('gives up after a few attempts: a conflict, and nothing half-written', async () => {
    const c = await creator();
    makeSlug.mockReturnValueOnce('always-taken-000000');
    expect(
      (
        await s.call(postsApi.create, {
          token: c.token,
          body: { account_id: c.account.id, type: 'status', content: 'x' },
        })
      ).status,
    ).toBe(201);
    makeSlug.mockReturnValue('always-taken-000000');
    const refused = await s.call(postsApi.create, {
      token: c.token,
      body: { account_id: c.account.id, type: 'status', content: 'x' },
    });
    expect(refused.status).toBe(409);
    expect(makeSlug).toHaveBeenCalledTimes(6);
    expect(await recount()).toEqual([]);
  });
});
