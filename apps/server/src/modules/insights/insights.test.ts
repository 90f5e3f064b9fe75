import {
  accountsApi,
  commentsApi,
  INSIGHTS_DAYS,
  INSIGHTS_MONTHS,
  insightsApi,
  likesApi,
  postsApi,
  type EndpointDef,
  type InsightsTotals,
} from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { posts, subscriptions, users } from '../../db/schema';
import { createCreatorAccount, subscribeToPlan } from '../../../test/factories';
import { callOf, startTestServer, type CallOptions, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { personWithPermissions } from '../../../test/policy-table';
import { onCreatorTrial } from '../../../test/creator-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

type Person = Awaited<ReturnType<typeof signedIn>>;

describe('users total', () => {
  it('counts every person for those holding insights.view', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const before = await s.call(insightsApi.usersTotal, { token: admin.token });
    expect(before.status).toBe(200);
    expect(before.body.data).toBeGreaterThanOrEqual(1);
    await Promise.all([signedIn(s), signedIn(s)]);
    expect((await s.call(insightsApi.usersTotal, { token: admin.token })).body.data).toBe(before.body.data + 2);

    const viewer = await personWithPermissions(s, 'insights viewer', ['insights.view']);
    expect((await s.call(insightsApi.usersTotal, { token: viewer.token })).status).toBe(200);
    const root = await signedIn(s, { role: 'root' });
    expect((await s.call(insightsApi.usersTotal, { token: root.token })).status).toBe(200);
  });

  it('refuses guests (401), readers and administrators without insights.view (403)', async () => {
    const guest = await s.call(insightsApi.usersTotal);
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ code: 'unauthenticated' });
    const reader = await signedIn(s);
    const refused = await s.call(insightsApi.usersTotal, { token: reader.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden' });
    const lacking = await personWithPermissions(s, 'users only', ['users.view', 'users.edit']);
    expect((await s.call(insightsApi.usersTotal, { token: lacking.token })).status).toBe(403);
  });

  it('is a read: other methods on the path are not routes', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    // The contract's path with a method it does not have.
    const post = { ...insightsApi.usersTotal, method: 'POST' } as const;
    const res = await s.call(post, { token: admin.token, rawBody: {} });
    expect(res.status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Dashboard totals and post series, against recounts of the rows.

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The seven totals counted the slow way, from the rows themselves. */
async function recountTotals(): Promise<InsightsTotals> {
  const [row] = await queryRows<InsightsTotals>(
    s.ctx.db,
    sql`select
          (select count(*)::int from users) as users,
          (select count(*)::int from accounts) as accounts,
          (select count(*)::int from subscriptions where status in ('trialing', 'active')) as subscriptions,
          (select count(*)::int from posts) as posts,
          (select count(*)::int from posts where type in ('photo', 'gallery')) as photos,
          (select count(*)::int from likes) as likes,
          (select count(*)::int from comments) as comments`,
  );
  return row!;
}

/** Posts per UTC day, counted from the rows (days without posts absent). */
async function recountDays(): Promise<Map<string, number>> {
  const rows = await queryRows<{ day: string; n: number }>(
    s.ctx.db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n from posts group by 1`,
  );
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** Every stored `posts.day.*` counter that is not zero. */
async function storedDays(): Promise<Map<string, number>> {
  const rows = await queryRows<{ key: string; value: number }>(
    s.ctx.db,
    sql`select key, value from counters where key like 'posts.day.%' and value <> 0`,
  );
  return new Map(rows.map((r) => [r.key.slice('posts.day.'.length), r.value]));
}

let viewer: Person;
const totals = async () => {
  const res = await s.call(insightsApi.total, { token: viewer.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const daily = async () => {
  const res = await s.call(insightsApi.postsDaily, { token: viewer.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const monthly = async () => {
  const res = await s.call(insightsApi.postsMonthly, { token: viewer.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** Totals, daily series and every day counter equal their recounts. */
async function expectTrue() {
  expect(await totals()).toEqual(await recountTotals());
  const counted = await recountDays();
  expect(Object.fromEntries(await storedDays())).toEqual(Object.fromEntries(counted));
  for (const { date, posts_count } of await daily()) expect(posts_count, date).toBe(counted.get(date) ?? 0);
  const months = new Map<string, number>();
  for (const [day, n] of counted) months.set(day.slice(0, 7), (months.get(day.slice(0, 7)) ?? 0) + n);
  for (const { month, posts_count } of await monthly()) expect(posts_count, month).toBe(months.get(month) ?? 0);
}

let n = 0;
/** A post made straight in the database (a photo, or one written long ago): the triggers count it all the same. */
async function insertPost(accountId: number, authorId: number, type: 'photo' | 'gallery' | 'status', daysAgo = 0) {
  const [row] = await s.ctx.db
    .insert(posts)
    .values({
      account_id: accountId,
      author_id: authorId,
      type,
      slug: `insights-${Date.now().toString(36)}-${n++}`,
      content: 'Made for the insights test',
      created_at: new Date(Date.now() - daysAgo * DAY_MS),
    })
    .returning();
  return row!.id;
}

/** One contract call as `who`, which must answer `expected`; its answer's body. */
async function api<E extends EndpointDef>(endpoint: E, who: Person, options: CallOptions<E>, expected = 200) {
  const res = await callOf(s)(endpoint, { ...options, token: who.token });
  expect(res.status, `${endpoint.method} ${endpoint.path}: ${JSON.stringify(res.body)}`).toBe(expected);
  return res.body;
}

describe('dashboard totals and post series', () => {
  beforeAll(async () => {
    viewer = await personWithPermissions(s, 'dashboard viewer', ['insights.view']);
  });

  it('answer the seven totals, 30 days and 12 months in order, every day and month present', async () => {
    const total = await totals();
    expect(Object.keys(total).sort()).toEqual(
      ['accounts', 'comments', 'likes', 'photos', 'posts', 'subscriptions', 'users'].sort(),
    );
    const days = await daily();
    expect(days).toHaveLength(INSIGHTS_DAYS);
    expect(days.at(-1)!.date).toBe(isoDay(Date.now()));
    for (let i = 1; i < days.length; i++) {
      expect(Date.parse(days[i]!.date) - Date.parse(days[i - 1]!.date)).toBe(DAY_MS);
    }
    const months = await monthly();
    expect(months).toHaveLength(INSIGHTS_MONTHS);
    expect(months.at(-1)!.month).toBe(isoDay(Date.now()).slice(0, 7));
    const now = new Date();
    expect(months[0]!.month).toBe(
      isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (INSIGHTS_MONTHS - 1), 1)).slice(0, 7),
    );
    expect(new Set(months.map((m) => m.month)).size).toBe(INSIGHTS_MONTHS);
    await expectTrue();
  });

  it('stay equal to a recount through creating and deleting posts, likes, comments, accounts, people and subscriptions', async () => {
    const start = await totals();
    const [a, b] = [await signedIn(s), await signedIn(s)];
    const accountA = await createCreatorAccount(s.ctx.db, a.user.id);
    const accountB = await createCreatorAccount(s.ctx.db, b.user.id);
    const reader = await signedIn(s);

    // Posts through the API and straight in the database, today and on earlier days (one outside 30 days,
    // one outside the daily chart but inside the monthly one).
    const statusA = (
      await api(postsApi.create, a, { body: { account_id: accountA.id, type: 'status', content: 'Hello' } }, 201)
    ).data.id;
    const articleB = (
      await api(
        postsApi.create,
        b,
        { body: { account_id: accountB.id, type: 'post', title: 'News', content: '<p>News</p>' } },
        201,
      )
    ).data.id;
    const photoA = await insertPost(accountA.id, a.user.id, 'photo', 3);
    await insertPost(accountA.id, a.user.id, 'gallery', 45);
    await insertPost(accountB.id, b.user.id, 'photo', 200);
    await insertPost(accountB.id, b.user.id, 'status', 29);

    const afterPosts = await totals();
    expect(afterPosts.posts - start.posts).toBe(6);
    expect(afterPosts.photos - start.photos).toBe(3);
    expect(afterPosts.accounts - start.accounts).toBe(2);
    expect(afterPosts.users - start.users).toBe(3);
    const days = await daily();
    expect(days.find((d) => d.date === isoDay(Date.now() - 3 * DAY_MS))!.posts_count).toBeGreaterThanOrEqual(1);
    expect(days.find((d) => d.date === isoDay(Date.now() - 29 * DAY_MS))!.posts_count).toBeGreaterThanOrEqual(1);
    await expectTrue();

    // Likes and comments (a reply, a like on a comment), then deleting some of them.
    await api(likesApi.toggle, reader, { body: { likeable_type: 'post', likeable_id: statusA } });
    await api(likesApi.toggle, b, { body: { likeable_type: 'post', likeable_id: statusA } });
    await api(likesApi.toggle, reader, { body: { likeable_type: 'post', likeable_id: articleB } });
    const onA = (await api(commentsApi.create, reader, { body: { post_id: statusA, content: 'Nice' } }, 201)).data.id;
    const reply = (
      await api(commentsApi.create, b, { body: { post_id: statusA, content: 'Yes', parent_comment_id: onA } }, 201)
    ).data.id as number;
    await api(likesApi.toggle, a, { body: { likeable_type: 'comment', likeable_id: reply } });
    const onB = (await api(commentsApi.create, a, { body: { post_id: articleB, content: 'Good read' } }, 201)).data.id;
    await api(likesApi.toggle, b, { body: { likeable_type: 'comment', likeable_id: onB } });
    await api(commentsApi.create, reader, { body: { post_id: photoA, content: 'Lovely' } }, 201);
    const afterTalk = await totals();
    expect(afterTalk.likes - start.likes).toBe(5);
    expect(afterTalk.comments - start.comments).toBe(4);
    await expectTrue();

    // A like toggled off; a comment deleted with its reply and the reply's like.
    await api(likesApi.toggle, b, { body: { likeable_type: 'post', likeable_id: statusA } });
    await api(commentsApi.remove, reader, { params: { id: onA } }, 204);
    expect((await totals()).comments - start.comments).toBe(2);
    await expectTrue();

    // A post deleted with its like and comment.
    await api(postsApi.remove, b, { params: { id: articleB } }, 204);
    await expectTrue();

    // Subscriptions: a trial, a paid one, one ending (expired), one cancelled by a new one.
    const trialist = await onCreatorTrial(s);
    const payer = await signedIn(s);
    const paid = await subscribeToPlan(s.ctx.db, payer.user.id, 'studio');
    expect((await totals()).subscriptions - start.subscriptions).toBe(2);
    await expectTrue();
    await s.ctx.db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.id, paid.subscription.id));
    await subscribeToPlan(s.ctx.db, a.user.id, 'creator');
    await expectTrue();

    // Deleting an account removes its posts, their comments and likes.
    await api(accountsApi.remove, a, { params: { id: accountA.id } }, 204);
    const afterAccount = await totals();
    expect(afterAccount.accounts - start.accounts).toBe(1);
    await expectTrue();

    // Deleting people removes their subscriptions, likes and comments (by foreign key).
    await s.ctx.db.delete(users).where(eq(users.id, trialist.user.id));
    await s.ctx.db.delete(users).where(eq(users.id, a.user.id));
    await s.ctx.db.delete(users).where(eq(users.id, reader.user.id));
    await expectTrue();
    // Five people were added (two creators, a reader, a trialist, a payer) and three are gone.
    expect((await totals()).users - start.users).toBe(2);
  });

  it('refuse guests (401), readers and administrators without insights.view (403)', async () => {
    const reader = await signedIn(s);
    const lacking = await personWithPermissions(s, 'all but insights', [
      'users.view',
      'posts.view',
      'plans.manage',
      'subscriptions.view',
      'audit.view',
    ]);
    for (const endpoint of [insightsApi.total, insightsApi.postsDaily, insightsApi.postsMonthly]) {
      expect((await s.call(endpoint)).status, endpoint.path).toBe(401);
      expect((await s.call(endpoint, { token: reader.token })).status, endpoint.path).toBe(403);
      const refused = await s.call(endpoint, { token: lacking.token });
      expect(refused.status, endpoint.path).toBe(403);
      expect(refused.error.code).toBe('forbidden');
      const admin = await signedIn(s, { role: 'admin' });
      expect((await s.call(endpoint, { token: admin.token })).status, endpoint.path).toBe(200);
    }
  });
});
