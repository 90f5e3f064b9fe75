import {
  postsApi,
  type CreatePostBody,
  type CursorPaged,
  type Post,
  type PostType,
  type UpdatePostBody,
} from '@inkwell/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { call } from '../../api/client';
import { POSTS_KEY, accountPostsQuery, feedQuery, postKey, postQuery, type FeedKind } from './queries';

export { DRAFTS_KEY, POSTS_KEY, postKey, type FeedKind } from './queries';

export const useFeed = (kind: FeedKind) => useInfiniteQuery(feedQuery(kind));

export const useAccountPosts = (accountId: number | undefined, type: PostType | undefined) =>
  useInfiniteQuery(accountPostsQuery(accountId, type));

export const usePost = (slug: string) => useQuery(postQuery(slug));

export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostBody) => call(postsApi.create, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: POSTS_KEY }),
  });
}

export function useUpdatePost(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePostBody) => call(postsApi.update, { params: { id }, body }),
    onSuccess: (res) => {
      client.setQueryData(postKey(res.data.slug), res);
      void client.invalidateQueries({ queryKey: POSTS_KEY });
    },
  });
}

/** Takes the post out of every cached list at once, then confirms with the server. */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: Post) => call(postsApi.remove, { params: { id: post.id } }),
    onSuccess: (_res, post) => {
      client.setQueriesData<InfiniteData<CursorPaged<Post>>>({ queryKey: POSTS_KEY }, (data) =>
        data
          ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.filter((x) => x.id !== post.id) })) }
          : data,
      );
      client.removeQueries({ queryKey: postKey(post.slug) });
      void client.invalidateQueries({ queryKey: POSTS_KEY });
    },
  });
}

/** Applies a post change to every cached copy (lists and the post page). */
export function patchPost(client: ReturnType<typeof useQueryClient>, id: number, patch: (p: Post) => Post) {
  client.setQueriesData<InfiniteData<CursorPaged<Post>>>({ queryKey: POSTS_KEY }, (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map((x) => (x.id === id ? patch(x) : x)) })) }
      : data,
  );
  client.setQueriesData<{ data: Post }>({ queryKey: ['post'] }, (data) =>
    data && data.data.id === id ? { data: patch(data.data) } : data,
  );
}
