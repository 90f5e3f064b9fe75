import { Box, Button, Tabs } from '@mantine/core';
import { IconNews, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { AllowNotificationsPrompt } from '../notifications/AllowNotificationsPrompt';
import { PostList } from '../posts/PostList';
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

/** The followed feed and the public feed. */
export function HomePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'public' ? 'public' : 'feed';
  return (
    <>
      <Box mb="md">
        <AllowNotificationsPrompt />
      </Box>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'public' ? { tab: 'public' } : {}, { replace: true })}
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
