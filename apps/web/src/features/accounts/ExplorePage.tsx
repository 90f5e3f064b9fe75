import { Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { UserAvatar } from '../../components/UserAvatar';
import a11y from '../../components/a11y.module.css';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { PageLoader } from '../../components/PageLoader';
import { useExplore } from './api';

/** A grid of account cards to discover, most followed first. */
export function ExplorePage() {
  const { t } = useTranslation();
  const accounts = useExplore();
  if (accounts.isPending) {
    return <PageLoader />;
  }
  if (accounts.isError) return <Text c="red">{errorMessage(accounts.error)}</Text>;
  const list = accounts.data.pages.flatMap((p) => p.data);
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('titles.explore')}
      </Title>
      {list.length === 0 && (
        <EmptyState icon={<IconCompass size={32} />} title={t('explore.empty_title')} body={t('explore.empty_body')} />
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {list.map((a) => (
          // The name is the card's link and its ::after covers the card: the link is named as it reads (a label
          // standing in for the card's whole text did not match what is seen: axe's label-content-name-mismatch).
          <Card key={a.id} withBorder radius="lg" padding="md" pos="relative">
            <Stack align="center" gap={4} ta="center">
              <UserAvatar url={a.profile_url} name={a.name} size={64} />
              <Anchor
                component={Link}
                to={`/a/${a.username}`}
                c="inherit"
                underline="never"
                maw="100%"
                className={`${a11y.link} ${a11y.cardLink}`}
              >
                <Text component="span" fw={700} lineClamp={1}>
                  {a.name}
                </Text>
              </Anchor>
              <Text size="xs" c="dimmed" lineClamp={1}>
                /a/{a.username}
              </Text>
              <Text size="sm" lineClamp={2}>
                {a.description}
              </Text>
              <Text size="xs" c="dimmed">
                {t('accounts.followers', {
                  count: a.followers_count,
                  n: numberFormat(currentLocale()).format(a.followers_count),
                })}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {accounts.hasNextPage && (
        <Button variant="light" onClick={() => void accounts.fetchNextPage()} loading={accounts.isFetchingNextPage}>
          {t('posts.load_more')}
        </Button>
      )}
    </Stack>
  );
}
