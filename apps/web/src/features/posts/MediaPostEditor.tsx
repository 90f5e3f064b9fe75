import { Center, Loader, Stack, TextInput, Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GalleryEditor } from '../../components/GalleryEditor';
import { PhotoPostForm } from '../../components/PhotoPostForm';
import { StatusPostForm } from '../../components/StatusPostForm';
import { ImageAltInput } from '../../components/media/ImageAltInput';
import { ImageUploader } from '../../components/media/ImageUploader';
import { MediaUpload } from '../../components/media/MediaUpload';
import type { PostDraft, PostEditorProps } from './draft';

/**
 * The article editor (tiptap and ProseMirror, ~120 KB brotli) loads with the article type, not with compose:
 * its default type, a status, is a plain text box.
 */
const RichTextEditor = lazy(async () => ({
  default: (await import('../../components/RichTextEditor')).RichTextEditor,
}));

/**
 * The editor of a post type with media or a title (every type but a status). Every change is an
 * updater of the draft as it is then (`setDraft` fits): an upload finishing late must not bring back the
 * draft of when its file was picked.
 */
export function MediaPostEditor({ type, draft, onChange, errors, track }: PostEditorProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<PostDraft>) => onChange((current) => ({ ...current, ...patch }));
  const title = (
    <TextInput
      label={t('posts.fields.title')}
      // Every type with a title needs it, but a gallery (spec §5).
      withAsterisk={type !== 'gallery'}
      aria-required={type !== 'gallery'}
      value={draft.title}
      onChange={(e) => set({ title: e.currentTarget.value })}
      error={errors.title}
      maxLength={200}
    />
  );
  switch (type) {
    case 'status':
      return null;
    case 'post':
      return (
        <Stack gap="md">
          {title}
          <ImageUploader
            kind="covers"
            label={t('posts.fields.cover')}
            description={t('posts.cover_hint')}
            value={draft.url}
            onChange={(url) => set({ url })}
            onBusyChange={track('cover')}
          />
          {altOf(draft, draft.url, set, errors)}
          <Suspense
            fallback={
              <Center h={240}>
                <Loader aria-label={t('posts.fields.article')} />
              </Center>
            }
          >
            <RichTextEditor
              label={t('posts.fields.article')}
              required
              value={draft.content}
              onChange={(content) => set({ content })}
              error={errors.content}
            />
          </Suspense>
        </Stack>
      );
    case 'photo':
      return (
        <PhotoPostForm
          value={{ title: draft.title, content: draft.content, url: draft.url, alt: draft.featured_photo_alt }}
          onChange={(update) =>
            onChange((current) => {
              const { alt, ...rest } = update({
                title: current.title,
                content: current.content,
                url: current.url,
                alt: current.featured_photo_alt,
              });
              return { ...current, ...rest, featured_photo_alt: alt };
            })
          }
          errors={errors}
          onBusyChange={track('photo')}
        />
      );
    case 'gallery':
      return (
        <Stack gap="md">
          {title}
          <StatusPostForm
            label={t('posts.fields.description')}
            value={draft.content}
            onChange={(content) => set({ content })}
            error={errors.content}
          />
          <GalleryEditor
            items={draft.photos}
            onChange={(update) => onChange((current) => ({ ...current, photos: update(current.photos) }))}
            onBusyChange={track('gallery')}
          />
          {fieldError(errors, 'photos')}
        </Stack>
      );
    case 'audio':
      return <AudioPostFields draft={draft} set={set} errors={errors} track={track} title={title} />;
    case 'video':
      return <VideoPostFields draft={draft} set={set} errors={errors} track={track} title={title} />;
  }
}

/** The description field of the post's one image, once there is an image to describe. */
const altOf = (
  draft: PostDraft,
  image: string | null,
  set: (patch: Partial<PostDraft>) => void,
  errors: Record<string, string>,
) =>
  image && (
    <ImageAltInput
      value={draft.featured_photo_alt}
      onChange={(featured_photo_alt) => set({ featured_photo_alt })}
      error={errors.featured_photo_alt}
    />
  );

const fieldError = (errors: Record<string, string>, name: string) =>
  errors[name] && (
    <Text c="red" size="sm" role="alert">
      {errors[name]}
    </Text>
  );

/** What an audio or video post's fields share: the draft, its setter and errors, the upload tracker, the title. */
interface MediaFieldsProps {
  draft: PostDraft;
  set: (patch: Partial<PostDraft>) => void;
  errors: Record<string, string>;
  track: (slot: string) => (busy: boolean) => void;
  title: ReactNode;
}

/** An audio post: the file, its title and a square cover. */
function AudioPostFields({ draft, set, errors, track, title }: MediaFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <MediaUpload
        kind="audio"
        label={t('posts.fields.audio')}
        required
        value={draft.url ? { file: null, url: draft.url } : null}
        onChange={(v) => set({ url: v?.url ?? null })}
        onBusyChange={track('audio')}
      />
      {fieldError(errors, 'url')}
      {title}
      <ImageUploader
        kind="squares"
        label={t('posts.fields.audio_cover')}
        required
        value={draft.featured_photo_url}
        onChange={(featured_photo_url) => set({ featured_photo_url })}
        onBusyChange={track('cover')}
      />
      {fieldError(errors, 'featured_photo_url')}
      {altOf(draft, draft.featured_photo_url, set, errors)}
    </Stack>
  );
}

/** A video post: the file, its title, a cover (its poster) and a description. */
function VideoPostFields({ draft, set, errors, track, title }: MediaFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <MediaUpload
        kind="video"
        label={t('posts.fields.video')}
        required
        value={draft.url ? { file: null, url: draft.url, posterUrl: draft.featured_photo_url } : null}
        onChange={(v) => set({ url: v?.url ?? null })}
        onBusyChange={track('video')}
      />
      {fieldError(errors, 'url')}
      {title}
      <ImageUploader
        kind="covers"
        label={t('posts.fields.video_cover')}
        value={draft.featured_photo_url}
        onChange={(featured_photo_url) => set({ featured_photo_url })}
        onBusyChange={track('cover')}
      />
      {altOf(draft, draft.featured_photo_url, set, errors)}
      <StatusPostForm
        label={t('posts.fields.description')}
        value={draft.content}
        onChange={(content) => set({ content })}
        error={errors.content}
      />
    </Stack>
  );
}
