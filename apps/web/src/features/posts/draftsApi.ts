import { publishingApi, type Account, type Post } from '@inkwell/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPageOf } from '../../api/paging';
import { DRAFTS_KEY, POSTS_KEY, postKey } from './queries';

/*
 * My drafts and scheduled posts, and what can be done with one before it is public. Kept apart from api.ts: the
 * drafts tab alone needs these.
 */

/** My drafts and scheduled posts, last changed first, a numbered page at a time. */
export const draftsQuery = () =>
  infiniteQueryOptions({
    queryKey: DRAFTS_KEY,
    queryFn: ({ pageParam }) => call(publishingApi.drafts, { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useDrafts = () => useInfiniteQuery(draftsQuery());

/** After any change to a draft: the lists (drafts among them) and the post's own page. */
function useRefresh() {
  const client = useQueryClient();
  return (post: Pick<Post, 'slug'>) => {
    void client.invalidateQueries({ queryKey: POSTS_KEY });
    void client.invalidateQueries({ queryKey: DRAFTS_KEY });
    void client.invalidateQueries({ queryKey: postKey(post.slug) });
  };
}

/** Publishes a draft or scheduled post now. */
export function usePublishNow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (post: Post) => call(publishingApi.publish, { params: { id: post.id }, body: {} }),
    onSuccess: (_res, post) => refresh(post),
  });
}

/** A scheduled post back to a draft. */
export function useUnschedule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (post: Post) => call(publishingApi.unschedule, { params: { id: post.id } }),
    onSuccess: (_res, post) => refresh(post),
  });
}

/** A signed, expiring read-only link to a draft or scheduled post. */
export function usePreviewLink() {
  return useMutation({
    mutationFn: async (post: Post) => (await call(publishingApi.previewLink, { params: { id: post.id } })).data,
  });
}

/** The zone a scheduled post's time is read in: its account's (from my accounts), else this device's. */
export function zoneFor(accountId: number, accounts: Pick<Account, 'id' | 'time_zone'>[] | undefined): string {
  const zone = accounts?.find((a) => a.id === accountId)?.time_zone;
  return zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A moment as a date and time in `timeZone`, with the zone's short name: "10 May 2026, 16:30 GMT+6:30". */
export function dateTimeIn(value: string, locale: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(new Date(value));
  } catch {
    // An unknown zone name (or no locale data): the device's zone rather than nothing.
    return new Intl.DateTimeFormat(undefined, options).format(new Date(value));
  }
}
