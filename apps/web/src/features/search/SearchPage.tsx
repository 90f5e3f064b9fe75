import { searchApi } from '@inkwell/contracts';
import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call, errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { UserAvatar } from '../../components/UserAvatar';

/** Results of the header's search box. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const results = useQuery({
    queryKey: ['search', q],
    queryFn: () => call(searchApi.search, { query: { q } }),
    enabled: q.length > 0,
  });

  if (!q) {
    return <EmptyState icon={<IconSearch size={32} />} title={t('search.start_title')} body={t('search.start_body')} />;
  }
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('search.results_for', { q })}
      </Title>
      {results.isPending && <Loader aria-label={t('app.loading')} />}
      {results.isError && <Alert color="red">{errorMessage(results.error)}</Alert>}
      {results.data && results.data.data.users.length === 0 && (
        <EmptyState icon={<IconSearch size={32} />} title={t('search.empty_title')} body={t('search.empty_body')} />
      )}
      {results.data && results.data.data.users.length > 0 && (
        <section aria-labelledby="search-people">
          <Title order={2} fz="h5" id="search-people" mb="xs">
            {t('search.people')}
          </Title>
          <Stack gap="xs">
            {results.data.data.users.map((user) => (
              <Card key={user.id} withBorder radius="md" padding="sm">
                <Group wrap="nowrap">
                  <UserAvatar url={user.profile_url} name={user.name} size={44} />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {user.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      @{user.username}
                    </Text>
                  </div>
                </Group>
              </Card>
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}
