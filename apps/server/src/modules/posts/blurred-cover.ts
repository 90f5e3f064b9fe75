import { createHmac } from 'node:crypto';
import os from 'node:os';
import sharp from 'sharp';
import type { AppContext } from '../../platform/context';

/*
 * The blurred cover of a members-only post: what a reader without access sees where the cover would be, and
 * what link previews show. Small and heavily blurred, so it gives away the mood of the picture, not its content.
 * Its key is an HMAC of the cover's key: it names no locked file, and a new cover gets a new copy.
 */

const WIDTH = 480;
const SIGMA = 24;

export interface CoverSource {
  type: string;
  url: string | null;
  featured_photo_url: string | null;
  photos: { url: string }[];
}

/** The picture a post shows first: a photo post's photo, a gallery's first, else the featured photo. */
export function coverUrlOf(post: CoverSource): string | null {
  if (post.type === 'photo') return post.url;
  if (post.type === 'gallery') return post.photos[0]?.url ?? null;
  return post.featured_photo_url;
}

export const blurredKeyOf = (secret: string, coverKey: string) =>
  `blurred/${createHmac('sha256', `${secret}:blurred-cover`).update(coverKey).digest('hex').slice(0, 32)}.webp`;

/**
 * Makes (once) the blurred copy of the cover stored at `storedKey`, and answers its public URL; null when the
 * file is not an image sharp can read.
 */
export async function makeBlurredCover(ctx: AppContext, coverKey: string, storedKey: string): Promise<string | null> {
  const key = blurredKeyOf(ctx.appSecret, coverKey);
  if (await ctx.storage.exists(key)) return ctx.storage.url(key);
  if (!(await ctx.storage.exists(storedKey))) return null;
  const copy = await ctx.storage.localCopy(storedKey, os.tmpdir());
  try {
    const data = await sharp(copy.path, { limitInputPixels: 80_000_000 })
      .rotate()
      .resize(WIDTH, WIDTH, { fit: 'inside', withoutEnlargement: true })
      .blur(SIGMA)
      .webp({ quality: 50 })
      .toBuffer();
    await ctx.storage.putBuffer(key, data, 'image/webp');
    return ctx.storage.url(key);
  } catch (err) {
    ctx.log.warn({ err, key: storedKey }, 'blurred cover not made');
    return null;
  } finally {
    await copy.release();
  }
}
