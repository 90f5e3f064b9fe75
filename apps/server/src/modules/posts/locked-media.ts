import { createHmac, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import type { AppContext } from '../../platform/context';
import { PRIVATE_PREFIX, SAFE_KEY } from '../../platform/storage/storage';

/*
 * The files of members-only posts. While a post names a tier, its media live under `private/locked/<key>` (on
 * disk outside the served folder, in S3 under `private/`, which the bucket's public policy leaves out), so their
 * plain URLs answer 404. Whoever may read the post gets short-lived signed URLs to `/api/media/locked/…`,
 * checked and streamed by the server. The post's row keeps the plain URLs: they name the files.
 */

export const LOCKED_PREFIX = `${PRIVATE_PREFIX}locked/`;
/** A signed URL lasts until the end of the next six-hour window: stable for caches within a window, short after. */
const WINDOW_S = 6 * 3600;

/** A key in one path segment (`/` as `~`: keys never hold `~`). */
export const segmentOf = (key: string) => key.replaceAll('/', '~');
export const keyOfSegment = (segment: string) => segment.replaceAll('~', '/');

const signatureOf = (secret: string, key: string, expires: number) =>
  createHmac('sha256', `${secret}:locked-media`).update(`${key}|${expires}`).digest('base64url');

/** The signed address of a locked file, valid for 6 to 12 hours from `now`. */
export function signedUrl(secret: string, key: string, now = Date.now()): string {
  const expires = (Math.floor(now / 1000 / WINDOW_S) + 2) * WINDOW_S;
  return `/api/media/locked/${segmentOf(key)}?expires=${expires}&signature=${signatureOf(secret, key, expires)}`;
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

/**
 * Puts a post's files where its lock says: under `private/locked/` while it names a tier, back at their public
 * keys once it does not. Heard after each commit that creates or edits a post; moving a file already moved does
 * nothing, so a repeated or late event is harmless.
 */
export async function syncLockedMedia(ctx: AppContext, postId: number): Promise<void> {
  const [post] = await queryRows<{
    min_tier_id: number | null;
    url: string | null;
    featured_photo_url: string | null;
    photos: { url: string }[];
  }>(ctx.db as Db, sql`select min_tier_id, url, featured_photo_url, photos from posts where id = ${postId}`);
  if (!post) return;
  const urls = [post.url, post.featured_photo_url, ...(post.photos ?? []).map((p) => p.url)];
  const keys = [...new Set(urls.map((u) => (u ? ctx.storage.keyOf(u) : undefined)).filter((k): k is string => !!k))];
  for (const key of keys) {
    if (post.min_tier_id !== null) await move(ctx, key, `${LOCKED_PREFIX}${key}`);
    else await move(ctx, `${LOCKED_PREFIX}${key}`, key);
  }
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
