import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { galleryFrameRatio } from '../lib/imageBox';
import type { GalleryItem } from './GalleryEditor';
import { ResponsiveImage } from './ResponsiveImage';

/**
 * A gallery's first photo in the carousel's frame (GalleryCarousel.tsx draws the same figure per slide), shown
 * while the carousel's code loads: the photo can be the page's largest paint without waiting for it.
 */
export function GalleryFirstPhoto({ items, priority = false }: { items: GalleryItem[]; priority?: boolean }) {
  const { t } = useTranslation();
  const first = items[0];
  if (!first) return null;
  return (
    <figure style={{ margin: 0 }}>
      <div style={{ aspectRatio: galleryFrameRatio(items.map((item) => item.url)), width: '100%', maxHeight: '70vh' }}>
        <ResponsiveImage
          url={first.url}
          alt={first.caption || t('posts.gallery_photo', { n: 1 })}
          radius="md"
          fit="contain"
          priority={priority}
          style={{ width: '100%', height: '100%' }}
        />
      </div>
      {first.caption && (
        <Text component="figcaption" size="sm" c="dimmed" ta="center" mt={4}>
          {first.caption}
        </Text>
      )}
    </figure>
  );
}
