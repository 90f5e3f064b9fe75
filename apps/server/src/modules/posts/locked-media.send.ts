import fs from 'node:fs';
import os from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { LOCKED_PREFIX, contentTypeOf, verifySigned } from './locked-media';

/** `bytes=start-end` (either side may be missing), within a file of `size` bytes; undefined for the whole file. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!header) return undefined;
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'invalid' : { start, end };
}

/**
 * Streams a members-only post's file for a valid signed address (403 otherwise), with byte ranges (a video
 * seeks), cached privately until the address expires. The file is looked for where a lock put it, then at its
 * public key (a lock whose move has not run yet).
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
    .header('cache-control', `private, max-age=${Math.max(0, link.expires - Math.floor(Date.now() / 1000))}`);
  if (range) reply.header('content-range', `bytes ${start}-${end}/${size}`);
  return reply.send(stream);
}
