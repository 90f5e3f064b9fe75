import { commentsApi } from '@inkwell/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

/*
 * The comments' query on its own, without the hooks: the router starts a post's comments beside the post while
 * the page's code downloads (app/prefetch.ts), and the thread reads the same cache entry.
 */

export const commentsKey = (postId: number) => ['comments', postId] as const;

export const commentsQuery = (postId: number | undefined) =>
  queryOptions({
    queryKey: commentsKey(postId ?? 0),
    queryFn: () => call(commentsApi.ofPost, { params: { id: postId! } }),
    enabled: postId !== undefined,
  });
