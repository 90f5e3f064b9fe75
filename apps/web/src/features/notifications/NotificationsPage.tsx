import type { Notification, NotificationKind } from '@inkwell/contracts';
import { Alert, Badge, Box, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconBell, IconChecks, IconSettings } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { relativeTime } from '../../lib/relativeTime';
import { useMarkNotificationsRead, useNotifications } from './api';
import classes from './notifications.module.css';

/**
 * A kind told apart at a glance by a sign on the avatar (the avatar is who acted): an @mention names me in a post or
 * a comment, it is no like or follow. Its title says so in words. A character, not an icon: every icon the app draws
 * travels in the one file every screen loads.
 */
const KIND_SIGNS: Partial<Record<NotificationKind, string>> = { mention: '@' };

function Row({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const { t } = useTranslation();
  const unread = n.read_at === null;
  const sign = KIND_SIGNS[n.type];
  return (
    <UnstyledButton className={classes.row} data-unread={unread || undefined} onClick={() => onOpen(n)}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Box pos="relative" style={{ flexShrink: 0 }}>
          <UserAvatar url={n.icon} name={n.actor?.name ?? n.title} size={44} />
          {sign && (
            <span className={classes.sign} aria-hidden data-testid="kind-sign">
              {sign}
            </span>
          )}
        </Box>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={unread ? 700 : 500}>{n.title}</Text>
          {n.body && (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {n.body}
            </Text>
          )}
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              <time dateTime={n.created_at}>{relativeTime(n.created_at, currentLocale())}</time>
            </Text>
            {unread && (
              <Badge size="xs" variant="light">
                {t('notifications.new')}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** `/notifications`: newest first; opening one reads it and goes where it points; all can be read at once. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const { ref, entry } = useIntersection({ rootMargin: '300px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const unread = list.data?.pages[0]?.meta.unread_count ?? 0;
  const open = (n: Notification) => {
    if (n.read_at === null) markRead.mutate([n.id]);
    void navigate(n.url);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} fz="h3">
          {t('titles.notifications')}
        </Title>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconChecks size={18} />}
            disabled={unread === 0}
            loading={markRead.isPending && markRead.variables === undefined}
            onClick={() => markRead.mutate(undefined)}
          >
            {t('notifications.mark_all_read')}
          </Button>
          <Button
            component={Link}
            to="/profile/notifications"
            variant="subtle"
            leftSection={<IconSettings size={18} />}
          >
            {t('notifications.settings')}
          </Button>
        </Group>
      </Group>
      {list.isPending && <PageLoader />}
      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}
      {list.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={<IconBell size={32} />}
          title={t('notifications.empty_title')}
          body={t('notifications.empty_body')}
        />
      )}
      {rows.length > 0 && (
        <Card withBorder radius="lg" padding={0}>
          {rows.map((n) => (
            <Row key={n.id} n={n} onOpen={open} />
          ))}
        </Card>
      )}
      <div ref={ref} />
      {hasNextPage && (
        <Button variant="light" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
          {t('posts.load_more')}
        </Button>
      )}
    </Stack>
  );
}
