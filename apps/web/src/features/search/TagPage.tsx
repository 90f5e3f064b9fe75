import { PRODUCT_NAME, normalizeTag, type Tag } from '@inkwell/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { NotFound } from '../../components/NotFound';
import { PageLoader } from '../../components/PageLoader';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { numberFormat } from '../../lib/numbers';
import { useSignInFirst } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { PostList } from '../posts';
import { useFollowTag, useTagPage } from './api';
import { useSearchMessages } from './messages';
import { tagLang } from './TagPill';

/** Follow or Following; a guest is asked to sign in first and comes back to this tag. */
function FollowTagButton({ tag }: { tag: Tag }) {
  const { t } = useTranslation();
  const session = useSession();
  const signInFirst = useSignInFirst();
  const follow = useFollowTag(tag.tag);
  const toggle = () =>
    follow.mutate(!tag.is_followed, {
      onSuccess: (res) =>
        alert(
          'success',
          t(res.data.is_followed ? 'tags.followed_toast' : 'tags.unfollowed_toast', { tag: res.data.tag }),
        ),
      onError: (error) => alert('danger', errorMessage(error)),
    });
  return (
    <Button
      variant={tag.is_followed ? 'default' : 'filled'}
      loading={follow.isPending}
      aria-pressed={tag.is_followed}
      onClick={session ? toggle : signInFirst}
    >
      {tag.is_followed ? t('accounts.following') : t('accounts.follow')}
    </Button>
  );
}

/**
 * A tag's page (`/tags/:tag`, open to guests): the tag, how many posts use it, Follow (its posts join my feed),
 * and its posts, newest first, as any feed shows them. A tag nobody used yet is a page with no posts.
 */
export function TagPage() {
  const { t, i18n } = useTranslation();
  const ready = useSearchMessages();
  // As the server reads it (NFC, lower case): `#Yangon` and `#yangon` are one page, one cache entry.
  const tag = normalizeTag(useParams().tag ?? '');
  const page = useTagPage(tag);

  useEffect(() => {
    document.title = `#${tag} · ${PRODUCT_NAME}`;
  }, [tag, i18n.language]);

  // Not a tag at all (punctuation in the address): the app's one not-found page.
  if (page.error instanceof ApiError && (page.error.status === 404 || page.error.status === 422)) return <NotFound />;
  if (!ready || page.isPending) return <PageLoader />;
  const info = page.data?.pages[0]?.tag ?? { tag, posts_count: 0, is_followed: false };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz="h2" lang={tagLang(info.tag)}>
            #{info.tag}
          </Title>
          <Text c="dimmed" size="sm">
            {t('tags.posts_count', {
              count: info.posts_count,
              n: numberFormat(currentLocale()).format(info.posts_count),
            })}
          </Text>
        </div>
        <FollowTagButton tag={info} />
      </Group>
      <PostList
        query={page}
        empty={
          <EmptyState
            icon={
              <Text fz={32} fw={700} aria-hidden>
                #
              </Text>
            }
            title={t('tags.empty_title', { tag: info.tag })}
            body={t('tags.empty_body', { tag: info.tag })}
          />
        }
      />
    </Stack>
  );
}
