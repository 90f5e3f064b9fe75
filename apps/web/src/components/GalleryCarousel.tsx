import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import { galleryFrameRatio } from '../lib/imageBox';
import { wholeNumber } from '../lib/numbers';
import type { GalleryItem } from './GalleryEditor';
import { GalleryFigure } from './GalleryFirstPhoto';
import classes from './GalleryCarousel.module.css';

/**
 * One photo at a time; past the last it wraps around to the first (spec §9). Every slide is the same frame
 * (the first photo's shape, bounded in height), so the page never jumps as the photos go by; a photo of
 * another shape is letterboxed in it, never cropped. `priority`: the first photo is the page's likely
 * largest paint; the others load as they are slid into view.
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
  const root = useRef<HTMLDivElement>(null);
  const indicatorsLabel = t('posts.choose_photo');
  useEffect(() => {
    // Mantine writes an English "Slides" on the dots' tablist, with no prop to change it; React leaves an
    // attribute it set to the same value alone afterwards, so this label stays.
    root.current?.querySelector('[role="tablist"]')?.setAttribute('aria-label', indicatorsLabel);
  });
  if (items.length === 0) return null;
  const frame = galleryFrameRatio(items.map((item) => item.url));
  const locale = currentLocale();
  return (
    <Carousel
      ref={root}
      withIndicators={items.length > 1}
      withControls={items.length > 1}
      emblaOptions={{ loop: true, align: 'center' }}
      slideSize="100%"
      aria-label={title}
      previousControlProps={{ 'aria-label': t('posts.previous_photo') }}
      nextControlProps={{ 'aria-label': t('posts.next_photo') }}
      controlSize={44}
      classNames={{ indicators: classes.indicators, indicator: classes.indicator }}
      // Mantine's own labels are English ("Go to slide 2", "Carousel slide").
      getIndicatorProps={(index) => ({ 'aria-label': t('posts.go_to_photo', { n: wholeNumber(locale, index + 1) }) })}
    >
      {items.map((item, index) => (
        <Carousel.Slide
          key={`${item.url}-${index}`}
          aria-label={t('posts.photo_of', {
            n: wholeNumber(locale, index + 1),
            total: wholeNumber(locale, items.length),
          })}
        >
          <GalleryFigure item={item} index={index} frame={frame} priority={priority && index === 0} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
