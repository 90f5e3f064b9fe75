import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackBar } from '../../components/BackBar';
import { CommentsThread } from '../comments';
import { postPath } from './paths';
import { WithPost } from './WithPost';

export function CommentsPage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  return (
    <WithPost slug={slug}>
      {(post) => (
        <>
          <BackBar title={t('comments.title')} to={postPath(post)} />
          <CommentsThread postId={post.id} />
        </>
      )}
    </WithPost>
  );
}
