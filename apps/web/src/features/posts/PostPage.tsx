import { PRODUCT_NAME, type Post } from '@inkwell/contracts';
import { Alert, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { NotFound, isNotFound } from '../../components/NotFound';
import { PageLoader } from '../../components/PageLoader';
import { CommentsThread } from '../comments';
import { Safety } from '../safety';
import { excerpt } from './excerpt';
import { MembersOnly } from './MembersOnly';
import { PostCard } from './PostCard';
import { usePost } from './api';

/** How a post is named in the tab and in history: its title, else its opening words, else its account. */
export const postTitle = (post: Post): string =>
  post.title ?? (post.content && post.type !== 'post' ? excerpt(post.content, 12) : post.account.name);

const COMMENTS_ID = 'comments';

/** One post with its comments below it, and the actions dialog. Open to guests (they read; acting asks to sign in). */
export function PostPage() {
  const { t, i18n } = useTranslation();
  const slug = useParams().slug ?? '';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const post = usePost(slug);
  const loaded = post.data?.data;

  // The document is titled with the post itself, as the server titled the page it sent.
  useEffect(() => {
    document.title = `${loaded ? postTitle(loaded) : t('titles.post')} · ${PRODUCT_NAME}`;
  }, [loaded, t, i18n.language]);

  // Links that used to open the comments dialog (`?comments=1`) land on the comments.
  const toComments = params.get('comments') === '1';
  useEffect(() => {
    if (loaded && toComments) document.getElementById(COMMENTS_ID)?.scrollIntoView();
  }, [loaded, toComments]);

  if (post.isPending) {
    return <PageLoader />;
  }
  // A post that does not exist, or that the viewer may not see, is the app's one not-found page.
  if (isNotFound(post.error)) return <NotFound />;
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
      {/* A post with a title has it as the page's heading (PostBody); a status post has none of its own. */}
      <BackBar title={t('titles.post')} level={p.title ? 2 : 1} />
      {/* Opened by link: feeds leave out what I blocked or muted, and this says why. */}
      {(p.is_blocked || p.is_muted) && <Safety part="notice" post={p} />}
      <PostCard
        post={p}
        full
        priority
        onComments={() => {
          const section = document.getElementById(COMMENTS_ID);
          section?.scrollIntoView({ behavior: 'smooth' });
          section?.querySelector<HTMLElement>('textarea, button')?.focus({ preventScroll: true });
        }}
        onDeleted={() => void navigate('/home', { replace: true })}
      />
      <Stack component="section" id={COMMENTS_ID} aria-labelledby="comments-heading" gap="sm">
        <Title order={2} fz="h4" id="comments-heading">
          {t('comments.title')}
        </Title>
        {/* A locked post's comments are its members' (the server answers 403): not asked for. */}
        {p.locked ? <MembersOnly post={p} comments /> : <CommentsThread postId={p.id} />}
      </Stack>
    </Stack>
  );
}
