import { z } from 'zod';
import { IdParams, dataOf } from './common';
import { endpoint } from './endpoint';
import { AccountFollowed, AccountUnfollowed, PostLiked, PostUnliked } from './events';
import { Month } from './time-zones';

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

// ---------------------------------------------------------------------------------------------------------
// A creator account's own insights (spec §3: likes items, followers items).

/** Likes the account's posts received on one day of its time zone (net of unlikes that day), `YYYY-MM-DD`. */
export const DailyLikes = z.object({ date: z.string(), likes_count: z.number().int() });
export type DailyLikes = z.infer<typeof DailyLikes>;

/** The account's follower total at the end of one day of its time zone. */
export const DailyFollowers = z.object({ date: z.string(), followers: z.number().int() });
export type DailyFollowers = z.infer<typeof DailyFollowers>;

/** `month=YYYY-MM` in the account's time zone; this month when left out; a month still to come is refused. */
export const AccountInsightsQuery = z.object({ month: Month.optional() });
export type AccountInsightsQuery = z.input<typeof AccountInsightsQuery>;

/** The events an account's daily counters are kept from (the `insights.count` job carries one). */
export const CountedEvent = z.discriminatedUnion('type', [PostLiked, PostUnliked, AccountFollowed, AccountUnfollowed]);
export type CountedEvent = z.infer<typeof CountedEvent>;

const accountTags = ['Organizations and accounts'] as const;
const who = "the account's owners, or administrators with `insights.view`";

export const accountInsightsApi = {
  likes: endpoint({
    method: 'GET',
    path: '/accounts/:id/insights/likes',
    params: IdParams,
    query: AccountInsightsQuery,
    response: dataOf(z.array(DailyLikes)),
    summary: `Likes per day of a month in the account's time zone, every day present (${who})`,
    tags: accountTags,
  }),
  followers: endpoint({
    method: 'GET',
    path: '/accounts/:id/insights/followers',
    params: IdParams,
    query: AccountInsightsQuery,
    response: dataOf(z.array(DailyFollowers)),
    summary: `Follower total at the end of each day of a month in the account's time zone, every day present; days still to come carry today's total (${who})`,
    tags: accountTags,
  }),
} as const;
