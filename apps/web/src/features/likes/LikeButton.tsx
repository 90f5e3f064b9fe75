import type { Post } from '@inkwell/contracts';
import { Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignInFirst } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { useLikePost } from './api';

export function LikeButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const like = useLikePost();
  const session = useSession();
  const signInFirst = useSignInFirst();
  return (
    <Button
      variant="subtle"
      color={post.liked ? 'red' : 'gray'}
      leftSection={post.liked ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
      // A guest reading a shared post is asked to sign in, and comes back here to like it.
      onClick={() => (session ? like.mutate(post) : signInFirst())}
      aria-pressed={post.liked}
      aria-label={t(post.liked ? 'posts.unlike' : 'posts.like', { count: post.likes_count })}
    >
      {post.likes_count}
    </Button>
  );
}
