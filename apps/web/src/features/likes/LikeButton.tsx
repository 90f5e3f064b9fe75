import type { Post } from '@inkwell/contracts';
import { Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLikePost } from './api';

export function LikeButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const like = useLikePost();
  return (
    <Button
      variant="subtle"
      color={post.liked ? 'red' : 'gray'}
      leftSection={post.liked ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
      onClick={() => like.mutate(post)}
      aria-pressed={post.liked}
      aria-label={t(post.liked ? 'posts.unlike' : 'posts.like', { count: post.likes_count })}
    >
      {post.likes_count}
    </Button>
  );
}
