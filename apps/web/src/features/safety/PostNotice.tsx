import { Group, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A line above a post opened by link whose writer I blocked or whose account I muted: why feeds leave it out. */
export function PostNotice({ post }: { post: { is_blocked: boolean; is_muted: boolean } }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" c="dimmed" role="note">
      <IconBan size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm">{t(post.is_blocked ? 'safety.you_blocked_person' : 'safety.you_muted_account')}</Text>
    </Group>
  );
}
