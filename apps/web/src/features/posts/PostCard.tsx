import type { Post } from '@inkwell/contracts';
import { ActionIcon, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDots, IconHeartHandshake, IconMessageCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar';
import { signInThenReturn } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { LikeButton } from '../likes';
import { MembersOnly } from './MembersOnly';
import { PostBody } from './PostBody';
import { postPath } from './paths';
import { PostTime } from './PostTime';
import { RejectedNotice } from './RejectedNotice';
import classes from './PostCard.module.css';

// The actions dialog (and the modal code under it) loads on the first tap: a feed shows many cards, no dialog.
const PostActions = lazy(async () => ({ default: (await import('./PostActions')).PostActions }));

/** What a tap on a card leaves alone: its own controls, links, players and fields. */
const CONTROLS =
  'a, button, input, textarea, select, label, summary, video, audio, iframe, [role="button"], [role="slider"], [role="tab"], [role="link"], [contenteditable="true"]';

/**
 * A tap anywhere else on a listed card opens the post, as the timestamp and title links do (those stay the
 * keyboard's and screen reader's way in: the card itself is no control, so nothing interactive is nested).
 */
function useOpenOnTap(post: Post, enabled: boolean) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (!enabled || event.defaultPrevented || event.button !== 0) return;
    const target = event.target as Element;
    // A dialog opened from the card (a portal) bubbles through it in React, not in the page.
    if (!event.currentTarget.contains(target) || target.closest(CONTROLS)) return;
    // Selecting text to copy is not a tap.
    if (window.getSelection()?.toString()) return;
    if (event.metaKey || event.ctrlKey) window.open(postPath(post), '_blank', 'noopener');
    else void navigate(postPath(post));
  };
}

/**
 * A post in a list (excerpt) or on its own page (full), with its account, time, likes and comments.
 * `priority`: its image is the page's likely largest paint (PostBody).
 */
/**
 * Support on a post's own page: a tip to its account, the post named with it. The account page's dialog takes it
 * (a guest signs in first and comes back to it).
 */
function SupportButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const to = `/a/${post.account.username}?support&post=${post.id}`;
  return (
    <Button
      variant="subtle"
      color="gray"
      ml="auto"
      leftSection={<IconHeartHandshake size={20} />}
      onClick={() => (session ? void navigate(to) : signInThenReturn(navigate, to))}
    >
      {t('accounts.support')}
    </Button>
  );
}

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
  const openOnTap = useOpenOnTap(post, !full);
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="article"
      aria-label={post.title ?? t(`posts.types.${post.type}`)}
      onClick={openOnTap}
      style={full ? undefined : { cursor: 'pointer' }}
      data-testid="post-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="center">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {/* The name beside it is the link people read and tab to; this one is for fingers only. */}
            <Anchor component={Link} to={`/a/${post.account.username}`} aria-hidden tabIndex={-1}>
              <UserAvatar url={post.account.profile_url} name={post.account.name} size={44} />
            </Anchor>
            {/* Name and time on one line, each link a 44 px tall target (WCAG 2.5.5). A long name takes a second
                line in the same 44 px before it is cut short. */}
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to={`/a/${post.account.username}`}
                fw={700}
                c="inherit"
                underline="hover"
                className={classes.name}
              >
                <span>{post.account.name}</span>
              </Anchor>
              <Text c="dimmed" aria-hidden>
                ·
              </Text>
              <PostTime post={post} />
            </Group>
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
        {/* Members-only: the badge, or the locked view in place of the body (their code loads with the first). */}
        {post.min_tier && !post.locked && <MembersOnly post={post} />}
        {post.locked ? (
          <MembersOnly post={post} full={full} />
        ) : (
          <PostBody post={post} full={full} priority={priority} />
        )}
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
          {full && !post.can_modify && <SupportButton post={post} />}
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
