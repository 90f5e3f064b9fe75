import { friendsApi } from '@inkwell/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPageOf } from '../../api/paging';

/*
 * The friend lists' query on its own, without the hooks: the router starts my friends beside my chats while
 * the Chats screen's code downloads (app/prefetch.ts), and useFriendList reads the same cache entry.
 */

export const FRIENDS_KEY = ['friends'] as const;

/** My friends (`friends`) or the people whose request waits for me (`requests`), page by page. */
export const friendListQuery = (kind: 'friends' | 'requests') =>
  infiniteQueryOptions({
    queryKey: [...FRIENDS_KEY, kind],
    queryFn: ({ pageParam }) =>
      call(kind === 'friends' ? friendsApi.list : friendsApi.requests, { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
