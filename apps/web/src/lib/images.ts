import { imageInfo, imageSrcSet, imageVariantUrl } from '@inkwell/contracts';
import { dataSaverOn } from './dataSaver';

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
 * The smallest copy of one of our images (the first entry of its `srcset`), or the image itself when it has no
 * narrower copies (stored before copies were made, or already small).
 */
export function smallestImageUrl(url: string): string {
  const narrowest = imageInfo(url)?.widths[0];
  return narrowest === undefined ? url : imageVariantUrl(url, narrowest);
}

/**
 * The attributes of an `<img>` for one of our uploads: its intrinsic size (the box is reserved before it
 * loads) and a `srcset` of its narrower copies when it has them. Off-screen images wait until they come near
 * (`lazy`) and decode off the main thread; the one `priority` image (the likely largest paint) is fetched
 * first instead. Under data saver (lib/dataSaver.ts) the smallest copy is the only one offered: a `srcset`
 * would let a sharp screen pick a copy several times its bytes. The size stays the original's, so the box
 * keeps its proportions (every copy has the image's shape).
 */
export function imageAttributes(
  url: string | null | undefined,
  { sizes, priority = false, dataSaver = dataSaverOn() }: { sizes: string; priority?: boolean; dataSaver?: boolean },
): ImageAttributes {
  const info = imageInfo(url);
  const srcSet = dataSaver ? undefined : imageSrcSet(url);
  return {
    src: url ? (dataSaver ? smallestImageUrl(url) : url) : undefined,
    ...(info && { width: info.width, height: info.height }),
    ...(srcSet && { srcSet, sizes }),
    ...(priority ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' }),
  };
}
