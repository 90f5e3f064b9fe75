import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  IMAGE_KINDS,
  imageVariantUrl,
  sizedImageName,
  type ImageKind,
  type Locale,
  type MediaCheck,
  type UploadedImage,
} from '@inkwell/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, ValidationError, forbidden, notFound, tooLarge } from '../../platform/errors';
import { t, type MessageKey } from '../../platform/i18n';
import { probe, ProbeFailed, type Probe } from '../../platform/media/ffmpeg';
import { PRIVATE_PREFIX } from '../../platform/storage/storage';
import { storageQuota } from '../billing';
import { accountMembership } from '../users';
import { processImage } from './images';
import * as repo from './media.repo';

export type AvKind = 'audio' | 'video';

export const newFileId = (): string => randomBytes(16).toString('hex');

const datedKey = (prefix: string, id: string, ext: string) => {
  const now = new Date();
  return `${prefix}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}.${ext}`;
};

/**
 * Where an untouched audio or video upload waits for its transcode: private (never served, no URL), under
 * a random name that nothing public reveals, and deleted once the transcode has ended either way.
 */
export const originalKey = (kind: AvKind, ext: string): string =>
  `${PRIVATE_PREFIX}originals/${kind}/${randomBytes(16).toString('hex')}.${ext}`;

export const tmpDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'tmp');

/**
 * What reading a multipart body threw, as an answer for the person: a body that is cut off, has the wrong
 * boundary or is not multipart at all is their request's fault (4xx), never a 500. Errors of our own disk
 * (they carry a `syscall`) stay server errors.
 */
function readFailure(err: unknown, overLimit: () => AppError): unknown {
  if (err instanceof AppError) return err;
  const { code, statusCode, syscall } = (err ?? {}) as { code?: string; statusCode?: number; syscall?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return overLimit();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(415, 'media.not_multipart');
  if (syscall && !statusCode) return err;
  return new AppError(400, 'media.malformed_upload');
}

/** `POST /upload`: the form's `type` and its image file `url` (in either order). */
export async function uploadImage(ctx: AppContext, auth: AuthContext, request: FastifyRequest): Promise<UploadedImage> {
  let file: Buffer | undefined;
  let type: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: ctx.config.media.maxImageBytes, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname === 'url' || part.fieldname === 'file') file = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'type') type = String(part.value);
    }
  } catch (err) {
    throw readFailure(err, tooLarge);
  }
  if (!(IMAGE_KINDS as readonly string[]).includes(type ?? '')) throw new ValidationError({ type: ['validation.in'] });
  if (!file?.length) throw new ValidationError({ url: ['media.no_file'] });
  return storeImage(ctx, auth.user.id, file, type as ImageKind);
}

/**
 * Re-encodes an image for its kind and stores it with its narrower copies beside it (named after it, so
 * its URL leads to them), then records it as the user's; answers its public URL, size and copies' widths.
 */
export async function storeImage(
  ctx: AppContext,
  userId: number,
  file: Buffer,
  kind: ImageKind,
): Promise<UploadedImage> {
  const image = await processImage(file, kind);
  const id = newFileId();
  const key = datedKey(`images/${kind}`, sizedImageName(id, image.width, image.height), 'webp');
  const files = [
    { key, data: image.data },
    ...image.variants.map((v) => ({ key: imageVariantUrl(key, v.width), data: v.data })),
  ];
  try {
    await Promise.all(files.map((f) => ctx.storage.putBuffer(f.key, f.data, 'image/webp')));
  } catch (err) {
    // Nothing records the files yet: whatever was written would never be cleaned up.
    await Promise.allSettled(files.map((f) => ctx.storage.delete(f.key)));
    throw err;
  }
  await repo.insert(ctx.db, {
    id,
    user_id: userId,
    kind: 'image',
    status: 'processed',
    output_key: key,
    mime: 'image/webp',
    size_bytes: files.reduce((sum, f) => sum + f.data.length, 0),
    width: image.width,
    height: image.height,
    progress: 100,
    processed_at: new Date(),
  });
  return {
    url: ctx.storage.url(key),
    width: image.width,
    height: image.height,
    widths: image.variants.map((v) => v.width),
  };
}

/** Containers by the name ffprobe gives them (a QuickTime/MP4 family probes as `mov,mp4,…`). */
const CONTAINERS: Record<AvKind, Record<string, string>> = {
  audio: { mp3: 'mp3', wav: 'wav', 'mov,mp4,m4a,3gp,3g2,mj2': 'mp4' },
  video: { 'mov,mp4,m4a,3gp,3g2,mj2': 'mp4', avi: 'avi', flv: 'flv' },
};

function acceptable(kind: AvKind, probed: Probe): string | undefined {
  const container = CONTAINERS[kind][probed.formatName];
  // An MP3's cover picture probes as a video stream; what matters is that the wanted stream is there.
  const has = probed.streams.some((s) => s.codec_type === kind);
  return container && has ? container : undefined;
}

