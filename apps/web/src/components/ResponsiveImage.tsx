import { imageInfo } from '@inkwell/contracts';
import { Image } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useDataSaver } from '../lib/dataSaver';
import { COLUMN_SIZES, imageAttributes } from '../lib/images';
import type { ResponsiveImageProps } from './SavingImage';

// Only readers saving data need it: the others never download its code.
const SavingImage = lazy(async () => ({ default: (await import('./SavingImage')).SavingImage }));

/**
 * One of our uploaded images (a post's photo, cover or gallery photo, an account's banner) as an `<img>`
 * with its size, lazy loading and `srcset` (lib/images.ts). `sizes` defaults to the content column's width.
 * Under data saver (lib/dataSaver.ts) a `priority` image takes its smallest copy, and the others are drawn by
 * SavingImage, which holds back what is below the first screen until tapped.
 */
export function ResponsiveImage({ url, alt, sizes = COLUMN_SIZES, priority = false, ...props }: ResponsiveImageProps) {
  const dataSaver = useDataSaver();
  if (dataSaver && !priority) {
    const info = imageInfo(url);
    // Its place is kept while its code comes, so nothing below moves.
    const place = (
      <div style={{ width: '100%', aspectRatio: info ? `${info.width} / ${info.height}` : '4 / 3', ...props.style }} />
    );
    return (
      <Suspense fallback={place}>
        <SavingImage url={url} alt={alt} sizes={sizes} {...props} />
      </Suspense>
    );
  }
  const { style, ...rest } = props;
  return (
    <Image
      {...imageAttributes(url, { sizes, priority, dataSaver })}
      alt={alt}
      // The width and height attributes give the box its proportions; the CSS width (100%) scales it.
      style={{ height: 'auto', ...style }}
      {...rest}
    />
  );
}
