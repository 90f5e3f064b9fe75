import {
  accountInsightsApi,
  accountsApi,
  addMonths,
  dayInZone,
  daysOfMonth,
  followsApi,
  likesApi,
  monthInZone,
  postsApi,
  type CountedEvent,
} from '@inkwell/contracts';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, insightsCountedJobs } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castAccount, castOf, row, tryEveryone, type Cast } from '../../../test/policy-table';
import { jobsSettled } from '../../../test/wait-for';
import { countEvent, pruneCountedJobs } from './insights.jobs';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

type Person = Awaited<ReturnType<typeof signedIn>>;

const YANGON = 'Asia/Yangon';
/** This month, and the months before it, in Asia/Yangon (the default zone). */
const thisMonth = () => monthInZone(new Date(), YANGON);
const monthsAgo = (n: number) => addMonths(thisMonth(), -n);

async function likesOf(who: Person, accountId: number, month?: string) {
  const res = await s.call(accountInsightsApi.likes, { params: { id: accountId }, query: { month }, token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function followersOf(who: Person, accountId: number, month?: string) {
  const res = await s.call(accountInsightsApi.followers, {
    params: { id: accountId },
    query: { month },
    token: who.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The series as `{date: value}` of its non-zero days, for compact expectations. */
const nonZero = (series: { date: string; likes_count?: number; followers?: number }[]) =>
  Object.fromEntries(
    series.map((d) => [d.date, d.likes_count ?? d.followers ?? 0] as const).filter(([, value]) => value !== 0),
  );

/** A creator with an approved account and one post on it. */
async function creatorWithPost() {
  const owner = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, owner.user.id);
  const post = await s.call(postsApi.create, {
    token: owner.token,
    body: { account_id: account.id, type: 'status', content: 'Counting days' },
  });
  expect(post.status, JSON.stringify(post.body)).toBe(201);
  return { owner, account, postId: post.body.data.id };
}

/** Counts one event as if it happened at `at` (what the subscriber queues, run at once). */
async function happened(type: CountedEvent['type'], accountId: number, at: string, postId = 1) {
  const event = (
    type === 'post.liked' || type === 'post.unliked'
      ? { type, actor_id: 1, account_id: accountId, post_id: postId }
      : { type, actor_id: 1, account_id: accountId }
  ) as CountedEvent;
  await countEvent(s.ctx, event, new Date(at), { id: randomUUID() });
}

describe('account insights: the series', () => {
  it('answer every day of the month, zeros included, this month when none is given', async () => {
    const { owner, account } = await creatorWithPost();
    const likes = await likesOf(owner, account.id);
    const days = daysOfMonth(thisMonth());
    expect(likes.map((d) => d.date)).toEqual(days);
    expect(likes.every((d) => d.likes_count === 0)).toBe(true);
    const followers = await followersOf(owner, account.id, monthsAgo(1));
    expect(followers.map((d) => d.date)).toEqual(daysOfMonth(monthsAgo(1)));
    expect(followers.every((d) => d.followers === 0)).toBe(true);
    // February of a leap year and of another year.
    expect((await likesOf(owner, account.id, '2024-02')).length).toBe(29);
    expect((await likesOf(owner, account.id, '2025-02')).length).toBe(28);
  });

  it('count likes and unlikes made through the API on today in the account’s zone', async () => {
    const { owner, account, postId } = await creatorWithPost();
    const [a, b] = [await signedIn(s), await signedIn(s)];
    const like = (who: Person) =>
      s.call(likesApi.toggle, { token: who.token, body: { likeable_type: 'post', likeable_id: postId } });
    expect((await like(a)).status).toBe(200);
    expect((await like(b)).status).toBe(200);
    await jobsSettled(s, ['insights.count']);
    const today = dayInZone(new Date(), YANGON);
    const counted = async () => (await likesOf(owner, account.id)).find((d) => d.date === today)!.likes_count;
    expect(await counted()).toBe(2);

    // An unlike lowers the day it happens on.
    expect((await like(b)).body).toMatchObject({ liked: false });
    await jobsSettled(s, ['insights.count']);
    expect(await counted()).toBe(1);
  });

  it('put a like at 23:30 UTC on the next day in Asia/Yangon (UTC+6:30), and keep month boundaries', async () => {
    const { owner, account } = await creatorWithPost();
    const march = monthsAgo(3);
    const april = monthsAgo(2);
    await happened('post.liked', account.id, `${march}-10T23:30:00Z`);
    // The last moment of the month in Yangon, and the first of the next one.
    const lastDay = daysOfMonth(march).at(-1)!;
    await happened('post.liked', account.id, `${lastDay}T17:29:59Z`);
    await happened('post.liked', account.id, `${lastDay}T17:30:00Z`);
    // Yangon's first day of a month begins at 17:30 UTC the day before.
    await happened('post.liked', account.id, `${addMonths(march, -1)}-01T12:00:00Z`);

    expect(nonZero(await likesOf(owner, account.id, march))).toEqual({
      [`${march}-11`]: 1,
      [lastDay]: 1,
    });
    expect(nonZero(await likesOf(owner, account.id, april))).toEqual({ [`${april}-01`]: 1 });
    expect(nonZero(await likesOf(owner, account.id, addMonths(march, -1)))).toEqual({
      [`${addMonths(march, -1)}-01`]: 1,
    });
  });

  it('net a day’s unlikes against its likes, never below zero', async () => {
    const { owner, account } = await creatorWithPost();
    const month = monthsAgo(1);
    await happened('post.liked', account.id, `${month}-05T03:00:00Z`);
    await happened('post.liked', account.id, `${month}-05T04:00:00Z`);
    await happened('post.unliked', account.id, `${month}-05T05:00:00Z`);
    // A like of an earlier day taken back later: that later day shows no negative likes.
    await happened('post.unliked', account.id, `${month}-06T05:00:00Z`);
    expect(nonZero(await likesOf(owner, account.id, month))).toEqual({ [`${month}-05`]: 1 });
  });

  it('give the follower total at the end of each day, worked back from the kept total', async () => {
    const { owner, account } = await creatorWithPost();
    // The account has existed for four months.
    await s.ctx.db
      .update(accounts)
      .set({ created_at: new Date(`${monthsAgo(4)}-15T00:00:00Z`) })
      .where(eq(accounts.id, account.id));
    // Two months ago: two people followed on the 10th and one left on the 20th (their rows are long gone
    // from this test's point of view; the kept total holds the one who stayed).
    const m = monthsAgo(2);
    await happened('account.followed', account.id, `${m}-10T08:00:00Z`);
    await happened('account.followed', account.id, `${m}-10T09:00:00Z`);
    await happened('account.unfollowed', account.id, `${m}-20T09:00:00Z`);
    await s.ctx.db
      .update(accounts)
      .set({ followers_count: sql`${accounts.followers_count} + 1` })
      .where(eq(accounts.id, account.id));
    // Today, through the API: three follow, one of them leaves.
    const readers = [await signedIn(s), await signedIn(s), await signedIn(s)];
    for (const reader of readers) {
      expect((await s.call(followsApi.follow, { token: reader.token, params: { id: account.id } })).status).toBe(200);
    }
    const left = await s.call(followsApi.unfollow, { token: readers[0]!.token, params: { id: account.id } });
    expect(left.body.followers_count).toBe(3);
    await jobsSettled(s, ['insights.count']);

    const two = await followersOf(owner, account.id, m);
    for (const { date, followers } of two) {
      const day = Number(date.slice(8));
      expect(followers, date).toBe(day < 10 ? 0 : day < 20 ? 2 : 1);
    }
    expect((await followersOf(owner, account.id, monthsAgo(1))).every((d) => d.followers === 1)).toBe(true);
    const today = dayInZone(new Date(), YANGON);
    for (const { date, followers } of await followersOf(owner, account.id)) {
      expect(followers, date).toBe(date < today ? 1 : 3);
    }
    // The month the account was made in: nothing before its first day; before it existed: zeros.
    const born = await followersOf(owner, account.id, monthsAgo(4));
    expect(born.every((d) => d.followers === 0)).toBe(true);
    expect((await followersOf(owner, account.id, monthsAgo(5))).every((d) => d.followers === 0)).toBe(true);
    expect((await likesOf(owner, account.id, monthsAgo(30))).every((d) => d.likes_count === 0)).toBe(true);
  });

  it('refuse malformed months and months still to come (422), accept the current one', async () => {
    const { owner, account } = await creatorWithPost();
    const next = addMonths(thisMonth(), 1);
    for (const month of [
      '2026-13',
      '2026-00',
      '2026-1',
      '26-01',
      'november',
      '1969-12',
      '',
      next,
      addMonths(next, 12),
    ]) {
      for (const endpoint of [accountInsightsApi.likes, accountInsightsApi.followers]) {
        const res = await s.call(endpoint, { params: { id: account.id }, query: { month }, token: owner.token });
        expect(res.status, `${endpoint.path} ${month}`).toBe(422);
        expect(res.error.errors).toHaveProperty('month');
      }
    }
    const future = await s.call(accountInsightsApi.likes, {
      params: { id: account.id },
      query: { month: next },
      token: owner.token,
      lang: 'my',
    });
    expect(future.error.errors!.month![0]).toMatch(/ယခုလ/);
    expect((await likesOf(owner, account.id, thisMonth())).length).toBe(daysOfMonth(thisMonth()).length);
  });

  it('count in the zone the owner chose; days already counted stay where they were', async () => {
    const { owner, account } = await creatorWithPost();
    const month = monthsAgo(1);
    await happened('post.liked', account.id, `${month}-10T23:30:00Z`);
    const body = { name: account.name, username: account.username, description: account.description };

    const refused = await s.call(accountsApi.update, {
      params: { id: account.id },
      token: owner.token,
      body: { ...body, time_zone: 'Mars/Olympus_Mons' },
    });
    expect(refused.status).toBe(422);
    expect(refused.error.errors).toHaveProperty('time_zone');

    const changed = await s.call(accountsApi.update, {
      params: { id: account.id },
      token: owner.token,
      body: { ...body, time_zone: 'UTC' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ time_zone: 'UTC', can_view_insights: true });
    await happened('post.liked', account.id, `${month}-10T23:30:00Z`);
    expect(nonZero(await likesOf(owner, account.id, month))).toEqual({ [`${month}-10`]: 1, [`${month}-11`]: 1 });

    // Bangkok (UTC+7): 17:30 UTC is already the next day there.
    const bangkok = await s.call(accountsApi.update, {
      params: { id: account.id },
      token: owner.token,
      body: { ...body, time_zone: 'Asia/Bangkok' },
    });
    expect(bangkok.body.data.time_zone).toBe('Asia/Bangkok');
    await happened('post.liked', account.id, `${month}-14T17:30:00Z`);
    expect(nonZero(await likesOf(owner, account.id, month))).toMatchObject({ [`${month}-15`]: 1 });

    // Only those who may edit the account or read its insights learn its zone.
    const reader = await signedIn(s);
    const seen = await s.call(accountsApi.byUsername, { params: { username: account.username }, token: reader.token });
    expect(seen.body.data).toMatchObject({ time_zone: null, can_view_insights: false });
    const mine = await s.call(accountsApi.mine, { token: owner.token });
    expect(mine.body.data.find((a) => a.id === account.id)).toMatchObject({ time_zone: 'Asia/Bangkok' });
  });
});

describe('account insights: the counting job', () => {
  it('counts a job once however often it runs, and leaves a deleted account alone', async () => {
    const { owner, account } = await creatorWithPost();
    const month = monthsAgo(1);
    const job = { id: randomUUID() };
    const event: CountedEvent = { type: 'post.liked', actor_id: 1, account_id: account.id, post_id: 1 };
    await countEvent(s.ctx, event, new Date(`${month}-03T06:00:00Z`), job);
    await countEvent(s.ctx, event, new Date(`${month}-03T06:00:00Z`), job);
    expect(nonZero(await likesOf(owner, account.id, month))).toEqual({ [`${month}-03`]: 1 });

    await countEvent(s.ctx, { ...event, account_id: 2_000_000_000 }, new Date(), { id: randomUUID() });
    const gone = await s.call(accountsApi.remove, { params: { id: account.id }, token: owner.token });
    expect(gone.status).toBe(204);
    await expect(countEvent(s.ctx, event, new Date(), { id: randomUUID() })).resolves.toBeUndefined();
  });

  it('forgets counted jobs after two days', async () => {
    const old = randomUUID();
    const recent = randomUUID();
    await s.ctx.db.insert(insightsCountedJobs).values([
      { job_id: old, counted_at: new Date(Date.now() - 3 * 86_400_000) },
      { job_id: recent, counted_at: new Date() },
    ]);
    await pruneCountedJobs(s.ctx);
    const left = await s.ctx.db.select().from(insightsCountedJobs);
    expect(left.map((r) => r.job_id)).toContain(recent);
    expect(left.map((r) => r.job_id)).not.toContain(old);
  });
});

//                                    guest reader member owner other adm-lack admin root
describe('account insights: who may read them', () => {
  let cast: Cast;
  beforeAll(async () => {
    cast = await castOf(s);
  });

  /** The insights of `account` as `person` asks for them, and the `can_view_insights` the account offers. */
  const tryRead = (accountId: number, username: string) =>
    tryEveryone(cast, 'insights.view', async (person) => {
      const seen = await s.call(accountsApi.byUsername, { params: { username }, token: person.token });
      const likes = await s.call(accountInsightsApi.likes, { params: { id: accountId }, token: person.token });
      const followers = await s.call(accountInsightsApi.followers, {
        params: { id: accountId },
        query: { month: thisMonth() },
        token: person.token,
      });
      expect(followers.status).toBe(likes.status);
      return { status: likes.status, flag: seen.status === 200 ? Boolean(seen.body.data.can_view_insights) : false };
    });

  it('a public account: its owners and administrators with insights.view; editors and others 403', async () => {
    const account = await castAccount(cast);
    expect(await tryRead(account.id, account.username)).toEqual(row(401, 403, 403, 200, 403, 403, 200, 200));
  });

  it('a hidden account: 404 to whoever may not see it, 403 to who sees it but may not read its figures', async () => {
    const account = await castAccount(cast, 'pending');
    expect(await tryRead(account.id, account.username)).toEqual(row(401, 404, 403, 200, 404, 403, 200, 200));
  });

  it('an account that does not exist: 404', async () => {
    const res = await s.call(accountInsightsApi.likes, {
      params: { id: 2_000_000_000 },
      token: cast.people.admin.token,
    });
    expect(res.status).toBe(404);
  });
});
