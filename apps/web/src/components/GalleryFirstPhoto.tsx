import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { galleryFrameRatio } from '../lib/imageBox';
import type { GalleryItem } from './GalleryEditor';
import { ResponsiveImage } from './ResponsiveImage';

/**
 * One photo of a gallery in the gallery's frame (the first photo's shape, bounded in height; another shape is
 * letterboxed in it, never cropped), with its caption: each carousel slide, and the first photo on its own
 * while the carousel's code loads, so nothing moves when it arrives.
 */
export function GalleryFigure({
  item,
  index,
  frame,
  priority = false,
}: {
  item: GalleryItem;
  index: number;
  frame: number;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <figure style={{ margin: 0 }}>
      <div style={{ aspectRatio: frame, width: '100%', maxHeight: '70vh' }}>
        <ResponsiveImage
          url={item.url}
          alt={item.alt || item.caption || t('posts.gallery_photo', { n: index + 1 })}
          radius="md"
          fit="contain"
          priority={priority}
          style={{ width: '100%', height: '100%' }}
        />
      </div>
      {item.caption && (
        <Text component="figcaption" size="sm" c="dimmed" ta="center" mt={4}>
          {item.caption}
        </Text>
      )}
    </figure>
  );
}

/** The first photo while the carousel loads: it can be the page's largest paint without waiting for it. */
export function GalleryFirstPhoto({ items, priority = false }: { items: GalleryItem[]; priority?: boolean }) {
  const first = items[0];
  if (!first) return null;
  return (
    <GalleryFigure
      item={first}
      index={0}
      frame={galleryFrameRatio(items.map((item) => item.url))}
      priority={priority}
    />
  );
}
