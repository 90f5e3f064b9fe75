import { createHmac, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { imageInfo, imageVariantUrl } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import type { AppContext } from '../../platform/context';
import { LOCKED_PREFIX, PRIVATE_PREFIX, SAFE_KEY } from '../../platform/storage/storage';
import { uploadFiles, uploadKeyOf } from '../media';
import { coverUrlOf, makeBlurredCover } from './blurred-cover';

/*
 * The files of members-only posts. While a post names a tier, its media live under `private/locked/<key>` (on
 * disk outside the served folder, in S3 under `private/`, which the bucket's public policy leaves out), so their
 * plain URLs answer 404. Whoever may read the post gets short-lived signed URLs to `/api/media/locked/…`,
 * checked and streamed by the server. The post's row keeps the plain URLs: they name the files.
 */

export { LOCKED_PREFIX };
/** A signed URL lasts until the end of the next six-hour window: stable for caches within a window, short after. */
const WINDOW_S = 6 * 3600;

/** A key in one path segment (`/` as `~`: keys never hold `~`). */
export const segmentOf = (key: string) => key.replaceAll('/', '~');
export const keyOfSegment = (segment: string) => segment.replaceAll('~', '/');

const signatureOf = (secret: string, key: string, expires: number) =>
  createHmac('sha256', `${secret}:locked-media`).update(`${key}|${expires}`).digest('base64url');

/** The signed address of a locked file, valid until `expires` (seconds since the epoch). */
export const signedUrlUntil = (secret: string, key: string, expires: number): string =>
  `/api/media/locked/${segmentOf(key)}?expires=${expires}&signature=${signatureOf(secret, key, expires)}`;

/** The signed address of a locked file, valid for 6 to 12 hours from `now`. */
export function signedUrl(secret: string, key: string, now = Date.now()): string {
  return signedUrlUntil(secret, key, (Math.floor(now / 1000 / WINDOW_S) + 2) * WINDOW_S);
}

/** Whether a signed address is ours, for this file, and not expired. */
export function verifySigned(secret: string, key: string, expires: number, signature: string, now = Date.now()) {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.startsWith(PRIVATE_PREFIX)) return false;
  if (!Number.isInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signatureOf(secret, key, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Turns a readable members-only post's media URL (one of ours) into its signed address. */
export function mediaSigner(ctx: AppContext): (url: string) => string {
  return (url) => {
    const key = ctx.storage.keyOf(url);
    return key ? signedUrl(ctx.appSecret, key) : url;
  };
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  m3u8: 'application/vnd.apple.mpegurl',
  vtt: 'text/vtt',
};
export const contentTypeOf = (key: string) =>
  TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';

async function move(ctx: AppContext, from: string, to: string): Promise<void> {
  if (!(await ctx.storage.exists(from))) return;
  const copy = await ctx.storage.localCopy(from, os.tmpdir());
  try {
    await ctx.storage.putFile(to, copy.path, contentTypeOf(to));
  } finally {
    await copy.release();
  }
  await ctx.storage.delete(from);
}

/** A stored image's narrower copies (named from its key) go where it goes: they show the same picture. */
const withCopies = (key: string) => [key, ...(imageInfo(key)?.widths ?? []).map((w) => imageVariantUrl(key, w))];

/**
 * Puts a post's files (and their narrower copies, and every file of its audio or video upload: playlists,
 * renditions, thumbnails, low-data copy) where its lock says: under `private/locked/` while it names a tier, back
 * at their public keys once it does not; a locked post gets its blurred cover. Heard after each commit that
 * creates or edits a post, and when a video's last renditions are stored; moving a file already moved does
 * nothing, so a repeated or late event is harmless.
 */
export async function syncLockedMedia(ctx: AppContext, postId: number): Promise<void> {
  const [post] = await queryRows<{
    type: string;
    min_tier_id: number | null;
    url: string | null;
    featured_photo_url: string | null;
    photos: { url: string }[];
    blurred_cover: string | null;
  }>(
    ctx.db as Db,
    sql`select type, min_tier_id, url, featured_photo_url, photos, blurred_cover from posts where id = ${postId}`,
  );
  if (!post) return;
  const keyOf = (u: string | null | undefined) => (u ? ctx.storage.keyOf(u) : undefined);
  const urls = [post.url, post.featured_photo_url, ...(post.photos ?? []).map((p) => p.url)];
  const named = urls.map(keyOf).filter((k): k is string => !!k);
  const keys = [...new Set([...named.flatMap(withCopies), ...(await uploadFiles(ctx.db, named))])];
  const locked = post.min_tier_id !== null;
  for (const key of keys) {
    if (locked) await move(ctx, key, `${LOCKED_PREFIX}${key}`);
    else await move(ctx, `${LOCKED_PREFIX}${key}`, key);
  }
  const coverKey = keyOf(coverUrlOf({ ...post, photos: post.photos ?? [] }));
  const blurred = locked && coverKey ? await makeBlurredCover(ctx, coverKey, `${LOCKED_PREFIX}${coverKey}`) : null;
  if (blurred !== post.blurred_cover)
    await ctx.db.execute(sql`update posts set blurred_cover = ${blurred} where id = ${postId}`);
}

/**
 * The plain URL behind a signed address a client sends back (an edit of a members-only post carries what it was
 * shown): posts keep plain URLs, and the upload's owner is checked on them as on any other.
 */
export function plainUrlOf(ctx: AppContext, url: string): string;
export function plainUrlOf(ctx: AppContext, url: string | null | undefined): string | null | undefined;
export function plainUrlOf(ctx: AppContext, url: string | null | undefined) {
  const match = url ? /^\/api\/media\/locked\/([^/?#]+)(?:\?.*)?$/.exec(url) : null;
  if (!match) return url;
  const key = keyOfSegment(match[1]!);
  return SAFE_KEY.test(key) && !key.includes('..') && !key.startsWith(PRIVATE_PREFIX) ? ctx.storage.url(key) : url;
}

/** The lock of every post playing this upload, looked at again (its last files may have come after the lock). */
export async function syncUploadPosts(ctx: AppContext, fileId: string): Promise<void> {
  const key = await uploadKeyOf(ctx.db, fileId);
  if (!key) return;
  const posts = await queryRows<{ id: number }>(
    ctx.db as Db,
    sql`select id from posts where url = ${ctx.storage.url(key)}`,
  );
  for (const post of posts) await syncLockedMedia(ctx, post.id);
}

/**
 * A members-only post's playlist (HLS) or thumbnails (WebVTT) as its reader gets it: every file it names, all
 * beside it in its folder, by its own signed address expiring with the one the reader came by, so the segments of
 * a locked video are reached only as its other files are. Anything else it names is left as it is.
 */
export function signManifest(text: string, key: string, sign: (key: string) => string): string {
  const folder = key.slice(0, key.lastIndexOf('/') + 1);
  const signed = (name: string) =>
    /^[a-z0-9][a-z0-9_.-]*$/.test(name) && !name.includes('..') ? sign(folder + name) : name;
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('#')) return line.replace(/URI="([^"]*)"/g, (_, uri: string) => `URI="${signed(uri)}"`);
      // A cue's image and its part of it (`strip.jpg#xywh=…`), or a playlist's segment or rendition.
      const [name, fragment] = line.split('#', 2) as [string, string | undefined];
      if (!name || name.includes('-->') || name.includes(' ')) return line;
      const out = signed(name);
      if (out === name) return line;
      return fragment === undefined ? out : `${out}#${fragment}`;
    })
    .join('\n');
}
