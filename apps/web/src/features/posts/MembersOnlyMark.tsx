import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMembersMessages } from './membersMessages';

/**
 * A lock and "Members only", for a post named where its card is not drawn (a search hit) that my pass does not
 * open. Its words come with the members-only parts' own catalogue, asked for when the first mark is drawn.
 */
export function MembersOnlyMark() {
  const { t } = useTranslation();
  if (!useMembersMessages()) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <IconLock size={14} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-primary-color-light-color)' }} />
      <Text size="xs" fw={600}>
        {t('posts.members.members_only')}
      </Text>
    </Group>
  );
}
