import type { Paged } from '@inkwell/contracts';
import { Anchor, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import a11y from '../../components/a11y.module.css';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { relativeTime } from '../../lib/relativeTime';

interface Someone {
  id: number;
  name: string;
  username: string;
  profile_url: string | null;
}

/** One blocked person or muted account: who, since when, and the button that lets them back. */
export function SafetyRow({
  who,
  to,
  handle,
  since,
  action,
}: {
  who: Someone;
  to: string;
  handle: string;
  since: string;
  action: ReactNode;
}) {
  return (
    <Card withBorder radius="md" component="li" padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <UserAvatar url={who.profile_url} name={who.name} size={44} />
          <div style={{ minWidth: 0 }}>
            <Anchor component={Link} to={to} fw={600} className={a11y.link} style={{ overflowWrap: 'anywhere' }}>
              {who.name}
            </Anchor>
            <Text size="sm" c="dimmed" truncate>
              {handle}
            </Text>
            <Text size="xs" c="dimmed">
              {since}
            </Text>
          </div>
        </Group>
        <div style={{ flexShrink: 0 }}>{action}</div>
      </Group>
    </Card>
  );
}

export const sinceLabel = (time: string) => relativeTime(time, currentLocale());

/**
 * A settings list (blocked people, muted accounts): an introduction, the page of rows, a designed empty state and
 * Newer / Older. A page left empty by the last row going back steps back itself.
 */
export function SafetyList<T extends Someone>({
  label,
  intro,
  query,
  page,
  onPage,
  empty,
  row,
}: {
  label: string;
  intro: string;
  query: UseQueryResult<Paged<T>>;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const meta = query.data?.meta;
  const lastPage = Math.max(1, meta?.last_page ?? 1);
  useEffect(() => {
    if (meta && page > lastPage) onPage(lastPage);
  }, [meta, page, lastPage, onPage]);

  return (
    <>
      <Text c="dimmed" mb="md">
        {intro}
      </Text>
      {query.isPending && <Loader aria-label={t('app.loading')} />}
      {query.isError && <Text c="red">{errorMessage(query.error)}</Text>}
      {query.data?.data.length === 0 && page === 1 && empty}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {query.data?.data.map(row)}
      </Stack>
      {lastPage > 1 && (
        <Group justify="space-between" mt="md">
          <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('safety.newer')}
          </Button>
          <Button variant="default" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
            {t('safety.older')}
          </Button>
        </Group>
      )}
    </>
  );
}
