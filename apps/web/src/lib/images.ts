import { imageInfo, imageSrcSet } from '@inkwell/contracts';

/** How wide an image spanning the content column is drawn: the column is at most 760 px (UserShell). */
export const COLUMN_SIZES = '(min-width: 760px) 760px, 100vw';

export interface ImageAttributes {
  src: string | undefined;
  width?: number;
  height?: number;
  srcSet?: string;
  sizes?: string;
  loading: 'lazy' | 'eager';
  decoding?: 'async';
  fetchPriority?: 'high';
}

/**
 * The attributes of an `<img>` for one of our uploads: its intrinsic size (the box is reserved before it
 * loads) and a `srcset` of its narrower copies when it has them. Off-screen images wait until they come near
 * (`lazy`) and decode off the main thread; the one `priority` image (the likely largest paint) is fetched
 * first instead.
 */
export function imageAttributes(
  url: string | null | undefined,
  { sizes, priority = false }: { sizes: string; priority?: boolean },
): ImageAttributes {
  const info = imageInfo(url);
  const srcSet = imageSrcSet(url);
  return {
    src: url ?? undefined,
    ...(info && { width: info.width, height: info.height }),
    ...(srcSet && { srcSet, sizes }),
    ...(priority ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' }),
  };
}
