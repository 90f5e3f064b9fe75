import { commentsApi, type CreateCommentBody } from '@inkwell/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { POSTS_KEY, patchPost } from '../posts/api';

export const commentsKey = (postId: number) => ['comments', postId] as const;

export const useComments = (postId: number | undefined) =>
  useQuery({
    queryKey: commentsKey(postId ?? 0),
    queryFn: () => call(commentsApi.ofPost, { params: { id: postId! } }),
    enabled: postId !== undefined,
  });

export function useCreateComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateCommentBody, 'post_id'>) =>
      call(commentsApi.create, { body: { ...body, post_id: postId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: commentsKey(postId) });
      patchPost(client, postId, (p) => ({ ...p, comments_count: p.comments_count + 1 }));
    },
  });
}

export function useDeleteComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(commentsApi.remove, { params: { id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: commentsKey(postId) });
      void client.invalidateQueries({ queryKey: ['post'] });
      void client.invalidateQueries({ queryKey: POSTS_KEY });
    },
  });
}
