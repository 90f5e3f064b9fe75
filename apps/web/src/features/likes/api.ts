import { likesApi, type LikeResult, type Post } from '@inkwell/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../api/client';
import { alert } from '../../lib/alerts';
import { commentsKey } from '../comments/api';
import { patchPost } from '../posts/api';

/** Optimistic like: the heart and count change at once, and the server's answer settles them. */
export function useLikePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: Post) => call(likesApi.toggle, { body: { likeable_type: 'post', likeable_id: post.id } }),
    onMutate: (post) =>
      patchPost(client, post.id, (p) => ({
        ...p,
        liked: !p.liked,
        likes_count: Math.max(0, p.likes_count + (p.liked ? -1 : 1)),
      })),
    onSuccess: (res: LikeResult, post) => patchPost(client, post.id, (p) => ({ ...p, ...res })),
    // A refusal (one of us blocked the other) is said, not just undone.
    onError: (error, post) => {
      patchPost(client, post.id, (p) => ({ ...p, liked: post.liked, likes_count: post.likes_count }));
      alert('danger', errorMessage(error));
    },
  });
}

export function useLikeComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(likesApi.toggle, { body: { likeable_type: 'comment', likeable_id: id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: commentsKey(postId) }),
    onError: (error) => alert('danger', errorMessage(error)),
  });
}
