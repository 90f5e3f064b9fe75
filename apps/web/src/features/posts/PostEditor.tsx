import type { PostType } from '@inkwell/contracts';
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostDraft, PostEditorProps } from './draft';
import { StatusPostForm } from '../../components/StatusPostForm';
import { afterFirstScreen } from '../../lib/afterFirstScreen';

export type { PostDraft, PostEditorProps } from './draft';

export const emptyDraft = (): PostDraft => ({
  title: '',
  content: '',
  url: null,
  featured_photo_url: null,
  featured_photo_alt: '',
  photos: [],
  min_tier_id: null,
});

/** The draft without any type's media: what a switch of post type keeps (the text carries over). */
export const withoutMedia = (draft: PostDraft): PostDraft => ({
  ...draft,
  url: null,
  featured_photo_url: null,
  featured_photo_alt: '',
  photos: [],
});

/** Which uploads are running, so Publish/Update can wait for all of them (spec §5). */
export function useUploadsBusy() {
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const track = useCallback(
    (slot: string) => (value: boolean) => setBusy((b) => (b[slot] === value ? b : { ...b, [slot]: value })),
    [],
  );
  return { busy: Object.values(busy).some(Boolean), track };
}

/**
 * The editors of the types with media (uploaders, the crop step, upload progress, a gallery) load when such a
 * type is chosen, or once compose's first screen is done: compose opens on a status, a plain text box.
 */
// With the image descriptions' messages (toolsMessages.ts).
const loadMediaPostEditor = () =>
  Promise.all([import('./MediaPostEditor'), import('./toolsMessages').then((m) => m.loadToolsMessages())]).then(
    ([editor]) => editor,
  );
const MediaPostEditor = lazy(async () => ({ default: (await loadMediaPostEditor()).MediaPostEditor }));

/**
 * The editor for one post type (spec: compose and edit post choose the editor by type). Every change is an
 * updater of the draft as it is then (`setDraft` fits): an upload finishing late must not bring back the
 * draft of when its file was picked.
 */
export function PostEditor(props: PostEditorProps) {
  const { t } = useTranslation();
  useEffect(() => afterFirstScreen(() => void loadMediaPostEditor()), []);
  if (props.type === 'status') {
    return (
      <StatusPostForm
        label={t('posts.fields.status')}
        required
        value={props.draft.content}
        onChange={(content) => props.onChange((current) => ({ ...current, content }))}
        error={props.errors.content}
      />
    );
  }
  return (
    <Suspense
      fallback={
        <Center h={120}>
          <Loader aria-label={t('app.loading')} />
        </Center>
      }
    >
      <MediaPostEditor {...props} />
    </Suspense>
  );
}

/** What the API takes for a type: only the fields that type uses. */
export function payloadOf(type: PostType, d: PostDraft) {
  const text = (v: string) => (v.trim() ? v : null);
  const featured_photo_alt = text(d.featured_photo_alt);
  switch (type) {
    case 'status':
      return { content: text(d.content) };
    case 'post':
    case 'photo':
      return { title: text(d.title), content: text(d.content), url: d.url, featured_photo_alt };
    case 'gallery':
      return { title: text(d.title), content: text(d.content), photos: d.photos };
    case 'audio':
      return { title: text(d.title), url: d.url, featured_photo_url: d.featured_photo_url, featured_photo_alt };
    case 'video':
      return {
        title: text(d.title),
        content: text(d.content),
        url: d.url,
        featured_photo_url: d.featured_photo_url,
        featured_photo_alt,
      };
  }
}
