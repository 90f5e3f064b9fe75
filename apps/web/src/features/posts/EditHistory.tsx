import { publishingApi, type Post, type PostVersion } from '@inkwell/contracts';
import { Box, Button, Divider, Group, Image, Loader, Modal, Stack, Text, Title, Typography } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client';
import { confirmDelete } from '../../components/ConfirmDialog';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';

/*
 * A post's edit history: loaded (with its query) only when its "Edited" mark is pressed (EditedMark.tsx).
 */

const versionsKey = (postId: number) => ['post-versions', postId] as const;

function useVersions(postId: number, enabled: boolean) {
  return useQuery({
    queryKey: versionsKey(postId),
    queryFn: () => call(publishingApi.versions, { params: { id: postId } }),
    enabled,
    retry: false,
  });
}

function useRemoveVersion(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (versionId: number) => call(publishingApi.removeVersion, { params: { id: postId, versionId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: versionsKey(postId) }),
  });
}

/** What one version shows: the post as it is now, or an earlier version. */
type Shown = Pick<PostVersion, 'title' | 'content' | 'url' | 'featured_photo_url' | 'featured_photo_alt' | 'photos'>;

const when = (value: string) =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));

/** A version's pictures with their descriptions: a photo's or an article's `url`, a cover, a gallery's photos. */
function imagesOf(type: Post['type'], shown: Shown): { src: string; alt: string }[] {
  const alt = shown.featured_photo_alt ?? '';
  const images: { src: string; alt: string }[] = [];
  if ((type === 'photo' || type === 'post') && shown.url) images.push({ src: shown.url, alt });
  if ((type === 'audio' || type === 'video') && shown.featured_photo_url)
    images.push({ src: shown.featured_photo_url, alt });
  for (const photo of shown.photos) images.push({ src: photo.url, alt: photo.alt });
  return images;
}

function VersionBody({ post, shown }: { post: Post; shown: Shown }) {
  const lang = post.language === 'other' ? undefined : post.language;
  const images = imagesOf(post.type, shown);
  return (
    <Stack gap="xs" lang={lang}>
      {shown.title && (
        <Title order={3} fz="h5">
          {shown.title}
        </Title>
      )}
      {shown.content &&
        (post.type === 'post' ? (
          // Sanitised on the server with an allow-list, as the post's own body.
          <Typography>
            <div dangerouslySetInnerHTML={{ __html: shown.content }} />
          </Typography>
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{shown.content}</Text>
        ))}
      {images.map((image, index) => (
        <Box key={`${image.src}-${index}`}>
          <Image src={image.src} alt={image.alt} radius="md" mah={240} fit="contain" w="auto" loading="lazy" />
          {image.alt && (
            <Text size="xs" c="dimmed">
              {image.alt}
            </Text>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function EarlierVersion({ post, version }: { post: Post; version: PostVersion }) {
  const { t } = useTranslation();
  const remove = useRemoveVersion(post.id);
  return (
    <Stack gap="xs" component="section" aria-label={t('history.written', { date: when(version.written_at) })}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('history.written', { date: when(version.written_at) })}
          {' · '}
          {t('history.replaced', { date: when(version.replaced_at) })}
        </Text>
        {post.can_modify && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() =>
              confirmDelete({
                title: t('history.delete'),
                text: t('history.delete_confirm'),
                onConfirm: () =>
                  remove.mutate(version.id, {
                    onSuccess: () => alert('success', t('history.deleted')),
                    onError: (error) => alert('danger', errorMessage(error)),
                  }),
              })
            }
          >
            {t('history.delete')}
          </Button>
        )}
      </Group>
      <VersionBody post={post} shown={version} />
    </Stack>
  );
}

/** The "Edit history" dialog: the post as it is now, then its earlier versions, newest first. */
export function EditHistory({ post, opened, onClose }: { post: Post; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const versions = useVersions(post.id, opened);
  const list = versions.data?.data ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={t('history.title')} size="lg" centered>
      <Stack gap="md">
        <Stack gap="xs" component="section" aria-label={t('history.current')}>
          <Text size="sm" fw={700}>
            {t('history.current')}
            {post.edited_at && (
              <Text span size="sm" c="dimmed" fw={400}>
                {' · '}
                {t('history.edited_on', { date: when(post.edited_at) })}
              </Text>
            )}
          </Text>
          <VersionBody post={post} shown={post} />
        </Stack>
        {versions.isPending && opened && <Loader size="sm" mx="auto" />}
        {versions.isError && <Text c="red">{errorMessage(versions.error)}</Text>}
        {versions.isSuccess && (
          <Text size="sm" c="dimmed">
            {list.length ? t('history.earlier', { count: list.length }) : t('history.none')}
          </Text>
        )}
        {list.map((version) => (
          <Fragment key={version.id}>
            <Divider />
            <EarlierVersion post={post} version={version} />
          </Fragment>
        ))}
      </Stack>
    </Modal>
  );
}
