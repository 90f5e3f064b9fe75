import fs from 'node:fs';
import os from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { PLAYLIST_MAX_AGE_S } from '../../platform/storage/storage';
import { LOCKED_PREFIX, contentTypeOf, signManifest, signedUrlUntil, verifySigned } from './locked-media';

/** `bytes=start-end` (either side may be missing), within a file of `size` bytes; undefined for the whole file. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!header) return undefined;
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'invalid' : { start, end };
}

/** HLS playlists and WebVTT thumbnails name other files: they are answered with those names signed. */
const isManifest = (key: string) => key.endsWith('.m3u8') || key.endsWith('.vtt');

/**
 * Streams a members-only post's file for a valid signed address (403 otherwise), with byte ranges (a video
 * seeks), cached privately until the address expires. The file is looked for where a lock put it, then at its
 * public key (a lock whose move has not run yet). A playlist or thumbnails file comes whole, every file it names
 * signed until the same expiry (a segment is reached only by a signed address, never beyond the link's life).
 */
export async function sendLockedFile(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  link: { key: string; expires: number; signature: string },
) {
  if (!verifySigned(ctx.appSecret, link.key, link.expires, link.signature))
    throw new AppError(403, 'media.link_expired');
  const stored = (await ctx.storage.exists(`${LOCKED_PREFIX}${link.key}`))
    ? `${LOCKED_PREFIX}${link.key}`
    : (await ctx.storage.exists(link.key))
      ? link.key
      : undefined;
  if (!stored) throw notFound();
  const expiresIn = Math.max(0, link.expires - Math.floor(Date.now() / 1000));
  if (isManifest(link.key)) {
    const copy = await ctx.storage.localCopy(stored, os.tmpdir());
    let text: string;
    try {
      text = await fs.promises.readFile(copy.path, 'utf8');
    } finally {
      await copy.release();
    }
    const body = signManifest(text, link.key, (key) => signedUrlUntil(ctx.appSecret, key, link.expires));
    // Small and read whole; a master playlist grows once when a transcode ends, so it is not kept for long.
    return reply
      .code(200)
      .type(contentTypeOf(link.key))
      .header('cache-control', `private, max-age=${Math.min(expiresIn, PLAYLIST_MAX_AGE_S)}`)
      .send(body);
  }
  const copy = await ctx.storage.localCopy(stored, os.tmpdir());
  const size = (await fs.promises.stat(copy.path)).size;
  const range = rangeOf(request.headers.range, size);
  if (range === 'invalid') {
    await copy.release();
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const stream = fs.createReadStream(copy.path, { start, end });
  stream.on('close', () => void copy.release());
  reply
    .code(range ? 206 : 200)
    .type(contentTypeOf(link.key))
    .header('accept-ranges', 'bytes')
    .header('content-length', String(end - start + 1))
    .header('cache-control', `private, max-age=${expiresIn}`);
  if (range) reply.header('content-range', `bytes ${start}-${end}/${size}`);
  return reply.send(stream);
}
