import type { Readable } from 'node:stream';

/** Where uploaded and generated files live: local disk by default, S3-compatible storage when configured. */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores a local file under `key` all at once: a reader never sees half of it. */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  putBuffer(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A local path to read `key` from; `release` removes any temporary copy. */
  localCopy(key: string, tmpDir: string): Promise<{ path: string; release: () => Promise<void> }>;
  read(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The address browsers load the file from (never for a `private/` key). */
  url(key: string): string;
  /** The key behind one of our own URLs, or undefined for anything else. */
  keyOf(url: string): string | undefined;
}

/** Keys are ours alone: letters, digits, dashes, dots and slashes, never a user-supplied name. */
export const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

/**
 * Keys under this prefix hold what must never be public (an upload's untouched original, with its location
 * and tags): on disk they live outside the served folder, in S3 under `private/`, which the bucket's public
 * policy must leave out. They have no URL.
 */
export const PRIVATE_PREFIX = 'private/';

export const isPrivateKey = (key: string): boolean => key.startsWith(PRIVATE_PREFIX);

/**
 * Where a members-only post's files are kept while it names a tier (posts/locked-media.ts): private, reached only
 * through signed addresses. A transcode finishing late stores its last files here when the upload's are here.
 */
export const LOCKED_PREFIX = `${PRIVATE_PREFIX}locked/`;

/** How long a public playlist may be cached: a video's master playlist grows once its last renditions are stored. */
export const PLAYLIST_MAX_AGE_S = 60;

/** Every stored file is written once and never changes, except HLS playlists (see `PLAYLIST_MAX_AGE_S`). */
export const isPlaylistKey = (key: string): boolean => key.endsWith('.m3u8');

/** The `cache-control` a public file is served with. */
export const cacheControlOf = (key: string): string =>
  isPlaylistKey(key) ? `public, max-age=${PLAYLIST_MAX_AGE_S}` : 'public, max-age=31536000, immutable';

export function assertPublicKey(key: string): void {
  if (isPrivateKey(key)) throw new Error(`A private storage key has no URL: ${key}`);
}
