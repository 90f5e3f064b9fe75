import { ActionIcon, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { tagPath } from '../../components/text/linkify';
import { alert } from '../../lib/alerts';
import { useFollowedTags, useFollowTag } from './api';
import { useSearchMessages } from './messages';
import { tagLang } from './TagPill';
import classes from './search.module.css';

function FollowedTag({ tag }: { tag: string }) {
  const { t } = useTranslation();
  const follow = useFollowTag(tag);
  return (
    <Group gap={0} wrap="nowrap" className={classes.pill}>
      <Text component={Link} to={tagPath(tag)} fw={600} lang={tagLang(tag)} px="xs" py={10}>
        #{tag}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={44}
        loading={follow.isPending}
        aria-label={t('tags.unfollow', { tag })}
        onClick={() =>
          follow.mutate(false, {
            onSuccess: () => alert('success', t('tags.unfollowed_toast', { tag })),
            onError: (error) => alert('danger', errorMessage(error)),
          })
        }
      >
        <IconX size={18} />
      </ActionIcon>
    </Group>
  );
}

/** The tags I follow (their posts join my feed), each with a way to stop; nothing while I follow none. */
export function FollowedTags() {
  const { t } = useTranslation();
  const ready = useSearchMessages();
  const heading = useId();
  const tags = useFollowedTags().data?.data ?? [];
  if (!ready || tags.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={heading}>
      <Stack gap="xs">
        <Title order={2} fz="h5" id={heading}>
          {t('tags.followed')}
        </Title>
        <Group gap="xs">
          {tags.map((tag) => (
            <FollowedTag key={tag.tag} tag={tag.tag} />
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
