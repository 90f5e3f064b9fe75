import {
  accountsApi,
  followsApi,
  postsAdminApi,
  postsApi,
  type CursorPaged,
  type EndpointQuery,
  type ErrorBody,
  type Post,
  type PostType,
} from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { accounts, feedEntries, feedPulledAccounts, feeds } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castOf, type Cast } from '../../../test/policy-table';
import { jobsSettled } from '../../../test/wait-for';
import { PULL_FOLLOWERS, FEED_CAP, TRIM_SLACK } from './feed.repo';

let s: TestServer;
let cast: Cast;

beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const root = () => cast.people.root.token!;

/** A signed-in creator with an approved account, publishing through the API. */
async function creator() {
  const person = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, person.user.id);
  const publish = async (content: string) => {
    const res = await s.call(postsApi.create, {
      token: person.token,
      body: { account_id: account.id, type: 'status', content },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  return { ...person, account, publish };
}

/**
 * `n` statuses of the account written straight into the table, newest first from `newest`, `stepMs` apart; every
 * other one a microsecond after its neighbour and every fifth at exactly its neighbour's time, so a cursor that
 * kept only milliseconds, or ordered by time alone, would skip or repeat posts. Counts follow, as posting keeps them.
 */
async function bulkPosts(accountId: number, authorId: number, n: number, newest: Date, stepMs: number) {
  await queryRows(
    s.ctx.db,
    sql`insert into posts (account_id, author_id, type, slug, content, search_text, created_at, updated_at)
        select ${accountId}, ${authorId}, 'status', 'bulk-' || ${accountId}::text || '-' || i, 'Bulk ' || i, 'Bulk ' || i,
               ${newest.toISOString()}::timestamptz - make_interval(secs => (i / 2) * ${stepMs / 1000}::float8)
                 - case when i % 5 = 0 then interval '0' else make_interval(secs => (i % 2) * 0.000001) end,
               now()
        from generate_series(1, ${n}) i`,
  );
  await queryRows(
    s.ctx.db,
    sql`with c as (select count(*)::int n, count(*) filter (where visible)::int v from posts where account_id = ${accountId})
        update accounts a set posts_count = c.n, type_counts = jsonb_build_object('status', c.n) from c where a.id = ${accountId}`,
  );
  await queryRows(
    s.ctx.db,
    sql`insert into counters (key, value) values ('posts.visible', ${n}) on conflict (key) do update set value = counters.value + ${n}`,
  );
}

/** What the followed feed must show: the visible posts of the accounts the viewer follows or belongs to, newest first. */
const truth = async (viewer: number) =>
  (
    await queryRows<{ id: number }>(
      s.ctx.db,
      sql`select p.id from posts p
          where p.visible and (
            exists (select 1 from follows f where f.account_id = p.account_id and f.user_id = ${viewer})
            or exists (select 1 from account_users au where au.account_id = p.account_id and au.user_id = ${viewer}))
          order by p.created_at desc, p.id desc`,
    )
  ).map((r) => r.id);

type Query = EndpointQuery<typeof postsApi.feed>;

/** A newest-first list of posts (a feed, an account's posts, my posts), read through its contract endpoint. */
interface List {
  name: string;
  read(
    query: Query,
    token?: string,
    lang?: string,
  ): Promise<{ status: number; body: CursorPaged<Post>; error: ErrorBody }>;
}
const feed: List = { name: 'feed', read: (query, token, lang) => s.call(postsApi.feed, { query, token, lang }) };
const publicFeed: List = {
  name: 'public feed',
  read: (query, token, lang) => s.call(postsApi.publicFeed, { query, token, lang }),
};
const myPosts: List = {
  name: 'my posts',
  read: (query, token, lang) => s.call(postsApi.mine, { query, token, lang }),
};
const accountPosts = (id: number, type?: PostType): List => ({
  name: `account ${id}'s posts${type ? ` (${type})` : ''}`,
  read: (query, token, lang) => s.call(postsApi.ofAccount, { params: { id }, query: { ...query, type }, token, lang }),
});

const get = async (list: List, query: Query, token?: string, lang?: string) => {
  const res = await list.read(query, token, lang);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Every page by number, as old clients read a list. */
async function byPages(list: List, perPage: number, token?: string) {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const body = await get(list, { per_page: perPage, page }, token);
    ids.push(...body.data.map((p) => p.id));
    if (page >= body.meta.last_page!) return ids;
  }
}

/** Page 1, then cursor after cursor, as infinite scroll reads a list; `between` runs after each page. */
async function byCursor(
  list: List,
  perPage: number,
  token?: string,
  between?: (page: number) => Promise<void>,
  cursors: string[] = [],
) {
  let body = await get(list, { per_page: perPage }, token);
  const ids = body.data.map((p) => p.id);
  for (let page = 2; body.meta.next_cursor; page++) {
    await between?.(page);
    cursors.push(body.meta.next_cursor);
    body = await get(list, { per_page: perPage, before: body.meta.next_cursor }, token);
    expect(body.meta).toEqual({ per_page: perPage, next_cursor: body.meta.next_cursor });
    ids.push(...body.data.map((p) => p.id));
  }
  return ids;
}

const feedIds = async (token: string) => (await get(feed, { per_page: 100 }, token)).data.map((p) => p.id);
const entriesOf = async (viewer: number) =>
  (await s.ctx.db.select().from(feedEntries).where(eq(feedEntries.user_id, viewer))).map((e) => e.post_id);
const feedOf = async (viewer: number) => (await s.ctx.db.select().from(feeds).where(eq(feeds.user_id, viewer)))[0];

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

describe('the followed feed by cursor and by page number', () => {
  it('both read the same posts in the same order across the stored feed’s horizon, and the cursor neither repeats nor skips while new posts arrive', async () => {
    const a = await creator();
    const b = await creator();
    const stranger = await creator();
    const reader = await signedIn(s);
    const now = Date.now();
    // More than a stored feed keeps: the deep pages come from `posts` (past the horizon), with another account's
    // 2,500 posts in between, so the fallback has to look past the public index's first rows.
    await bulkPosts(a.account.id, a.user.id, 700, new Date(now - 60_000), 1000);
    await bulkPosts(b.account.id, b.user.id, 300, new Date(now - 60_000), 2000);
    await bulkPosts(stranger.account.id, stranger.user.id, 2500, new Date(now - 380_300), 1);
    for (const c of [a, b]) await s.call(followsApi.follow, { params: { id: c.account.id }, token: reader.token });

    const expected = await truth(reader.user.id);
    expect(expected).toHaveLength(1000);
    const paged = await byPages(feed, 50, reader.token);
    // The first read built the stored feed: capped, with a horizon, so later pages came from `posts`.
    const built = await feedOf(reader.user.id);
    expect(built).toMatchObject({ ready: true, size: FEED_CAP });
    expect(built!.horizon_id).not.toBeNull();
    expect(await entriesOf(reader.user.id)).toHaveLength(FEED_CAP);
    expect(paged).toEqual(expected);
    // An entry below the horizon (a follow's copy racing a trim) is never read: no post comes twice.
    const below = expected.at(-1)!;
    await queryRows(
      s.ctx.db,
      sql`insert into timeline_entries (user_id, created_at, post_id, account_id)
          select ${reader.user.id}, p.created_at, p.id, p.account_id from posts p where p.id = ${below}`,
    );

    // New posts arrive while the reader scrolls: they go on top, never into the pages still to come.
    const arrived: number[] = [];
    const cursors: string[] = [];
    const scrolled = await byCursor(
      feed,
      50,
      reader.token,
      async (page) => {
        if (page % 5 !== 0) return;
        arrived.push((await a.publish(`news ${page}`)).id, (await b.publish(`more news ${page}`)).id);
        await jobsSettled(s, ['timeline.fanout']);
      },
      cursors,
    );
    expect(scrolled).toEqual(expected);
    // Past the horizon the cursors say so, and the pages after them are read from `posts` straight away.
    expect(cursors.filter((c) => c.endsWith('.d')).length).toBeGreaterThan(1);
    expect(cursors[0]).not.toMatch(/\.d$/);
    expect(new Set(scrolled).size).toBe(scrolled.length);
    // A new first page starts with them.
    const top = await get(feed, { per_page: 50 }, reader.token);
    expect(top.data.slice(0, arrived.length).map((p) => p.id)).toEqual([...arrived].reverse());
    expect(top.meta).toMatchObject({ current_page: 1, total: 1000 + arrived.length, per_page: 50 });
    expect(await byCursor(feed, 37, reader.token)).toEqual(await truth(reader.user.id));
  }, 120_000);

  it('pages the same by cursor while the stored feed is still being built, and a build that died is taken over', async () => {
    const a = await creator();
    const reader = await signedIn(s);
    await bulkPosts(a.account.id, a.user.id, 120, new Date(Date.now() - 10_000), 1000);
    await s.call(followsApi.follow, { params: { id: a.account.id }, token: reader.token });
    // A build in progress (or one whose process died): reads go to `posts` meanwhile.
    await s.ctx.db.insert(feeds).values({ user_id: reader.user.id, building_at: sql`now()` as never });
    const expected = await truth(reader.user.id);
    expect(await byCursor(feed, 25, reader.token)).toEqual(expected);
    expect(await byPages(feed, 25, reader.token)).toEqual(expected);
    expect(await entriesOf(reader.user.id)).toEqual([]);

    await s.ctx.db
      .update(feeds)
      .set({ building_at: sql`now() - interval '1 hour'` as never })
      .where(eq(feeds.user_id, reader.user.id));
    expect(await byCursor(feed, 25, reader.token)).toEqual(expected);
    expect(await feedOf(reader.user.id)).toMatchObject({ ready: true, horizon_id: null, size: 120 });
  });

  it('public feed, account posts and my posts page the same by cursor as by number', async () => {
    const c = await creator();
    await bulkPosts(c.account.id, c.user.id, 90, new Date(Date.now() - 5_000), 10);
    const reader = await signedIn(s);
    expect(await byCursor(publicFeed, 100, reader.token)).toEqual(await byPages(publicFeed, 100, reader.token));
    for (const list of [accountPosts(c.account.id), accountPosts(c.account.id, 'status')]) {
      expect(await byCursor(list, 20, reader.token), list.name).toEqual(await byPages(list, 20, reader.token));
    }
    expect(await byCursor(myPosts, 20, c.token)).toEqual(await byPages(myPosts, 20, c.token));
    // The last page by number has no next cursor; a page in the middle has one.
    const first = await get(accountPosts(c.account.id), { per_page: 20 });
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 5, total: 90, next_cursor: expect.any(String) });
    const last = await get(accountPosts(c.account.id), { per_page: 20, page: 5 });
    expect(last.meta.next_cursor).toBeNull();
  });

  it('a cursor that is not one the server gave is a 422 in the reader’s language, never a 500', async () => {
    const reader = await signedIn(s);
    const c = await creator();
    const bad = [
      '',
      'x',
      'abc',
      '1.0',
      'zzzzzzzzzzz.1',
      'zzzzzzzzzzzz.1',
      'a.zzzzzzzz',
      '1.2.3',
      'A1.2',
      ' 1.2',
      '1_2',
      'z'.repeat(40),
    ];
    for (const list of [feed, publicFeed, accountPosts(c.account.id), myPosts]) {
      for (const before of bad) {
        const res = await list.read({ before }, reader.token, 'my');
        expect(res.status, `${list.name} ${before}`).toBe(422);
        expect(res.error.errors!.before).toEqual(['စာရင်းထဲရှိ ဤနေရာသည် မမှန်ကန်ပါ။ စာရင်းကို ပြန်ဖွင့်ပါ။']);
      }
    }
    // A well-formed cursor older than every post is simply the end of the list.
    const end = await get(publicFeed, { before: '1.1' }, reader.token);
    expect(end).toEqual({ data: [], meta: { per_page: 20, next_cursor: null } });
  });
});

