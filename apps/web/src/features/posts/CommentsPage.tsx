import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { BackBar } from '../../components/BackBar';
import { CommentsThread } from '../comments';
import { postPath } from './paths';
import { WithPost } from './WithPost';

export function CommentsPage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  return (
    <WithPost slug={slug}>
      {(post) =>
        // A locked post's comments are its members' (the server answers 403): its page says so, with Join to read.
        post.locked ? (
          <Navigate to={postPath(post)} replace />
        ) : (
          <>
            <BackBar title={t('comments.title')} to={postPath(post)} />
            <CommentsThread postId={post.id} />
          </>
        )
      }
    </WithPost>
  );
}
