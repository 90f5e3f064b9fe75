import {
  creatorsApi,
  postsApi,
  type CreateCommentBody,
  type CreatePostBody,
  type LikeResult,
  type Paged,
  type Post,
  type PostType,
  type UpdatePostBody,
} from '@inkwell/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { call } from '../../api/client';
import { ME_KEY } from '../../app/useSessionRefresh';

export const POSTS_KEY = ['posts'] as const;
export const postKey = (slug: string) => ['post', slug] as const;
export const commentsKey = (postId: number) => ['comments', postId] as const;
export type FeedKind = 'feed' | 'public' | 'mine';

const nextPage = (last: Paged<Post>) =>
  last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined;

/** A paged list that loads its next page while `current_page` is below `last_page` (spec §4, feeds). */
export function useFeed(kind: FeedKind) {
  const endpoint = kind === 'feed' ? postsApi.feed : kind === 'public' ? postsApi.publicFeed : postsApi.mine;
  return useInfiniteQuery({
    queryKey: [...POSTS_KEY, kind],
    queryFn: ({ pageParam }) => call(endpoint, { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useAccountPosts(accountId: number | undefined, type: PostType) {
  return useInfiniteQuery({
    queryKey: [...POSTS_KEY, 'account', accountId, type],
    queryFn: ({ pageParam }) =>
      call(postsApi.ofAccount, { params: { id: accountId! }, query: { page: pageParam, type } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: accountId !== undefined,
  });
}

export const usePost = (slug: string) =>
  useQuery({ queryKey: postKey(slug), queryFn: () => call(postsApi.bySlug, { params: { slug } }), retry: false });

export const useAccountByUsername = (username: string) =>
  useQuery({
    queryKey: ['account', username.toLowerCase()],
    queryFn: () => call(creatorsApi.accountByUsername, { params: { username } }),
    retry: false,
  });

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
      client.setQueriesData<InfiniteData<Paged<Post>>>({ queryKey: POSTS_KEY }, (data) =>
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
function patchPost(client: ReturnType<typeof useQueryClient>, id: number, patch: (p: Post) => Post) {
  client.setQueriesData<InfiniteData<Paged<Post>>>({ queryKey: POSTS_KEY }, (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map((x) => (x.id === id ? patch(x) : x)) })) }
      : data,
  );
  client.setQueriesData<{ data: Post }>({ queryKey: ['post'] }, (data) =>
    data && data.data.id === id ? { data: patch(data.data) } : data,
  );
}

/** Optimistic like: the heart and count change at once, and the server's answer settles them. */
export function useLikePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: Post) => call(postsApi.like, { body: { likeable_type: 'post', likeable_id: post.id } }),
    onMutate: (post) =>
      patchPost(client, post.id, (p) => ({
        ...p,
        liked: !p.liked,
        likes_count: Math.max(0, p.likes_count + (p.liked ? -1 : 1)),
      })),
    onSuccess: (res: LikeResult, post) => patchPost(client, post.id, (p) => ({ ...p, ...res })),
    onError: (_err, post) =>
      patchPost(client, post.id, (p) => ({ ...p, liked: post.liked, likes_count: post.likes_count })),
  });
}

export const useComments = (postId: number | undefined) =>
  useQuery({
    queryKey: commentsKey(postId ?? 0),
    queryFn: () => call(postsApi.comments, { params: { id: postId! } }),
    enabled: postId !== undefined,
  });

export function useCreateComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateCommentBody, 'post_id'>) =>
      call(postsApi.comment, { body: { ...body, post_id: postId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: commentsKey(postId) });
      patchPost(client, postId, (p) => ({ ...p, comments_count: p.comments_count + 1 }));
    },
  });
}

export function useDeleteComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(postsApi.deleteComment, { params: { id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: commentsKey(postId) });
      void client.invalidateQueries({ queryKey: ['post'] });
      void client.invalidateQueries({ queryKey: POSTS_KEY });
    },
  });
}

export function useLikeComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(postsApi.like, { body: { likeable_type: 'comment', likeable_id: id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: commentsKey(postId) }),
  });
}

export function useFollow(accountKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, follow }: { id: number; follow: boolean }) =>
      call(follow ? postsApi.follow : postsApi.unfollow, { params: { id } }),
    onSuccess: (res) => {
      client.setQueryData<{ data: Record<string, unknown> }>(accountKey, (data) =>
        data ? { data: { ...data.data, ...res } } : data,
      );
      void client.invalidateQueries({ queryKey: [...POSTS_KEY, 'feed'] });
      void client.invalidateQueries({ queryKey: ['explore'] });
      void client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}
