import { searchApi } from '@inkwell/contracts';
import { Alert, Anchor, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call, errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { AvatarName } from '../../components/AvatarName';
import { currentLocale } from '../../i18n';
import { relativeTime } from '../../lib/relativeTime';
import a11y from '../../components/a11y.module.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="h5" id={id} mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}

/** Results of the header's search box: accounts, posts and people. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const results = useQuery({
    queryKey: ['search', q],
    queryFn: () => call(searchApi.search, { query: { q } }),
    enabled: q.length > 0,
  });

  if (!q)
    return <EmptyState icon={<IconSearch size={32} />} title={t('search.start_title')} body={t('search.start_body')} />;
  const data = results.data?.data;
  const nothing = data && data.accounts.length + data.posts.length + data.users.length === 0;
  return (
    <Stack gap="lg">
      <Title order={1} fz="h3">
        {t('search.results_for', { q })}
      </Title>
      {results.isPending && <Loader aria-label={t('app.loading')} />}
      {results.isError && <Alert color="red">{errorMessage(results.error)}</Alert>}
      {nothing && (
        <EmptyState icon={<IconSearch size={32} />} title={t('search.empty_title')} body={t('search.empty_body')} />
      )}
      {data && data.accounts.length > 0 && (
        <Section id="search-accounts" title={t('search.accounts')}>
          {data.accounts.map((a) => (
            <Card key={a.id} withBorder radius="md" padding="sm" component={Link} to={`/a/${a.username}`}>
              <AvatarName
                url={a.profile_url}
                name={a.name}
                size={44}
                detail={`/a/${a.username} · ${a.description}`}
                detailSize="sm"
                truncateDetail
              />
            </Card>
          ))}
        </Section>
      )}
      {data && data.posts.length > 0 && (
        <Section id="search-posts" title={t('search.posts')}>
          {data.posts.map((p) => (
            <Card key={p.id} withBorder radius="md" padding="sm">
              <Anchor
                component={Link}
                to={`/posts/${encodeURIComponent(p.slug)}`}
                fw={600}
                c="inherit"
                className={a11y.link}
              >
                {p.title || p.excerpt.slice(0, 80)}
              </Anchor>
              {p.title && (
                <Text size="sm" lineClamp={2}>
                  {p.excerpt}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {p.account.name} · {relativeTime(p.created_at, currentLocale())}
              </Text>
            </Card>
          ))}
        </Section>
      )}
      {data && data.users.length > 0 && (
        <Section id="search-people" title={t('search.people')}>
          {data.users.map((user) => (
            <Card key={user.id} withBorder radius="md" padding="sm" component={Link} to={`/u/${user.id}`}>
              <AvatarName
                url={user.profile_url}
                name={user.name}
                size={44}
                detail={`@${user.username}`}
                detailSize="sm"
              />
            </Card>
          ))}
        </Section>
      )}
    </Stack>
  );
}
