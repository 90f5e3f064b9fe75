import { commentsApi, type CreateCommentBody } from '@inkwell/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { POSTS_KEY, patchPost } from '../posts/api';
import { commentsKey, commentsQuery } from './queries';

export { commentsKey } from './queries';

export const useComments = (postId: number | undefined) => useQuery(commentsQuery(postId));

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
