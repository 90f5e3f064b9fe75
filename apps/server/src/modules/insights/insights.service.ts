import {
  INSIGHTS_DAYS,
  INSIGHTS_MONTHS,
  type DailyPosts,
  type InsightsTotals,
  type MonthlyPosts,
} from '@inkwell/contracts';
import { DASHBOARD_TOTALS, postsOnDayKey } from '../../db/counters';
import type { AppContext } from '../../platform/context';
import * as repo from './insights.repo';

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const utcMidnight = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

export const usersTotal = (ctx: AppContext): Promise<number> => repo.countUsers(ctx.db);

/** The dashboard's tiles, from the counters the database's triggers keep (a missing counter is 0). */
export async function totals(ctx: AppContext): Promise<InsightsTotals> {
  const values = await repo.counterValues(ctx.db, Object.values(DASHBOARD_TOTALS));
  const entries = Object.entries(DASHBOARD_TOTALS).map(([name, key]) => [name, values.get(key) ?? 0]);
  return Object.fromEntries(entries) as InsightsTotals;
}

/** The UTC days from `fromTime`'s day to `now`'s day, oldest first. */
function daysBetween(fromTime: number, now: Date): string[] {
  const days: string[] = [];
  for (let time = fromTime; time <= utcMidnight(now); time += DAY_MS) days.push(isoDay(time));
  return days;
}

/** Posts per UTC day over the last {@link INSIGHTS_DAYS} days, today last, a day without posts as 0. */
export async function postsDaily(ctx: AppContext, now = new Date()): Promise<DailyPosts[]> {
  const days = daysBetween(utcMidnight(now) - (INSIGHTS_DAYS - 1) * DAY_MS, now);
  const values = await repo.counterValues(ctx.db, days.map(postsOnDayKey));
  return days.map((date) => ({ date, posts_count: values.get(postsOnDayKey(date)) ?? 0 }));
}

/**
 * Posts per UTC month over the last {@link INSIGHTS_MONTHS} months, this month last: the daily counters of
 * every day from the first month's first day to today (at most 366 keys), read at once and summed.
 */
export async function postsMonthly(ctx: AppContext, now = new Date()): Promise<MonthlyPosts[]> {
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (INSIGHTS_MONTHS - 1), 1);
  const days = daysBetween(first, now);
  const values = await repo.counterValues(ctx.db, days.map(postsOnDayKey));
  const months = new Map<string, number>();
  for (let i = 0; i < INSIGHTS_MONTHS; i++) {
    months.set(isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (INSIGHTS_MONTHS - 1) + i, 1)).slice(0, 7), 0);
  }
  for (const day of days) {
    const month = day.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + (values.get(postsOnDayKey(day)) ?? 0));
  }
  return [...months].map(([month, posts_count]) => ({ month, posts_count }));
}
