import { TOP_CURSOR, postsApi, type CursorPaged, type Post, type PostType } from '@inkwell/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

/*
 * The feeds' queries on their own, without the hooks: the router starts a screen's first page with these
 * while the screen's code downloads (app/prefetch.ts), and the hooks in api.ts read the same cache entry.
 */

export const POSTS_KEY = ['posts'] as const;
/** My drafts and scheduled posts (`/user/drafts`): under the posts' key, so whatever refreshes posts refreshes them. */
export const DRAFTS_KEY = [...POSTS_KEY, 'drafts'] as const;
export type FeedKind = 'feed' | 'public' | 'mine';

/*
 * Infinite scroll pages by cursor, from the top (`TOP_CURSOR`) to the last page (`meta.next_cursor` null): a deep
 * page costs what the first does, no page counts the whole list, and posts arriving meanwhile neither repeat nor
 * push posts out of the pages still to come.
 */
const nextPage = (last: CursorPaged<Post>) => last.meta.next_cursor;

/** A list of posts that loads its next page by cursor until there is none (spec §4, feeds). */
export function feedQuery(kind: FeedKind) {
  const endpoint = kind === 'feed' ? postsApi.feed : kind === 'public' ? postsApi.publicFeed : postsApi.mine;
  return infiniteQueryOptions({
    queryKey: [...POSTS_KEY, kind],
    queryFn: ({ pageParam }) => call(endpoint, { query: { before: pageParam } }),
    initialPageParam: TOP_CURSOR,
    getNextPageParam: nextPage,
  });
}

/** An account's posts of one type, or of every type (`undefined`: the account page's "All" tab). */
export const accountPostsQuery = (accountId: number | undefined, type: PostType | undefined) =>
  infiniteQueryOptions({
    // 'all', not undefined: the key travels as JSON in a server-rendered page, where undefined becomes null.
    queryKey: [...POSTS_KEY, 'account', accountId, type ?? 'all'],
    queryFn: ({ pageParam }) =>
      call(postsApi.ofAccount, { params: { id: accountId! }, query: { before: pageParam, type } }),
    initialPageParam: TOP_CURSOR,
    getNextPageParam: nextPage,
    enabled: accountId !== undefined,
  });

export const postKey = (slug: string) => ['post', slug] as const;

/** One post by its slug (the post page). A missing or hidden post answers 404 at once: no retry. */
export const postQuery = (slug: string) =>
  queryOptions({ queryKey: postKey(slug), queryFn: () => call(postsApi.bySlug, { params: { slug } }), retry: false });
