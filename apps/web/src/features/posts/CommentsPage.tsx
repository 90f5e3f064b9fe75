import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { CommentsThread } from '../comments';
import { postPath } from './PostBody';
import { usePost } from './api';
import { PageLoader } from '../../components/PageLoader';
import { NotFound, isNotFound } from '../../components/NotFound';

export function CommentsPage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const post = usePost(slug);
  if (post.isPending) {
    return <PageLoader />;
  }
  if (post.isError)
    return isNotFound(post.error) ? <NotFound /> : <Alert color="red">{errorMessage(post.error)}</Alert>;
  return (
    <>
      <BackBar title={t('comments.title')} to={postPath(post.data.data)} />
      <CommentsThread postId={post.data.data.id} />
    </>
  );
}
