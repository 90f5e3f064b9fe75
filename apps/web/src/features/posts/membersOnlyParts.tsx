import type { Post } from '@inkwell/contracts';
import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LockedPost, MembersBadge, type MinTier } from './LockedPost';
import { useMembersMessages } from './membersMessages';

/**
 * Which part to draw: a post my pass does not open (`post.locked`: title, teaser, badge, a placeholder for its media
 * and Join to read); above a members-only post I may read, its badge (its creator and members see it is not
 * public); or, with `comments`, what stands instead of a locked post's comments (the server keeps them for its
 * members: 403).
 */
export interface MembersOnlyPartProps {
  post: Post;
  full?: boolean;
  comments?: boolean;
}

function CommentsForMembers({ tier }: { tier: MinTier | null }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="start">
      <IconLock size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text c="dimmed">{t('posts.members.comments_locked', { tier: tier?.name ?? '' })}</Text>
    </Group>
  );
}

/**
 * Everything the door (MembersOnly.tsx) opens, behind one import: one file and one catalogue to load. The default
 * export, and the messages asked for here rather than by the door: the fewest bytes on every post card.
 */
export default function MembersOnlyPart({ post, full = false, comments = false }: MembersOnlyPartProps) {
  if (!useMembersMessages()) return null;
  if (comments) return <CommentsForMembers tier={post.min_tier} />;
  if (post.locked) return <LockedPost post={post} full={full} />;
  return post.min_tier && <MembersBadge tier={post.min_tier} short />;
}
