import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GalleryItem } from './GalleryEditor';

/** One photo at a time; past the last it wraps around to the first (spec §9). */
export function GalleryCarousel({ items, title }: { items: GalleryItem[]; title: string }) {
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
            <Image
              src={item.url}
              alt={item.caption || t('posts.gallery_photo', { n: index + 1 })}
              radius="md"
              fit="contain"
              mah={480}
              loading="lazy"
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
