import type { Post } from '@inkwell/contracts';
import { ActionIcon, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDots, IconMessageCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { relativeTime } from '../../lib/relativeTime';
import { LikeButton } from '../likes/LikeButton';
import { PostBody, postPath } from './PostBody';
import { RejectedNotice } from './RejectedNotice';

// The actions dialog (and the modal code under it) loads on the first tap: a feed shows many cards, no dialog.
const PostActions = lazy(async () => ({ default: (await import('./PostActions')).PostActions }));

/**
 * A post in a list (excerpt) or on its own page (full), with its account, time, likes and comments.
 * `priority`: its image is the page's likely largest paint (PostBody).
 */
export function PostCard({
  post,
  full = false,
  priority = false,
  onComments,
  onDeleted,
}: {
  post: Post;
  full?: boolean;
  priority?: boolean;
  onComments?: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const [actions, setActions] = useState(false);
  const [actionsUsed, setActionsUsed] = useState(false);
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="article"
      aria-label={post.title ?? t(`posts.types.${post.type}`)}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {/* The name beside it is the link people read and tab to; this one is for fingers only. */}
            <Anchor component={Link} to={`/a/${post.account.username}`} aria-hidden tabIndex={-1}>
              <UserAvatar url={post.account.profile_url} name={post.account.name} size={40} />
            </Anchor>
            <div style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to={`/a/${post.account.username}`}
                fw={700}
                c="inherit"
                underline="hover"
                lineClamp={1}
              >
                {post.account.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                <Anchor
                  component={Link}
                  to={postPath(post)}
                  c="dimmed"
                  underline="hover"
                  display="inline-block"
                  lh="24px"
                >
                  <time dateTime={post.created_at}>{relativeTime(post.created_at, currentLocale())}</time>
                </Anchor>
              </Text>
            </div>
          </Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={44}
            onClick={() => {
              setActionsUsed(true);
              setActions(true);
            }}
            aria-label={t('posts.actions')}
          >
            <IconDots size={20} />
          </ActionIcon>
        </Group>
        <RejectedNotice post={post} />
        <PostBody post={post} full={full} priority={priority} />
        <Group gap="xs">
          <LikeButton post={post} />
          {onComments ? (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconMessageCircle size={20} />}
              onClick={onComments}
              aria-label={t('posts.comments_n', { count: post.comments_count })}
            >
              {post.comments_count}
            </Button>
          ) : (
            <Button
              component={Link}
              to={`${postPath(post)}/comments`}
              variant="subtle"
              color="gray"
              leftSection={<IconMessageCircle size={20} />}
              aria-label={t('posts.comments_n', { count: post.comments_count })}
            >
              {post.comments_count}
            </Button>
          )}
        </Group>
      </Stack>
      {actionsUsed && (
        <Suspense fallback={null}>
          <PostActions post={post} opened={actions} onClose={() => setActions(false)} onDeleted={onDeleted} />
        </Suspense>
      )}
    </Card>
  );
}
