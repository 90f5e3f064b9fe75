import { Tabs } from '@mantine/core';
import { IconNews, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';

/** The followed feed and the public feed. */
export function HomePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'public' ? 'public' : 'feed';
  return (
    <Tabs value={tab} onChange={(value) => setParams(value === 'public' ? { tab: 'public' } : {}, { replace: true })}>
      <Tabs.List grow mb="md">
        <Tabs.Tab value="feed" leftSection={<IconNews size={18} />}>
          {t('home.tab_feed')}
        </Tabs.Tab>
        <Tabs.Tab value="public" leftSection={<IconWorld size={18} />}>
          {t('home.tab_public')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="feed">
        <EmptyState
          icon={<IconUsersGroup size={32} />}
          title={t('home.feed_empty_title')}
          body={t('home.feed_empty_body')}
        />
      </Tabs.Panel>
      <Tabs.Panel value="public">
        <EmptyState
          icon={<IconWorld size={32} />}
          title={t('home.public_empty_title')}
          body={t('home.public_empty_body')}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
