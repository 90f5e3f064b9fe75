import { imageInfo } from '@inkwell/contracts';
import type { CSSProperties } from 'react';

/** The tallest a photo is drawn: most of a phone's screen, never so tall that its top and bottom cannot both show. */
export const PHOTO_MAX_HEIGHT = '80vh';

/**
 * The box of a photo drawn whole in its own shape (never cropped, never stretched, never enlarged past its
 * own width), as wide as the column allows unless that would make it taller than `maxHeight`. The width is
 * worked out from the size in its URL before a byte arrives, so nothing moves when it loads. An image whose
 * URL says no size (stored before sizes were named) is bounded the same way and letterboxed instead.
 */
export function photoBoxStyle(url: string | null | undefined, maxHeight = PHOTO_MAX_HEIGHT): CSSProperties {
  const info = imageInfo(url);
  if (!info || info.width <= 0 || info.height <= 0) {
    return { width: '100%', height: 'auto', maxHeight, objectFit: 'contain' };
  }
  const ratio = info.width / info.height;
  return {
    width: `min(100%, ${info.width}px, calc(${maxHeight} * ${round(ratio)}))`,
    height: 'auto',
    aspectRatio: `${info.width} / ${info.height}`,
    objectFit: 'contain',
    marginInline: 'auto',
  };
}

/** The narrowest and widest frame a gallery takes: between a portrait 4:5 and a wide 16:9. */
const FRAME_MIN = 4 / 5;
const FRAME_MAX = 16 / 9;

/**
 * The one frame every photo of a gallery is shown in, so the page does not jump from slide to slide: the
 * first photo's shape, kept between 4:5 and 16:9. Photos of another shape are letterboxed in it, never
 * cropped. 4:3 when the first photo's size is unknown.
 */
export function galleryFrameRatio(urls: (string | null | undefined)[]): number {
  const info = imageInfo(urls[0]);
  if (!info || info.width <= 0 || info.height <= 0) return round(4 / 3);
  return round(Math.min(FRAME_MAX, Math.max(FRAME_MIN, info.width / info.height)));
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
