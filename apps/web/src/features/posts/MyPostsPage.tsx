import { Button } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { useSession } from '../../session/session';
import { PostList } from './PostList';
import { useFeed } from './api';

/** My Posts with a Load more button (spec). */
export function MyPostsPage() {
  const { t } = useTranslation();
  const session = useSession()!;
  const posts = useFeed('mine');
  return (
    <>
      <BackBar title={t('titles.my_posts')} to="/profile" />
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
    </>
  );
}
