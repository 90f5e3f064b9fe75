import { Group, Stack, Text } from '@mantine/core';
import { IconPinned } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PostCard } from './PostCard';
import { PINS_KEY, pinsQuery } from './pins';

/**
 * An account's pinned posts at the top of its page, in their order, each marked "Pinned" (its icon is only
 * decoration: the word is what is read). Nothing at all while they load, when there are none, or on a refusal.
 */
export function PinnedPosts({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const pins = useQuery(pinsQuery(accountId));
  const posts = pins.data?.data ?? [];
  if (posts.length === 0) return null;
  return (
    <Stack component="section" gap="md" aria-label={t('pins.section')} data-testid="pinned-posts">
      {posts.map((post) => (
        <Stack key={post.id} gap={4} data-testid="pinned-post">
          <Group gap={6} c="dimmed" px="xs">
            <IconPinned size={16} aria-hidden />
            <Text size="sm" fw={600}>
              {t('pins.mark')}
            </Text>
          </Group>
          <PostCard post={post} onDeleted={() => void client.invalidateQueries({ queryKey: PINS_KEY })} />
        </Stack>
      ))}
    </Stack>
  );
}
