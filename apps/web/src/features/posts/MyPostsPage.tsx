import { Button, SegmentedControl } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { useSession } from '../../session/session';
import { PostList } from './PostList';
import { useFeed } from './api';
import { DraftsList } from './DraftsList';

/** My Posts with a Load more button (spec); its Drafts tab (`?tab=drafts`) lists my drafts and scheduled posts. */
export function MyPostsPage() {
  const { t } = useTranslation();
  const session = useSession()!;
  const [params, setParams] = useSearchParams();
  const drafts = params.get('tab') === 'drafts';
  const posts = useFeed('mine');
  return (
    <>
      <BackBar title={t('titles.my_posts')} to="/profile" />
      <SegmentedControl
        fullWidth
        mb="md"
        value={drafts ? 'drafts' : 'published'}
        onChange={(tab) => setParams(tab === 'drafts' ? { tab } : {}, { replace: true })}
        data={[
          { value: 'published', label: t('drafts.tab_published') },
          { value: 'drafts', label: t('drafts.tab_drafts') },
        ]}
        aria-label={t('drafts.tabs_label')}
      />
      {drafts ? (
        <DraftsList />
      ) : (
        <PostList
          query={posts}
          autoLoad={false}
          empty={
            <EmptyState
              icon={<IconNotes size={32} />}
              title={t('posts.mine_empty_title')}
              body={t('posts.mine_empty_body')}
              action={
                session.can_compose && (
                  <Button component={Link} to="/compose">
                    {t('nav.compose')}
                  </Button>
                )
              }
            />
          }
        />
      )}
    </>
  );
}
