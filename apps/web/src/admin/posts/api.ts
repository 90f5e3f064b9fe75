import {
  buildPath,
  postsAdminApi,
  postsApi,
  usersApi,
  type ImportPostsResult,
  type ImportType,
  type Post,
  type ModeratedStatus,
  type PostType,
} from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { uploadWithProgress } from '../../api/upload';

/** Query keys of the admin post screens. */
export const ADMIN_POSTS_KEY = ['admin', 'posts'] as const;
export interface PostsFilter {
  q: string;
  type?: PostType;
  status?: ModeratedStatus;
  page: number;
}
export const postsPageKey = (filter: PostsFilter) => [...ADMIN_POSTS_KEY, 'list', filter] as const;
export const adminPostKey = (slug: string) => [...ADMIN_POSTS_KEY, 'post', slug] as const;

/** One page of the post table; the previous page stays on screen while the next loads. */
export function usePostsPage(filter: PostsFilter) {
  return useQuery({
    queryKey: postsPageKey(filter),
    queryFn: () =>
      call(postsAdminApi.list, {
        query: { q: filter.q || undefined, type: filter.type, status: filter.status, page: filter.page },
      }),
    placeholderData: keepPreviousData,
  });
}

/** One post as an administrator reads it (rejected and hidden ones too). */
export function useAdminPost(slug: string) {
  return useQuery({
    queryKey: adminPostKey(slug),
    queryFn: async () => (await call(postsApi.bySlug, { params: { slug } })).data,
    retry: false,
  });
}

/** After a moderation: the post's own answer in place, the table pages and the app's post lists asked again. */
function useSettle() {
  const client = useQueryClient();
  return (post: Post) => {
    client.setQueryData(adminPostKey(post.slug), post);
    void client.invalidateQueries({ queryKey: [...ADMIN_POSTS_KEY, 'list'] });
    void client.invalidateQueries({ queryKey: ['posts'] });
    void client.invalidateQueries({ queryKey: ['post', post.slug] });
  };
}

export function useRejectPost(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (reason: string) => call(postsAdminApi.reject, { params: { id }, body: { reason } }),
    onSuccess: ({ data }) => settle(data),
  });
}

export function useRestorePost(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: () => call(postsAdminApi.restore, { params: { id } }),
    onSuccess: ({ data }) => settle(data),
  });
}

/** People found by name or e-mail for the import (asked when Enter is pressed, not on every key). */
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: ['admin', 'import', 'users', q],
    queryFn: () => call(usersApi.list, { query: { q, per_page: 20 } }),
    enabled: q.length > 0,
  });
}

/** The accounts a person belongs to (up to 100: more than anyone has). */
export function useUserAccounts(userId: number | undefined) {
  return useQuery({
    queryKey: ['admin', 'import', 'accounts', userId],
    queryFn: () => call(postsAdminApi.userAccounts, { params: { id: userId! }, query: { per_page: 100 } }),
    enabled: userId !== undefined,
  });
}

export interface ImportInput {
  type: ImportType;
  userId: number;
  accountId: number;
  file: File;
}

/** The import upload, with its progress (0–100) while the file travels. */
export function useImportPosts(onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) => {
      const form = new FormData();
      form.append('type', input.type);
      form.append('user_id', String(input.userId));
      form.append('account_id', String(input.accountId));
      form.append('file', input.file);
      return uploadWithProgress<ImportPostsResult>(buildPath(postsAdminApi.import.path), form, onProgress);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [...ADMIN_POSTS_KEY, 'list'] });
      void client.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}
