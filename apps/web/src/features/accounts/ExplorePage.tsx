import { READ_LANGUAGES } from '@inkwell/contracts';
import { Anchor, Box, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { UserAvatar } from '../../components/UserAvatar';
import a11y from '../../components/a11y.module.css';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { PageLoader } from '../../components/PageLoader';
import { useFirstScreenDone } from '../../lib/afterFirstScreen';
import { useDiscoveryMessages, useExploreTrendingPosts } from '../discovery/api';
import { useExplore } from './api';

/**
 * The first section (trending posts) is drawn with the first screen: its code is asked for as the page starts,
 * side by side with its posts and words, and the page shows once all are in, so nothing arrives above what is
 * already shown.
 */
let sectionCode: Promise<typeof import('../discovery')> | undefined;
const loadSection = () =>
  (sectionCode ??= import('../discovery').catch((error: unknown) => {
    // A dropped connection must not stick: the next visit asks again.
    sectionCode = undefined;
    throw error;
  }));
const TrendingPostsSection = lazy(async () => ({ default: (await loadSection()).TrendingPostsSection }));

/**
 * The rest comes once the first screen is done, each part into a box whose height is kept from the start: the
 * accounts at the bottom never move. The tags people write about now come with search's code.
 */
const TrendingTags = lazy(async () => ({ default: (await import('../search')).TrendingTags }));
const TRENDING_HEIGHT = 136;
const ExploreMore = lazy(async () => {
  // The door's ExploreMore is lazy itself (its own chunk): drawn from a component, as React wraps no lazy twice.
  const { ExploreMore: Inner } = await loadSection();
  return { default: () => <Inner /> };
});
/**
 * New creators, featured, suggested and packs as they are drawn before their cards arrive (discovery's
 * EXPLORE_MORE_HEIGHT, which this page cannot import before the chunk comes): one column on a phone, two from sm.
 */
const MORE_HEIGHT = { base: 2 * 600 + 2 * 800 + 3 * 32, sm: 2 * 360 + 2 * 460 + 3 * 32 };

/** Explore: sections of things to read and accounts to follow; the most followed accounts last. */
export function ExplorePage() {
  const { t } = useTranslation();
  // Asked for as the page starts (an effect would wait for the first paint).
  // A failure shows where the section is drawn (its lazy asks again).
  useState(() => void loadSection().catch(() => undefined));
  const ready = useDiscoveryMessages();
  // The interface's language first, as the section picks it: one request, shared with the section.
  const [language] = useState(() => READ_LANGUAGES.find((l) => l === currentLocale()));
  const trending = useExploreTrendingPosts(language);
  const accounts = useExplore();
  const later = useFirstScreenDone();
  const mostFollowed = useId();
  const title = (
    <Title order={1} fz="h3">
      {t('titles.explore')}
    </Title>
  );
  if (accounts.isPending || trending.isPending || !ready) {
    return (
      <Stack gap="md">
        {title}
        <PageLoader />
      </Stack>
    );
  }
  const list = accounts.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Stack gap="xl">
      {title}
      <Suspense fallback={<PageLoader />}>
        <TrendingPostsSection initialLanguage={language} />
        <Box mih={TRENDING_HEIGHT}>
          {later && (
            <Suspense>
              <TrendingTags strip />
            </Suspense>
          )}
        </Box>
        <Box mih={later ? undefined : MORE_HEIGHT}>
          {later && (
            <Suspense fallback={<Box mih={MORE_HEIGHT} />}>
              <ExploreMore />
            </Suspense>
          )}
        </Box>
        <Stack gap="sm" component="section" aria-labelledby={mostFollowed}>
          <Title order={2} fz="h4" id={mostFollowed}>
            {t('explore.most_followed')}
          </Title>
          {accounts.isError && <Text c="red">{errorMessage(accounts.error)}</Text>}
          {accounts.isSuccess && list.length === 0 && (
            <EmptyState
              icon={<IconCompass size={32} />}
              title={t('explore.empty_title')}
              body={t('explore.empty_body')}
            />
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
            <Button
              variant="light"
              mih={44}
              onClick={() => void accounts.fetchNextPage()}
              loading={accounts.isFetchingNextPage}
              aria-describedby={mostFollowed}
            >
              {t('explore.see_more')}
            </Button>
          )}
        </Stack>
      </Suspense>
    </Stack>
  );
}
