import { and, between, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { accountDailyStats, accounts, insightsCountedJobs } from '../../db/schema';

/** How one event moves its day's counters. */
export interface DayDelta {
  likes: number;
  unlikes: number;
  follows: number;
  unfollows: number;
}

/** The zone an account counts its days in (undefined: the account is gone). */
export async function zoneOf(db: Db, accountId: number): Promise<string | undefined> {
  const [row] = await db.select({ time_zone: accounts.time_zone }).from(accounts).where(eq(accounts.id, accountId));
  return row?.time_zone;
}

/**
 * Adds `delta` to the account's `day` in one statement that also records `jobId`: a job already counted (a
 * retry after its count committed) adds nothing, and a day without a row gets one.
 */
export async function countOnce(db: Db, jobId: string, accountId: number, day: string, delta: DayDelta) {
  await db.execute(sql`
    with counted as (
      insert into ${insightsCountedJobs} (job_id) values (${jobId}) on conflict do nothing returning job_id
    )
    insert into ${accountDailyStats} (account_id, day, likes, unlikes, follows, unfollows)
    select ${accountId}, ${day}::date, ${delta.likes}, ${delta.unlikes}, ${delta.follows}, ${delta.unfollows}
    from counted
    on conflict (account_id, day) do update set
      likes = ${accountDailyStats}.likes + excluded.likes,
      unlikes = ${accountDailyStats}.unlikes + excluded.unlikes,
      follows = ${accountDailyStats}.follows + excluded.follows,
      unfollows = ${accountDailyStats}.unfollows + excluded.unfollows`);
}

/** Forgets counted jobs older than `days` days (none of them can be retried any more). */
export async function pruneCounted(db: Db, days: number): Promise<number> {
  const gone = await db
    .delete(insightsCountedJobs)
    .where(sql`${insightsCountedJobs.counted_at} < now() - make_interval(days => ${days})`)
    .returning({ job_id: insightsCountedJobs.job_id });
  return gone.length;
}

/** The account's counters from `first` to `last` (days without a row are absent), along the primary key. */
export function daysBetween(db: Db, accountId: number, first: string, last: string) {
  return db
    .select({
      day: accountDailyStats.day,
      likes: accountDailyStats.likes,
      unlikes: accountDailyStats.unlikes,
      follows: accountDailyStats.follows,
      unfollows: accountDailyStats.unfollows,
    })
    .from(accountDailyStats)
    .where(and(eq(accountDailyStats.account_id, accountId), between(accountDailyStats.day, first, last)));
}

/** Follows minus unfollows on every day after `day`: what the follower total gained since that day ended. */
export async function followsGainedAfter(db: Db, accountId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${accountDailyStats.follows} - ${accountDailyStats.unfollows}), 0)::int` })
    .from(accountDailyStats)
    .where(and(eq(accountDailyStats.account_id, accountId), gt(accountDailyStats.day, day)));
  return row?.n ?? 0;
}
