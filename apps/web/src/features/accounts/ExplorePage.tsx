import { READ_LANGUAGES, type ReadLanguage } from '@inkwell/contracts';
import { Anchor, Box, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { UserAvatar } from '../../components/UserAvatar';
import a11y from '../../components/a11y.module.css';
import { currentLocale } from '../../i18n';
import { wholeNumber } from '../../lib/numbers';
import { PageLoader } from '../../components/PageLoader';
import { useFirstScreenDone } from '../../lib/afterFirstScreen';
import { getSession } from '../../session/session';
import {
  loadDiscoveryMessages,
  trendingPostsQuery,
  useDiscoveryMessages,
  useExploreTrendingPosts,
} from '../discovery/api';
import { useExplore } from './api';
import { exploreQuery } from './queries';

/**
 * The first section (trending posts) is drawn with the first screen: the route waits for its code and Explore's
 * words (`exploreReady`) beside the page's own, so the page draws at once and a page the server drew is taken
 * over without a loading state in between (which would not match what the server drew).
 */
let sectionCode: Promise<typeof import('../discovery')> | undefined;
let section: typeof import('../discovery') | undefined;
const loadSection = () =>
  (sectionCode ??= import('../discovery').then(
    (code) => (section = code),
    (error: unknown) => {
      // A dropped connection must not stick: the next visit asks again.
      sectionCode = undefined;
      throw error;
    },
  ));
const LazyTrendingPosts = lazy(async () => ({ default: (await loadSection()).TrendingPostsSection }));
/**
 * The section's code as it is, once in: React's lazy would suspend once even then. And no Suspense boundary around
 * it then: a page the server drew hydrates a boundary on its own, and the first update inside (a post's time,
 * RelativeTime.tsx) would hydrate all of it at once, in one long task, instead of in the app's short slices.
 */
function TrendingPostsSection(props: { initialLanguage: ReadLanguage | undefined }) {
  // As it was when the page was first drawn: switching from the lazy one once the code is in would draw the section
  // anew (its language, its pages being read).
  const [code] = useState(() => section);
  if (code) return <code.TrendingPostsSection {...props} />;
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyTrendingPosts {...props} />
    </Suspense>
  );
}

/** The trending posts in the interface's language first, as the section picks them (one request, shared). */
const firstLanguage = () => READ_LANGUAGES.find((l) => l === currentLocale());

/**
 * What Explore's first screen needs besides its code, asked for as the route loads it (app/router.tsx): the
 * section's code and Explore's words, waited for; its accounts and trending posts, started. (The app's query
 * client comes from the router: imported here, it would be a file of its own on every first visit.)
 */
export function exploreReady(queryClient: QueryClient): Promise<unknown> {
  if (getSession()) {
    void queryClient.prefetchInfiniteQuery(exploreQuery());
    void queryClient.prefetchInfiniteQuery(trendingPostsQuery(firstLanguage()));
  }
  return Promise.all([loadSection(), loadDiscoveryMessages()]);
}

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
  // Asked for as the page starts when the route did not (a test draws the page alone); a failure shows where
  // the section is drawn (its lazy asks again).
  useState(() => void loadSection().catch(() => undefined));
  const ready = useDiscoveryMessages();
  const [language] = useState(firstLanguage);
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
      {/* Below the first screen: a page the server drew hydrates these cards on their own, after the rest (nothing
          in them changes as the app takes over, so they never have to hydrate at once). */}
      <Suspense>
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
                      n: wholeNumber(currentLocale(), a.followers_count, { grouped: true }),
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
