import { Image, type ImageProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import { COLUMN_SIZES, imageAttributes } from '../lib/images';

/**
 * One of our uploaded images (a post's photo, cover or gallery photo, an account's banner) as an `<img>`
 * with its size, lazy loading and `srcset` (lib/images.ts). `sizes` defaults to the content column's width.
 */
export function ResponsiveImage({
  url,
  alt,
  sizes = COLUMN_SIZES,
  priority = false,
  style,
  ...props
}: Omit<ImageProps, 'src' | 'style'> & {
  url: string;
  alt: string;
  sizes?: string;
  priority?: boolean;
  style?: CSSProperties;
}) {
  return (
    <Image
      {...imageAttributes(url, { sizes, priority })}
      alt={alt}
      // The width and height attributes give the box its proportions; the CSS width (100%) scales it.
      style={{ height: 'auto', ...style }}
      {...props}
    />
  );
}
