import { ACCOUNT_TABS } from '@inkwell/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { accountQuery } from '../features/accounts/queries';
import { chatRoomsQuery } from '../features/chats/queries';
import { commentsQuery } from '../features/comments/queries';
import { friendListQuery } from '../features/friends/queries';
import { pinsQuery } from '../features/posts/pins';
import { accountPostsQuery, feedQuery, postQuery } from '../features/posts/queries';
import { getSession } from '../session/session';
import { queryClient } from './queryClient';
import { meQuery } from './useSessionRefresh';

/*
 * Route loaders that start a screen's first data while its code downloads, so a first visit makes one round
 * of requests instead of code → render → data. They never wait (a waiting loader would hold the page back)
 * and never fail: the screen's own hooks read the same cache entries and show loading or errors as usual.
 * Only for a signed-in person, except on the pages guests may read too (an account).
 */

export function prefetchSessionUser(): null {
  const session = getSession();
  if (session) void queryClient.prefetchQuery(meQuery(session.token));
  return null;
}

export function prefetchHome({ request }: LoaderFunctionArgs): null {
  if (!getSession()) return null;
  const tab = new URL(request.url).searchParams.get('tab');
  void queryClient.prefetchInfiniteQuery(feedQuery(tab === 'public' ? 'public' : 'feed'));
  return null;
}

/** The account, then its open tab's posts and its pinned posts, side by side (both asked for by the account's id). */
export function prefetchAccountPage({ params, request }: LoaderFunctionArgs): null {
  const username = params.username;
  if (!username) return null;
  const tab = new URL(request.url).searchParams.get('tab');
  const { type } = ACCOUNT_TABS.find((x) => x.tab === tab) ?? ACCOUNT_TABS[0]!;
  void queryClient.fetchQuery(accountQuery(username)).then(
    (account) =>
      Promise.all([
        queryClient.prefetchInfiniteQuery(accountPostsQuery(account.data.id, type)),
        queryClient.prefetchQuery(pinsQuery(account.data.id)),
      ]),
    () => undefined,
  );
  return null;
}

/** A post, then its comments (asked for by the post's id; a members-only post's are its members' alone). */
export function prefetchPostPage({ params }: LoaderFunctionArgs): null {
  const slug = params.slug;
  if (!slug) return null;
  void queryClient.fetchQuery(postQuery(slug)).then(
    (post) => (post.data.locked ? undefined : queryClient.prefetchQuery(commentsQuery(post.data.id))),
    () => undefined,
  );
  return null;
}

/** My chats and, beside them, my friends and the requests waiting for me (the screen shows all three). */
export function prefetchChats(): null {
  if (!getSession()) return null;
  void queryClient.prefetchInfiniteQuery(chatRoomsQuery());
  void queryClient.prefetchInfiniteQuery(friendListQuery('friends'));
  void queryClient.prefetchInfiniteQuery(friendListQuery('requests'));
  return null;
}
