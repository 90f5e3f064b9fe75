import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { CommentsThread } from './CommentsThread';
import { postPath } from './PostBody';
import { usePost } from './api';

export function CommentsPage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const post = usePost(slug);
  if (post.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (post.isError) return <Alert color="red">{errorMessage(post.error)}</Alert>;
  return (
    <>
      <BackBar title={t('comments.title')} to={postPath(post.data.data)} />
      <CommentsThread postId={post.data.data.id} />
    </>
  );
}
