import type { Post, PreviewLink } from '@inkwell/contracts';
import { Anchor, Badge, Button, Card, CopyButton, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarTime, IconNotes } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { confirmDelete } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { relativeTime } from '../../lib/relativeTime';
import { useSession } from '../../session/session';
import { useMyAccounts } from '../accounts/api';
import { useDeletePost } from './api';
import { dateTimeIn, useDrafts, usePreviewLink, usePublishNow, useUnschedule, zoneFor } from './draftsApi';
import { useToolsMessages } from './toolsMessages';
import { excerpt } from './excerpt';

/** What a draft is called in the list: its title, else its first words, else its type's name. */
export function draftName(post: Post, typeName: string): string {
  // Lists carry an article's opening words as plain text already (the server's excerpt).
  const text = (post.content ?? '').trim();
  return post.title || (text ? excerpt(text, 12) : typeName);
}

/** The preview link just made: shown as well as copied, for browsers (and people) that refuse the clipboard. */
function PreviewLinkDialog({
  link,
  copied,
  onClose,
}: {
  link: PreviewLink | null;
  copied: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const expires = link ? dateTimeIn(link.expires_at, currentLocale()) : '';
  return (
    <Modal opened={link !== null} onClose={onClose} title={t('drafts.preview_link')} centered>
      {link && (
        <Stack gap="sm">
          <Text>{t(copied ? 'drafts.preview_link_copied' : 'drafts.preview_link_body', { time: expires })}</Text>
          <TextInput
            readOnly
            value={link.url}
            aria-label={t('drafts.preview_link')}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={link.url}>
            {({ copied: done, copy }) => (
              <Button onClick={copy} variant="light">
                {done ? t('drafts.copied') : t('drafts.copy')}
              </Button>
            )}
          </CopyButton>
        </Stack>
      )}
    </Modal>
  );
}

/** One draft or scheduled post with what can be done with it. */
function DraftCard({
  post,
  zone,
  onLink,
}: {
  post: Post;
  zone: string;
  onLink: (link: PreviewLink, copied: boolean) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const publish = usePublishNow();
  const unschedule = useUnschedule();
  const preview = usePreviewLink();
  const remove = useDeletePost();
  const failed = (error: unknown) => alert('danger', errorMessage(error));
  const scheduled = post.status === 'scheduled';
  const name = draftName(post, t(`posts.types.${post.type}`));

  const makeLink = () =>
    preview.mutate(post, {
      onSuccess: async (link) => {
        let copied = false;
        try {
          await navigator.clipboard.writeText(link.url);
          copied = true;
        } catch {
          // Refused (or no clipboard here): the dialog shows the link to copy by hand.
        }
        onLink(link, copied);
      },
      onError: failed,
    });

  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={name} data-testid="draft-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="h5" lang={post.language === 'other' ? undefined : post.language}>
            {name}
          </Title>
          <Badge variant="light" color={scheduled ? 'blue' : 'gray'} style={{ flexShrink: 0 }}>
            {t(scheduled ? 'drafts.scheduled' : 'drafts.draft')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to={`/a/${post.account.username}`} c="dimmed" size="sm">
            {post.account.name}
          </Anchor>
          {' · '}
          {t('drafts.saved', { time: relativeTime(post.updated_at, locale) })}
        </Text>
        {scheduled && post.publish_at && (
          <Group gap={6} wrap="nowrap">
            <IconCalendarTime size={18} aria-hidden />
            <Text size="sm" data-testid="publish-at">
              {t('drafts.scheduled_for', { time: dateTimeIn(post.publish_at, locale, zone) })}
            </Text>
          </Group>
        )}
        <Group gap="xs" mt="xs">
          <Button component={Link} to={`/compose?draft=${encodeURIComponent(post.slug)}`} size="sm">
            {t('drafts.continue')}
          </Button>
          <Button
            size="sm"
            variant="light"
            loading={publish.isPending}
            onClick={() =>
              publish.mutate(post, { onSuccess: () => alert('success', t('drafts.published')), onError: failed })
            }
          >
            {t('drafts.publish_now')}
          </Button>
          {scheduled && (
            <Button
              size="sm"
              variant="light"
              color="gray"
              loading={unschedule.isPending}
              onClick={() =>
                unschedule.mutate(post, {
                  onSuccess: () => alert('success', t('drafts.unscheduled')),
                  onError: failed,
                })
              }
            >
              {t('drafts.unschedule')}
            </Button>
          )}
          <Button size="sm" variant="subtle" color="gray" loading={preview.isPending} onClick={makeLink}>
            {t('drafts.preview_link')}
          </Button>
          <Button
            size="sm"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              confirmDelete({
                title: t('drafts.delete'),
                text: t('drafts.delete_confirm'),
                onConfirm: () =>
                  remove.mutate(post, { onSuccess: () => alert('success', t('drafts.deleted')), onError: failed }),
              })
            }
          >
            {t('drafts.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** My Posts' Drafts tab: my drafts and scheduled posts, last changed first, with a Load more button. */
export function DraftsList() {
  const { t } = useTranslation();
  const session = useSession();
  const drafts = useDrafts();
  const accounts = useMyAccounts();
  const [link, setLink] = useState<{ link: PreviewLink; copied: boolean } | null>(null);
  const posts = drafts.data?.pages.flatMap((p) => p.data) ?? [];
  const ready = useToolsMessages();

  if (drafts.isPending || !ready) return <PageLoader />;
  if (drafts.isError) return <Text c="red">{errorMessage(drafts.error)}</Text>;
  if (posts.length === 0)
    return (
      <EmptyState
        icon={<IconNotes size={32} />}
        title={t('drafts.empty_title')}
        body={t('drafts.empty_body')}
        action={
          session?.can_compose && (
            <Button component={Link} to="/compose">
              {t('drafts.write')}
            </Button>
          )
        }
      />
    );
  const total = drafts.data.pages.at(-1)?.meta.total ?? posts.length;
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('drafts.count', { count: total })}
      </Text>
      {posts.map((post) => (
        <DraftCard
          key={post.id}
          post={post}
          zone={zoneFor(post.account.id, accounts.data?.data)}
          onLink={(made, copied) => setLink({ link: made, copied })}
        />
      ))}
      {drafts.hasNextPage && (
        <Button variant="light" onClick={() => void drafts.fetchNextPage()} loading={drafts.isFetchingNextPage}>
          {t('posts.load_more')}
        </Button>
      )}
      <PreviewLinkDialog link={link?.link ?? null} copied={link?.copied ?? false} onClose={() => setLink(null)} />
    </Stack>
  );
}
