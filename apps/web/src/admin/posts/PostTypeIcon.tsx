import type { PostType } from '@inkwell/contracts';
import { ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconArticle,
  IconLibraryPhoto,
  IconMovie,
  IconNotes,
  IconPhoto,
  IconPlaylist,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The spec's type icons in Tabler's set: post = article, status = notes, photo = photo, gallery =
 * gallery_thumbnail, audio = library_music, video = video_library.
 */
export const POST_TYPE_ICONS: Record<PostType, Icon> = {
  post: IconArticle,
  status: IconNotes,
  photo: IconPhoto,
  gallery: IconLibraryPhoto,
  audio: IconPlaylist,
  video: IconMovie,
};

/** The type's icon, named for screen readers and in a tooltip. */
export function PostTypeIcon({ type }: { type: PostType }) {
  const { t } = useTranslation();
  const Glyph = POST_TYPE_ICONS[type];
  const label = t(`admin.posts.types.${type}`);
  return (
    <Tooltip label={label}>
      <ThemeIcon variant="light" size={36} radius="md" role="img" aria-label={label}>
        <Glyph size={20} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}
