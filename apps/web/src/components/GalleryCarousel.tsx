import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GalleryItem } from './GalleryEditor';
import { ResponsiveImage } from './ResponsiveImage';

/**
 * One photo at a time; past the last it wraps around to the first (spec §9). `priority`: the first photo is
 * the page's likely largest paint; the others load as they are slid into view.
 */
export function GalleryCarousel({
  items,
  title,
  priority = false,
}: {
  items: GalleryItem[];
  title: string;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Carousel
      withIndicators={items.length > 1}
      withControls={items.length > 1}
      emblaOptions={{ loop: true, align: 'center' }}
      slideSize="100%"
      aria-label={title}
      previousControlProps={{ 'aria-label': t('posts.previous_photo') }}
      nextControlProps={{ 'aria-label': t('posts.next_photo') }}
    >
      {items.map((item, index) => (
        <Carousel.Slide key={`${item.url}-${index}`}>
          <figure style={{ margin: 0 }}>
            <ResponsiveImage
              url={item.url}
              alt={item.caption || t('posts.gallery_photo', { n: index + 1 })}
              radius="md"
              fit="contain"
              mah={480}
              priority={priority && index === 0}
            />
            {item.caption && (
              <Text component="figcaption" size="sm" c="dimmed" ta="center" mt={4}>
                {item.caption}
              </Text>
            )}
          </figure>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
