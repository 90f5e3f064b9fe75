import { PRODUCT_NAME, publishingApi, type Post } from '@inkwell/contracts';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClockX, IconEye, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, call, errorMessage } from '../../api/client';
import { PageLoader } from '../../components/PageLoader';
import { UserAvatar } from '../../components/UserAvatar';
import { excerpt } from './excerpt';
import { useToolsMessages } from './toolsMessages';
import { PostBody } from './PostBody';

// As PostPage names a post (not imported from there: that would bring its comments along).
const postTitle = (post: Post): string =>
  post.title ?? (post.content && post.type !== 'post' ? excerpt(post.content, 12) : post.account.name);

/** A state of the page in place of the post: an icon, a heading, a line, and a way home. */
function Notice({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="md" py="xl">
      {icon}
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed">{body}</Text>
      <Button component={Link} to="/">
        {t('drafts.go_home')}
      </Button>
    </Stack>
  );
}

/**
 * A draft or scheduled post by its preview link (`/preview/:token`), for anyone who has the link: read-only, no
 * likes, comments or sharing. An expired or altered link answers 404, a post published since 409.
 */
export function PreviewPage() {
  const { t, i18n } = useTranslation();
  const token = useParams().token ?? '';
  const preview = useQuery({
    queryKey: ['post-preview', token],
    queryFn: () => call(publishingApi.preview, { params: { token } }),
    retry: false,
    // A preview shows what the post is now: asked again each visit, not kept.
    gcTime: 0,
  });
  const post = preview.data?.data;
  const ready = useToolsMessages();

  useEffect(() => {
    document.title = `${post ? postTitle(post) : t('drafts.preview_title')} · ${PRODUCT_NAME}`;
  }, [post, t, i18n.language, ready]);

  if (preview.isPending || !ready) return <PageLoader />;
  if (preview.isError) {
    const status = preview.error instanceof ApiError ? preview.error.status : 0;
    if (status === 404)
      return (
        <Notice
          icon={<IconClockX size={56} aria-hidden />}
          title={t('drafts.preview_expired_title')}
          body={t('drafts.preview_expired_body')}
        />
      );
    if (status === 409)
      return (
        <Notice
          icon={<IconWorld size={56} aria-hidden />}
          title={t('drafts.preview_published_title')}
          body={t('drafts.preview_published_body')}
        />
      );
    return <Alert color="red">{errorMessage(preview.error)}</Alert>;
  }
  const p = preview.data.data;
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconEye size={20} />} title={t('drafts.preview_banner_title')} role="status">
        {t('drafts.preview_banner_body')}
      </Alert>
      {/* A post with a title has it as the page's heading (PostBody; a note shows none); others the preview's. */}
      {!(p.title && p.type !== 'status') && (
        <Title order={1} fz="h3">
          {t('drafts.preview_title')}
        </Title>
      )}
      <Card withBorder radius="lg" padding="md" component="article" aria-label={postTitle(p)}>
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap">
            <UserAvatar url={p.account.profile_url} name={p.account.name} size={44} />
            <Anchor component={Link} to={`/a/${p.account.username}`} fw={700} c="inherit" underline="hover">
              {p.account.name}
            </Anchor>
          </Group>
          <PostBody post={p} full />
        </Stack>
      </Card>
    </Stack>
  );
}