const MIB = 1024 * 1024;

/** `12.5 MB`, `3 GB`: how much room there is, for a message. */
export function formatSize(bytes: number): string {
  const mb = Math.max(0, bytes) / MIB;
  if (mb >= 1024) return `${Number((mb / 1024).toFixed(1))} GB`;
  return `${Number(mb.toFixed(mb < 10 ? 1 : 0))} MB`;
}

function quotaError(quotaBytes: number, usedBytes: number): AppError {
  if (quotaBytes <= 0) return new AppError(413, 'media.quota_none');
  return new AppError(413, 'media.quota_exceeded', {
    left: formatSize(quotaBytes - usedBytes),
    quota: formatSize(quotaBytes),
  });
}

/**
 * `POST /upload/audio|video`: only for people who can compose, within their plan's storage. Streams the
 * file to a temporary file (never all in memory), checks what it really is with ffprobe, keeps the original
 * privately and queues the transcode.
 */
export async function uploadAv(ctx: AppContext, auth: AuthContext, request: FastifyRequest, kind: AvKind) {
  // Who may upload, and how much, is settled before a byte of the body is read.
  const [membership, quota] = await Promise.all([accountMembership(ctx.db, auth.user.id), storageQuota(ctx, auth)]);
  // Only people who can compose (an approved creator account of theirs: `can_compose` in the session).
  if (membership.approved === 0) throw forbidden('media.creators_only');
  const usedBefore = quota === null ? 0 : await repo.avBytesUsed(ctx.db, auth.user.id);
  if (quota !== null && usedBefore >= quota) throw quotaError(quota, usedBefore);
  const maxBytes = kind === 'audio' ? ctx.config.media.maxAudioBytes : ctx.config.media.maxVideoBytes;
  const room = quota === null ? Infinity : quota - usedBefore;
  const limit = Math.min(maxBytes, room);
  const overLimit = () => (limit < maxBytes ? quotaError(quota!, usedBefore) : tooLarge());

  await fs.promises.mkdir(tmpDir(ctx), { recursive: true });
  const id = newFileId();
  const temp = path.join(tmpDir(ctx), `upload-${id}`);
  let received = false;
  try {
    try {
      for await (const part of request.parts({ limits: { fileSize: limit, files: 1, fields: 5 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          continue;
        }
        await pipeline(part.file, fs.createWriteStream(temp));
        received = true;
      }
    } catch (err) {
      throw readFailure(err, overLimit);
    }
    if (!received) throw new ValidationError({ file: ['media.no_file'] });
    const size = (await fs.promises.stat(temp)).size;
    if (size === 0) throw new ValidationError({ file: ['media.no_file'] });

    let probed: Probe;
    try {
      probed = await probe(ctx.config.media.ffprobe, temp);
    } catch (err) {
      if (err instanceof ProbeFailed) throw new AppError(415, kind === 'audio' ? 'media.bad_audio' : 'media.bad_video');
      throw err;
    }
    const container = acceptable(kind, probed);
    if (!container) throw new AppError(415, kind === 'audio' ? 'media.bad_audio' : 'media.bad_video');

    const sourceKey = originalKey(kind, container);
    // Counted against the quota at once (another upload at the same time sees it), then stored.
    const recorded = await repo.insertWithinQuota(
      ctx.db,
      {
        id,
        user_id: auth.user.id,
        kind,
        status: 'processing',
        source_key: sourceKey,
        size_bytes: size,
        duration_seconds: probed.duration,
      },
      quota,
    );
    if (!recorded.stored) throw quotaError(quota!, recorded.used);
    try {
      await ctx.storage.putFile(sourceKey, temp, kind === 'audio' ? `audio/${container}` : `video/${container}`);
    } catch (err) {
      await repo.remove(ctx.db, id);
      throw err;
    }
    // No long expiry: the job queue's heartbeat keeps a running transcode its own, ffmpeg's timeout bounds it.
    await ctx.jobs.send('media.transcode', { fileId: id });
    return { file: id, status: 'processing' as const };
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
}

export async function check(ctx: AppContext, auth: AuthContext, fileId: string, locale: Locale): Promise<MediaCheck> {
  const row = await repo.ownedBy(ctx.db, fileId, auth.user.id);
  if (!row || row.kind === 'image') throw notFound();
  return {
    file: row.id,
    status: row.status,
    url: row.status === 'processed' && row.output_key ? ctx.storage.url(row.output_key) : null,
    progress: row.status === 'processed' ? 100 : row.progress,
    duration: row.duration_seconds,
    poster_url: row.poster_key ? ctx.storage.url(row.poster_key) : null,
    error: row.status === 'failed' ? t(locale, (row.error as MessageKey | null) ?? 'media.transcode_failed') : null,
  };
}
