import { z } from 'zod';
import { dataOf } from './common';
import { endpoint } from './endpoint';

/** Days in the dashboard's daily chart (today included) and months in its monthly chart (this one included). */
export const INSIGHTS_DAYS = 30;
export const INSIGHTS_MONTHS = 12;

/** The dashboard's seven count tiles (spec §3: insights totals). */
export const InsightsTotals = z.object({
  users: z.number().int(),
  accounts: z.number().int(),
  subscriptions: z.number().int(),
  posts: z.number().int(),
  photos: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
});
export type InsightsTotals = z.infer<typeof InsightsTotals>;

/** Posts created on one UTC day, `date` as `YYYY-MM-DD`. */
export const DailyPosts = z.object({ date: z.string(), posts_count: z.number().int() });
export type DailyPosts = z.infer<typeof DailyPosts>;

/** Posts created in one UTC month, `month` as `YYYY-MM`. */
export const MonthlyPosts = z.object({ month: z.string(), posts_count: z.number().int() });
export type MonthlyPosts = z.infer<typeof MonthlyPosts>;

const tags = ['Administration'] as const;

export const insightsApi = {
  usersTotal: endpoint({
    method: 'GET',
    path: '/insights/users/total',
    response: dataOf(z.number().int()),
    summary: 'How many people have an account (administrators)',
    permission: 'insights.view',
    tags,
  }),
  total: endpoint({
    method: 'GET',
    path: '/insights/total',
    response: dataOf(InsightsTotals),
    summary: 'Totals for the dashboard: people, creator accounts, live subscriptions, posts, photos, likes, comments',
    permission: 'insights.view',
    tags,
  }),
  postsDaily: endpoint({
    method: 'GET',
    path: '/insights/posts/daily',
    response: dataOf(z.array(DailyPosts)),
    summary: `Posts created per UTC day over the last ${INSIGHTS_DAYS} days, today last; every day present`,
    permission: 'insights.view',
    tags,
  }),
  postsMonthly: endpoint({
    method: 'GET',
    path: '/insights/posts/monthly',
    response: dataOf(z.array(MonthlyPosts)),
    summary: `Posts created per UTC month over the last ${INSIGHTS_MONTHS} months, this month last; every month present`,
    permission: 'insights.view',
    tags,
  }),
} as const;
