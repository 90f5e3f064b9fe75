import { Box, Button, Tabs, Title } from '@mantine/core';
import { IconNews, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import a11y from '../../components/a11y.module.css';
import { AllowNotificationsPrompt } from '../notifications';
import { PostList } from '../posts';
import { useFeed } from '../posts/api';

function FeedTab() {
  const { t } = useTranslation();
  const feed = useFeed('feed');
  return (
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
  );
}

function PublicTab() {
  const { t } = useTranslation();
  const feed = useFeed('public');
  return (
    <PostList
      query={feed}
      empty={
        <EmptyState
          icon={<IconWorld size={32} />}
          title={t('home.public_empty_title')}
          body={t('home.public_empty_body')}
        />
      }
    />
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
