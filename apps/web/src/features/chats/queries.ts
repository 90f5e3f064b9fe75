import { chatsApi } from '@inkwell/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPageOf } from '../../api/paging';

/*
 * The chat list's query on its own, without the hooks: the router starts it while the Chats screen's code
 * downloads (app/prefetch.ts), the server draws the screen from it, and useChatRooms reads the same cache entry.
 */

export const CHATS_KEY = ['chats'] as const;

/** My chat rooms, the latest message first, page by page. */
export const chatRoomsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...CHATS_KEY, 'rooms'],
    queryFn: ({ pageParam }) => call(chatsApi.list, { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
