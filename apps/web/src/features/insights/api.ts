import {
  DEFAULT_TIME_ZONE,
  accountInsightsApi,
  addMonths,
  dayInZone,
  monthInZone,
  type Account,
} from '@inkwell/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

export const INSIGHTS_KEY = ['account-insights'] as const;
export const likesKey = (accountId: number, month: string) => [...INSIGHTS_KEY, accountId, 'likes', month] as const;
export const followersKey = (accountId: number, month: string) =>
  [...INSIGHTS_KEY, accountId, 'followers', month] as const;

/** Likes per day of `month` (`YYYY-MM`, in the account's zone). */
export const useAccountLikes = (accountId: number, month: string) =>
  useQuery({
    queryKey: likesKey(accountId, month),
    queryFn: () => call(accountInsightsApi.likes, { params: { id: accountId }, query: { month } }),
  });

/** The follower total at the end of each day of `month`. */
export const useAccountFollowers = (accountId: number, month: string) =>
  useQuery({
    queryKey: followersKey(accountId, month),
    queryFn: () => call(accountInsightsApi.followers, { params: { id: accountId }, query: { month } }),
  });

/** How many months back the picker goes. */
export const MONTHS_OFFERED = 24;

/** The zone the account's days are counted in. */
export const zoneOf = (account: Pick<Account, 'time_zone'>) => account.time_zone ?? DEFAULT_TIME_ZONE;

/** Today and this month in the account's zone (the server's own notion of "a month still to come"). */
export function todayOf(account: Pick<Account, 'time_zone'>, now = new Date()) {
  const zone = zoneOf(account);
  return { day: dayInZone(now, zone), month: monthInZone(now, zone) };
}

/**
 * The months the picker offers, newest first: this month and the {@link MONTHS_OFFERED} − 1 before it, never
 * one still to come, nor one before the account existed.
 */
export function monthsOffered(account: Pick<Account, 'time_zone' | 'created_at'>, now = new Date()): string[] {
  const current = todayOf(account, now).month;
  const first = monthInZone(new Date(account.created_at), zoneOf(account));
  const months: string[] = [];
  for (let month = current; months.length < MONTHS_OFFERED && month >= first; month = addMonths(month, -1)) {
    months.push(month);
  }
  return months.length ? months : [current];
}