describe('the stored feed through follows, deletes, moderation and hiding', () => {
  it('shows exactly the visible posts of the followed accounts after every change', async () => {
    const a = await creator();
    const b = await creator();
    const reader = await signedIn(s);
    const expectFeed = async () => expect(await feedIds(reader.token)).toEqual(await truth(reader.user.id));
    const a1 = await a.publish('A one');
    await a.publish('A two');
    await b.publish('B one');

    // The first read builds an empty stored feed; following copies the account's posts into it.
    expect(await feedIds(reader.token)).toEqual([]);
    await s.call(followsApi.follow, { params: { id: a.account.id }, token: reader.token });
    await expectFeed();
    expect((await entriesOf(reader.user.id)).sort()).toEqual((await truth(reader.user.id)).sort());

    // New posts are fanned out into the stored feed (a job, after the post's commit).
    await s.call(followsApi.follow, { params: { id: b.account.id }, token: reader.token });
    const a3 = await a.publish('A three');
    const b2 = await b.publish('B two');
    await jobsSettled(s, ['timeline.fanout']);
    expect(await entriesOf(reader.user.id)).toEqual(expect.arrayContaining([a3.id, b2.id]));
    await expectFeed();
    expect((await feedIds(reader.token)).slice(0, 2)).toEqual([b2.id, a3.id]);

    // Deleted: gone from the feed and from the stored feed.
    expect((await s.call(postsApi.remove, { params: { id: a3.id }, token: a.token })).status).toBe(204);
    await expectFeed();
    expect(await entriesOf(reader.user.id)).not.toContain(a3.id);

    // Rejected, then restored.
    expect(
      (await s.call(postsAdminApi.reject, { params: { id: b2.id }, body: { reason: 'Spam here' }, token: root() }))
        .status,
    ).toBe(200);
    expect(await feedIds(reader.token)).not.toContain(b2.id);
    await expectFeed();
    expect((await s.call(postsAdminApi.restore, { params: { id: b2.id }, token: root() })).status).toBe(200);
    expect(await feedIds(reader.token)).toContain(b2.id);
    await expectFeed();

    // The account hidden by an administrator, then shown again.
    await setApproval(a.account.id, 'rejected');
    expect(await feedIds(reader.token)).not.toContain(a1.id);
    await expectFeed();
    await setApproval(a.account.id, 'approved');
    expect(await feedIds(reader.token)).toContain(a1.id);
    await expectFeed();

    // Unfollowed: its posts leave the feed and the stored feed; followed again, they come back.
    await s.call(followsApi.unfollow, { params: { id: a.account.id }, token: reader.token });
    await expectFeed();
    expect(await feedIds(reader.token)).not.toContain(a1.id);
    expect(await entriesOf(reader.user.id)).not.toContain(a1.id);
    // An entry a fan-out wrote while the unfollow committed is not shown either.
    await queryRows(
      s.ctx.db,
      sql`insert into timeline_entries (user_id, created_at, post_id, account_id)
          select ${reader.user.id}, p.created_at, p.id, p.account_id from posts p where p.id = ${a1.id}`,
    );
    expect(await feedIds(reader.token)).not.toContain(a1.id);
    await s.call(followsApi.follow, { params: { id: a.account.id }, token: reader.token });
    expect(await feedIds(reader.token)).toContain(a1.id);
    await expectFeed();
    // Nobody else's stored feed was touched: the other creator follows nothing.
    expect(await entriesOf(b.user.id)).toEqual([]);
  });

  it('holds the posts of my own accounts without my following them, through follow, unfollow and delete', async () => {
    const me = await creator();
    const other = await creator();
    const own1 = await me.publish('Mine one');
    await other.publish('Theirs one');
    const expectFeed = async () => expect(await feedIds(me.token)).toEqual(await truth(me.user.id));

    // The first read builds the stored feed from my accounts too.
    expect(await feedIds(me.token)).toEqual([own1.id]);
    expect(await entriesOf(me.user.id)).toEqual([own1.id]);

    // A new post of mine is fanned out to my own stored feed, beside a followed account's.
    await s.call(followsApi.follow, { params: { id: other.account.id }, token: me.token });
    const own2 = await me.publish('Mine two');
    const theirs2 = await other.publish('Theirs two');
    await jobsSettled(s, ['timeline.fanout']);
    expect(await entriesOf(me.user.id)).toEqual(expect.arrayContaining([own1.id, own2.id, theirs2.id]));
    await expectFeed();
    expect((await feedIds(me.token)).slice(0, 2)).toEqual([theirs2.id, own2.id]);

    // Following and unfollowing my own account changes nothing: its posts stay.
    await s.call(followsApi.follow, { params: { id: me.account.id }, token: me.token });
    await s.call(followsApi.unfollow, { params: { id: me.account.id }, token: me.token });
    expect(await entriesOf(me.user.id)).toEqual(expect.arrayContaining([own1.id, own2.id]));
    await expectFeed();

    // Unfollowing the other account takes only its posts out; deleting mine takes it out.
    await s.call(followsApi.unfollow, { params: { id: other.account.id }, token: me.token });
    expect((await s.call(postsApi.remove, { params: { id: own2.id }, token: me.token })).status).toBe(204);
    expect(await feedIds(me.token)).toEqual([own1.id]);
    await expectFeed();
    // Page numbers (read from `posts` past the stored feed) count my accounts' posts too.
    const paged = await get(feed, { page: 1, per_page: 10 }, me.token);
    expect(paged.meta.total).toBe(1);

    // A reader who neither follows nor belongs to my account does not see it.
    const reader = await signedIn(s);
    expect(await feedIds(reader.token)).toEqual([]);
  });

  it('a page passes over many entries it may not show (a hidden account’s) and still fills up', async () => {
    const loud = await creator();
    const quiet = await creator();
    const reader = await signedIn(s);
    await bulkPosts(loud.account.id, loud.user.id, 300, new Date(Date.now() - 1_000), 10);
    await bulkPosts(quiet.account.id, quiet.user.id, 30, new Date(Date.now() - 60_000), 10);
    for (const c of [loud, quiet])
      await s.call(followsApi.follow, { params: { id: c.account.id }, token: reader.token });
    await feedIds(reader.token);
    await setApproval(loud.account.id, 'rejected');
    const expected = await truth(reader.user.id);
    expect(expected).toHaveLength(30);
    const first = await get(feed, { per_page: 20 }, reader.token);
    expect(first.data.map((p) => p.id)).toEqual(expected.slice(0, 20));
    expect(await byCursor(feed, 20, reader.token)).toEqual(expected);
  });

  it('an imported post reaches the stored feed; an old one past the horizon is read from posts', async () => {
    const a = await creator();
    const reader = await signedIn(s);
    await bulkPosts(a.account.id, a.user.id, FEED_CAP + 10, new Date(Date.now() - 60_000), 10);
    await s.call(followsApi.follow, { params: { id: a.account.id }, token: reader.token });
    await feedIds(reader.token);
    expect((await feedOf(reader.user.id))!.horizon_id).not.toBeNull();
    const data = new FormData();
    data.append('type', 'status');
    data.append('user_id', String(a.user.id));
    data.append('account_id', String(a.account.id));
    const rows = [{ content: 'Imported today' }, { content: 'Imported long ago', created_at: '2001-02-03' }];
    data.append('file', new Blob([JSON.stringify(rows)], { type: 'application/json' }), 'posts.json');
    const res = await s.call(postsAdminApi.import, { payload: data, token: root() });
    expect(res.status).toBe(200);
    await jobsSettled(s, ['timeline.fanout']);
    const expected = await truth(reader.user.id);
    expect(expected).toHaveLength(FEED_CAP + 12);
    const [today, longAgo] = [expected[0]!, expected.at(-1)!];
    const entries = await entriesOf(reader.user.id);
    expect(entries).toContain(today);
    expect(entries).not.toContain(longAgo);
    expect(await byCursor(feed, 100, reader.token)).toEqual(expected);
  });

  it('a stored feed grown past its cap is trimmed back, and the posts it let go are still read by cursor', async () => {
    const a = await creator();
    const reader = await signedIn(s);
    await bulkPosts(a.account.id, a.user.id, FEED_CAP + TRIM_SLACK - 2, new Date(Date.now() - 60_000), 10);
    await s.call(followsApi.follow, { params: { id: a.account.id }, token: reader.token });
    await feedIds(reader.token);
    expect(await feedOf(reader.user.id)).toMatchObject({ size: FEED_CAP });
    // Bring the count to the edge, so the next posts cross it.
    await s.ctx.db
      .update(feeds)
      .set({ size: FEED_CAP + TRIM_SLACK })
      .where(eq(feeds.user_id, reader.user.id));
    const fresh = await a.publish('Over the edge');
    await jobsSettled(s, ['timeline.fanout']);
    const after = await feedOf(reader.user.id);
    expect(after).toMatchObject({ size: FEED_CAP });
    expect(await entriesOf(reader.user.id)).toHaveLength(FEED_CAP);
    expect(await entriesOf(reader.user.id)).toContain(fresh.id);
    expect(await byCursor(feed, 100, reader.token)).toEqual(await truth(reader.user.id));
  }, 60_000);

  it('an account with very many followers is pulled in when read instead of written into every stored feed', async () => {
    const big = await creator();
    const small = await creator();
    const reader = await signedIn(s);
    for (const c of [big, small])
      await s.call(followsApi.follow, { params: { id: c.account.id }, token: reader.token });
    const old = await big.publish('Before it grew');
    await jobsSettled(s, ['timeline.fanout']);
    await feedIds(reader.token);
    await s.ctx.db.update(accounts).set({ followers_count: PULL_FOLLOWERS }).where(eq(accounts.id, big.account.id));
    const loud = await big.publish('To everyone');
    const quiet = await small.publish('To a few');
    await jobsSettled(s, ['timeline.fanout']);
    const pulled = await s.ctx.db.select().from(feedPulledAccounts);
    expect(pulled.map((p) => p.account_id)).toContain(big.account.id);
    const entries = await entriesOf(reader.user.id);
    expect(entries).toContain(quiet.id);
    expect(entries).not.toContain(loud.id);
    expect(await feedIds(reader.token)).toEqual([quiet.id, loud.id, old.id]);
    expect(await byCursor(feed, 1, reader.token)).toEqual([quiet.id, loud.id, old.id]);
    await s.call(followsApi.unfollow, { params: { id: big.account.id }, token: reader.token });
    expect(await feedIds(reader.token)).toEqual([quiet.id]);
  });

  it('a stored feed nobody read for two weeks is dropped and no longer written to; the next read builds it again', async () => {
    const a = await creator();
    const away = await signedIn(s);
    const around = await signedIn(s);
    await a.publish('Hello');
    for (const reader of [away, around]) {
      await s.call(followsApi.follow, { params: { id: a.account.id }, token: reader.token });
      await feedIds(reader.token);
    }
    // A read notes the day (at most once a day).
    await s.ctx.db
      .update(feeds)
      .set({ read_at: sql`now() - interval '2 days'` as never })
      .where(eq(feeds.user_id, around.user.id));
    await feedIds(around.token);
    expect((await feedOf(around.user.id))!.read_at.getTime()).toBeGreaterThan(Date.now() - 60_000);

    await s.ctx.db
      .update(feeds)
      .set({ read_at: sql`now() - interval '15 days'` as never })
      .where(eq(feeds.user_id, away.user.id));
    await s.ctx.jobs.send('timeline.prune', {});
    await jobsSettled(s, ['timeline.prune']);
    expect(await feedOf(away.user.id)).toBeUndefined();
    expect(await entriesOf(away.user.id)).toEqual([]);
    expect(await feedOf(around.user.id)).toMatchObject({ ready: true });

    const meanwhile = await a.publish('While you were away');
    await jobsSettled(s, ['timeline.fanout']);
    expect(await entriesOf(away.user.id)).toEqual([]);
    expect(await entriesOf(around.user.id)).toContain(meanwhile.id);
    expect(await feedIds(away.token)).toEqual(await truth(away.user.id));
    expect(await feedIds(away.token)).toContain(meanwhile.id);
    expect(await feedOf(away.user.id)).toMatchObject({ ready: true });
  });
});
