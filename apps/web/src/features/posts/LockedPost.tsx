import type { Post, PostType } from '@inkwell/contracts';
import { Anchor, Button, Group, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { postPath } from './paths';
import a11y from '../../components/a11y.module.css';

export type MinTier = NonNullable<Post['min_tier']>;

/**
 * The account page with the tier's join dialog asked for (the memberships section reads `?join=`, and a guest
 * finds the tiers there, each Join asking to sign in first).
 */
const joinPath = (post: Post) => `/a/${post.account.username}${post.min_tier ? `?join=${post.min_tier.id}` : ''}`;

/**
 * The room the media takes when it is there (PostBody), so a locked post is about as tall as the post itself. A
 * status has no media: a shorter block stands for its hidden rest.
 */
const MEDIA_BOX: Record<PostType, (full: boolean) => CSSProperties> = {
  status: () => ({ minHeight: 140 }),
  post: () => ({ aspectRatio: '2 / 1' }),
  photo: () => ({ aspectRatio: '4 / 3', maxHeight: '60vh' }),
  gallery: () => ({ aspectRatio: '4 / 3', maxHeight: '70vh' }),
  audio: (full) => ({ aspectRatio: '1 / 1', width: `min(100%, ${full ? 360 : 220}px)` }),
  video: () => ({ aspectRatio: '16 / 9' }),
};

/**
 * Who may read a post, in words rather than a Mantine badge: a badge's fixed height and single line cut Burmese
 * letters stacked above and below the line, and a long tier name. `short`: only "Members" is shown (a post I read
 * already); a screen reader hears the tier either way.
 */
export function MembersBadge({ tier, short = false }: { tier: MinTier; short?: boolean }) {
  const { t } = useTranslation();
  const full = t('posts.members.badge', { tier: tier.name });
  return (
    <Group
      gap={6}
      wrap="nowrap"
      px={10}
      py={2}
      bg="var(--mantine-primary-color-light)"
      style={{ alignSelf: 'flex-start', borderRadius: 'var(--mantine-radius-xl)', maxWidth: '100%' }}
    >
      <IconLock size={14} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-primary-color-light-color)' }} />
      {short ? (
        <Text size="sm" fw={600}>
          <span aria-hidden>{t('posts.members.badge_short')}</span>
          <VisuallyHidden>{full}</VisuallyHidden>
        </Text>
      ) : (
        <Text size="sm" fw={600} style={{ overflowWrap: 'break-word', minWidth: 0 }}>
          {full}
        </Text>
      )}
    </Group>
  );
}

/**
 * Where a type shows its cover (PostBody): above the title, or (a gallery's photos) under its words. The blurred
 * cover stands there; the plain placeholder keeps its place at the end.
 */
const COVER_FIRST: Record<PostType, boolean> = {
  status: false,
  post: true,
  photo: true,
  gallery: false,
  audio: true,
  video: true,
};

/**
 * A calm block where the media would be, named for screen readers, with Join to read over it. Both sit in one grid
 * cell: the block grows with the button when a long label wraps. With a blurred cover (a small copy, blurred
 * again here so its enlargement does not show), the picture fills the block; the gradient stays under it while it
 * loads, and alone when it fails.
 */
function MediaPlaceholder({ post, full }: { post: Post; full: boolean }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const cover = post.blurred_cover_url !== failed ? post.blurred_cover_url : null;
  const layer: CSSProperties = { gridArea: '1 / 1' };
  return (
    <div style={{ display: 'grid', ...MEDIA_BOX[post.type](full) }}>
      <div
        role="img"
        aria-label={t('posts.members.locked_media', { tier: post.min_tier?.name ?? '' })}
        style={{
          ...layer,
          // The picture is clipped here, not by the grid: a grid that clips stops growing with the button.
          position: 'relative',
          overflow: 'hidden',
          borderRadius: 'var(--mantine-radius-md)',
          background:
            'linear-gradient(135deg, var(--mantine-color-indigo-light), var(--mantine-color-grape-light) 55%, var(--mantine-color-cyan-light))',
        }}
      >
        {cover && (
          <img
            src={cover}
            alt=""
            loading={full ? undefined : 'lazy'}
            decoding="async"
            onError={() => setFailed(cover)}
            style={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              filter: 'blur(12px)',
              // Blurring fades the edges into the gradient: drawn a little larger, the block keeps a clean edge.
              transform: 'scale(1.12)',
            }}
          />
        )}
      </div>
      <Stack align="center" justify="center" gap="sm" p="md" style={{ ...layer, placeSelf: 'center' }}>
        <ThemeIcon variant="default" radius="xl" size={48} aria-hidden>
          <IconLock size={24} />
        </ThemeIcon>
        <Button component={Link} to={joinPath(post)}>
          {t('posts.members.join_to_read')}
        </Button>
      </Stack>
    </div>
  );
}

/**
 * A members-only post my pass does not open, as the server sends it: its title and teaser (plain text), no body
 * and no media but a blurred copy of its cover when it has one. `full` on its own page (the title is the page's
 * heading), else in a list (the title links to it).
 */
export function LockedPost({ post, full }: { post: Post; full: boolean }) {
  const media = <MediaPlaceholder post={post} full={full} />;
  const coverFirst = post.blurred_cover_url !== null && COVER_FIRST[post.type];
  return (
    <Stack gap="sm">
      {post.min_tier && <MembersBadge tier={post.min_tier} />}
      {coverFirst && media}
      {post.title && (
        <Title order={full ? 1 : 2} fz={full ? 'h2' : 'h4'}>
          {full ? (
            post.title
          ) : (
            <Anchor component={Link} to={postPath(post)} c="inherit" underline="hover" className={a11y.link}>
              {post.title}
            </Anchor>
          )}
        </Title>
      )}
      {post.content && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>{post.content}</Text>}
      {!coverFirst && media}
    </Stack>
  );
}
