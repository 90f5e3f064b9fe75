import type { Post } from '@inkwell/contracts';
import { Alert, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A rejected post, as its people (and administrators) see it: the administrator's reason, and that nobody else
 * can see the post. Everyone else never gets a rejected post.
 */
export function RejectedNotice({ post }: { post: Post }) {
  const { t } = useTranslation();
  if (post.status !== 'rejected') return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconBan size={18} />}
      title={t('posts.rejected_notice', { reason: post.rejected_reason ?? '' })}
    >
      <Text size="sm">{t('posts.rejected_hint')}</Text>
    </Alert>
  );
}
