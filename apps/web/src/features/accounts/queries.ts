import { accountsApi } from '@inkwell/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPageOf } from '../../api/paging';

/** An account page's account, shared by its hook (api.ts) and the router's prefetch (app/prefetch.ts). */
export const accountKey = (username: string) => ['account', username.toLowerCase()] as const;

export const accountQuery = (username: string) =>
  queryOptions({
    queryKey: accountKey(username),
    queryFn: () => call(accountsApi.byUsername, { params: { username } }),
    retry: false,
  });

export const EXPLORE_KEY = ['explore'] as const;

/** Explore's account cards, most followed first, a page at a time (its hook and Explore's route start it). */
export const exploreQuery = () =>
  infiniteQueryOptions({
    queryKey: EXPLORE_KEY,
    queryFn: ({ pageParam }) => call(accountsApi.explore, { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
