import {
  DEFAULT_TIME_ZONE,
  dayInZone,
  daysOfMonth,
  isTimeZone,
  monthInZone,
  type DailyFollowers,
  type DailyLikes,
} from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { ValidationError, notFound } from '../../platform/errors';
import { accountAccess, findAccount, requireAccount } from '../accounts';
import * as repo from './insights.accounts.repo';

/*
 * A creator account's figures per day of its time zone, read from `account_daily_stats`, which the
 * `insights.count` job keeps from the like and follow events (one upsert per event, never a scan of likes).
 */

/** A zone stored before it was checked (or one this runtime no longer knows) counts in the default one. */
export const zoneOrDefault = (zone: string) => (isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);

/**
 * The account, its zone and the month asked for, once the caller may read its insights (404 to whoever may
 * not see the account, 403 to whoever sees it but is neither an owner nor an administrator with
 * `insights.view`). No month means this one; a month still to come in the account's zone is refused.
 */
async function readable(ctx: AppContext, auth: AuthContext, id: number, month: string | undefined, now: Date) {
  const account = await findAccount(ctx.db, id, auth.user.id);
  if (!account) throw notFound();
  requireAccount(accountAccess(auth, account), 'can_view_insights');
  const zone = zoneOrDefault(account.time_zone);
  const current = monthInZone(now, zone);
  const asked = month ?? current;
  if (asked > current) throw new ValidationError({ month: ['validation.month_future'] });
  const days = daysOfMonth(asked);
  return { account, zone, days, first: days[0]!, last: days.at(-1)! };
}

/** Likes the account's posts received on each day of the month (net of unlikes that day, never below 0). */
export async function likesByDay(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  month?: string,
  now = new Date(),
): Promise<DailyLikes[]> {
  const { days, first, last } = await readable(ctx, auth, id, month, now);
  const rows = new Map((await repo.daysBetween(ctx.db, id, first, last)).map((r) => [r.day, r]));
  return days.map((date) => {
    const row = rows.get(date);
    return { date, likes_count: row ? Math.max(0, row.likes - row.unlikes) : 0 };
  });
}

/**
 * The follower total at the end of each day of the month, worked backwards from the kept total
 * (`accounts.followers_count`): the end of a day is the total now less what follows and unfollows added
 * after it. Days before the account existed are 0; days still to come carry today's total.
 */
export async function followersByDay(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  month?: string,
  now = new Date(),
): Promise<DailyFollowers[]> {
  const { account, zone, days, first, last } = await readable(ctx, auth, id, month, now);
  const [rows, gainedAfter] = await Promise.all([
    repo.daysBetween(ctx.db, id, first, last),
    repo.followsGainedAfter(ctx.db, id, last),
  ]);
  const net = new Map(rows.map((r) => [r.day, r.follows - r.unfollows]));
  const born = dayInZone(account.created_at, zone);
  let total = account.followers_count - gainedAfter;
  const series: DailyFollowers[] = [];
  for (const date of [...days].reverse()) {
    series.push({ date, followers: date < born ? 0 : Math.max(0, total) });
    total -= net.get(date) ?? 0;
  }
  return series.reverse();
}
