import { Alert, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { CommentsThread } from '../comments/CommentsThread';
import { PostCard } from './PostCard';
import { usePost } from './api';
import { PageLoader } from '../../components/PageLoader';

/** One post, with the comments dialog and the actions dialog. */
export function PostPage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const post = usePost(slug);
  const commentsOpen = params.get('comments') === '1';

  if (post.isPending) {
    return <PageLoader />;
  }
  if (post.isError) {
    return (
      <>
        <BackBar title={t('titles.post')} />
        <Alert color="red">{errorMessage(post.error)}</Alert>
      </>
    );
  }
  const p = post.data.data;
  return (
    <Stack gap="md">
      <BackBar title={t('titles.post')} />
      <PostCard
        post={p}
        full
        priority
        onComments={() => setParams({ comments: '1' })}
        onDeleted={() => void navigate('/home', { replace: true })}
      />
      <Modal
        opened={commentsOpen}
        onClose={() => setParams({}, { replace: true })}
        title={t('comments.title')}
        size="lg"
        fullScreen={false}
      >
        <CommentsThread postId={p.id} />
      </Modal>
    </Stack>
  );
}
