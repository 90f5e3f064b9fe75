import { TOP_CURSOR, postsApi, type PostLanguage } from '@inkwell/contracts';
import { Box, Button, Tabs, Title } from '@mantine/core';
import { IconNews, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import a11y from '../../components/a11y.module.css';
import { useFirstScreenDone } from '../../lib/afterFirstScreen';
import { AllowNotificationsPrompt } from '../notifications';
import { PostList } from '../posts';
import { POSTS_KEY, useFeed } from '../posts/api';

// The public feed's choice of language (and its words) loads with the Public tab: the followed feed opens first.
const loadLanguage = () => import('../search');
const FeedLanguageFilter = lazy(async () => ({ default: (await loadLanguage()).FeedLanguageFilter }));
const FeedLanguageEmpty = lazy(async () => ({ default: (await loadLanguage()).FeedLanguageEmpty }));
const LANGUAGES = ['my', 'th', 'en'] as const;
// Accounts to follow under a short feed: their own chunk, asked for once the first screen is done.
const FeedSuggestions = lazy(async () => ({
  default: (await import('../discovery/FeedSuggestions')).FeedSuggestions,
}));
/** A feed shorter than this, all of it on one page, gets suggestions under it. */
const SHORT_FEED = 10;

/**
 * The public feed in one language, or in all of them: then the very entry (key and address) the router starts early
 * for home (posts/queries.ts), as `useFeed('public')` reads it.
 */
const publicFeed = (language: PostLanguage | undefined) =>
  infiniteQueryOptions({
    queryKey: language ? [...POSTS_KEY, 'public', language] : [...POSTS_KEY, 'public'],
    queryFn: ({ pageParam }) => call(postsApi.publicFeed, { query: { before: pageParam, language } }),
    initialPageParam: TOP_CURSOR,
    getNextPageParam: (last) => last.meta.next_cursor,
  });

/**
 * Whether the followed feed is short: all of it is in and fewer than {@link SHORT_FEED} posts. Once so it stays
 * so while the tab is open: following a suggestion refills the feed, and the cards must not vanish mid-tap.
 */
function useShortFeed(feed: ReturnType<typeof useFeed>): boolean {
  const short =
    feed.isSuccess && !feed.hasNextPage && feed.data.pages.reduce((n, page) => n + page.data.length, 0) < SHORT_FEED;
  const [latched, setLatched] = useState(false);
  if (short && !latched) setLatched(true);
  return short || latched;
}

function FeedTab() {
  const { t } = useTranslation();
  const feed = useFeed('feed');
  const short = useShortFeed(feed);
  const later = useFirstScreenDone();
  return (
    <>
      <PostList
        query={feed}
        empty={
          <EmptyState
            icon={<IconUsersGroup size={32} />}
            title={t('home.feed_empty_title')}
            body={t('home.feed_empty_body')}
            action={
              <Button component={Link} to="/explore">
                {t('home.explore_accounts')}
              </Button>
            }
          />
        }
      />
      {/* Below the posts, and only after the first screen: nothing already drawn moves when it arrives. */}
      {short && later && (
        <Suspense>
          <FeedSuggestions />
        </Suspense>
      )}
    </>
  );
}

function PublicTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const language = LANGUAGES.find((l) => l === params.get('language'));
  const feed = useInfiniteQuery(publicFeed(language));
  return (
    <>
      {/* Its height is kept while it loads: the posts below do not move when it arrives. */}
      <Box mih={36} mb="md">
        <Suspense>
          <FeedLanguageFilter
            value={language}
            onChange={(l) => setParams(l ? { tab: 'public', language: l } : { tab: 'public' }, { replace: true })}
          />
        </Suspense>
      </Box>
      <PostList
        query={feed}
        empty={
          language ? (
            <Suspense>
              <FeedLanguageEmpty />
            </Suspense>
          ) : (
            <EmptyState
              icon={<IconWorld size={32} />}
              title={t('home.public_empty_title')}
              body={t('home.public_empty_body')}
            />
          )
        }
      />
    </>
  );
}

/**
 * Which tab opens. Chosen by the person (`?tab=`) it stays; otherwise the followed feed, unless it is empty (a
 * new person follows nobody and has no account yet): then the public feed, so the first screen has posts in it.
 * The followed feed's first page is read anyway (prefetched with the page), so the choice costs nothing more.
 */
function useLandingTab(asked: string | null): 'feed' | 'public' {
  const feed = useFeed('feed');
  if (asked === 'public' || asked === 'feed') return asked;
  // While it loads the Feed tab shows its loader; an empty feed then hands over to Public.
  return feed.data?.pages[0]?.data.length === 0 ? 'public' : 'feed';
}

/** The followed feed and the public feed. */
export function FeedPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = useLandingTab(params.get('tab'));
  return (
    <>
      {/* The tabs say where one is; the heading names the screen for those who jump by headings. */}
      <Title order={1} className={a11y.hidden}>
        {t('titles.home')}
      </Title>
      <Box mb="md">
        <AllowNotificationsPrompt />
      </Box>
      <Tabs
        value={tab}
        // Written either way: a tab picked by hand is kept, never swapped for the landing choice.
        onChange={(value) => setParams({ tab: value === 'public' ? 'public' : 'feed' }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List grow mb="md">
          <Tabs.Tab value="feed" leftSection={<IconNews size={18} />}>
            {t('home.tab_feed')}
          </Tabs.Tab>
          <Tabs.Tab value="public" leftSection={<IconWorld size={18} />}>
            {t('home.tab_public')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="feed">
          <FeedTab />
        </Tabs.Panel>
        <Tabs.Panel value="public">
          <PublicTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
