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
  type TusFinished,
  type TusKind,
  type UploadedImage,
} from '@inkwell/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, ValidationError, forbidden, notFound, tooLarge } from '../../platform/errors';
import { t, type MessageKey } from '../../platform/i18n';
import { probe, ProbeFailed, type Probe } from '../../platform/media/ffmpeg';
import { PRIVATE_PREFIX } from '../../platform/storage/storage';
import { mediaAllowance } from '../billing';
import { accountMembership } from '../users';
import { companionsOf } from './av-files';
import { processImage } from './images';
import * as repo from './media.repo';

export type AvKind = 'audio' | 'video';
/** What an upload is, for who may send it and how large it may be. */
export type UploadKind = 'image' | AvKind;

export const isImageKind = (kind: string): kind is ImageKind => (IMAGE_KINDS as readonly string[]).includes(kind);
export const uploadKindOf = (kind: TusKind): UploadKind => (isImageKind(kind) ? 'image' : kind);

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
  const { limit, overLimit } = await admit(ctx, auth, 'image');
  let file: Buffer | undefined;
  let type: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'url' || part.fieldname === 'file') file = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'type') type = String(part.value);
    }
  } catch (err) {
    throw readFailure(err, overLimit);
  }
  if (!isImageKind(type ?? '')) throw new ValidationError({ type: ['validation.in'] });
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

export function quotaError(quotaBytes: number, usedBytes: number): AppError {
  if (quotaBytes <= 0) return new AppError(413, 'media.quota_none');
  return new AppError(413, 'media.quota_exceeded', {
    left: formatSize(quotaBytes - usedBytes),
    quota: formatSize(quotaBytes),
  });
}

/** What one upload may take, settled before a byte of it is read and again when it is accepted. */
export interface Admission {
  /** The plan's storage for audio and video in bytes; null: no limit (and always for images). */
  quota: number | null;
  /** The most this upload may hold: its kind's limit, or what is left of the quota when that is less. */
  limit: number;
  /** The refusal for an upload past `limit`: no room left (saying how much there is) or simply too large. */
  overLimit: () => AppError;
  /** The tallest rendition a video may get (short side, px), as the plan says. */
  maxRendition: number;
}

/**
 * Who may upload this kind, and how much. Images are open to everyone up to their size limit; audio and video
 * only to people who can compose (an approved creator account of theirs: `can_compose` in the session),
 * within their plan's storage.
 */
export async function admit(ctx: AppContext, auth: AuthContext, kind: UploadKind): Promise<Admission> {
  if (kind === 'image')
    return { quota: null, limit: ctx.config.media.maxImageBytes, overLimit: tooLarge, maxRendition: 0 };
  const [membership, { quota, maxRendition }] = await Promise.all([
    accountMembership(ctx.db, auth.user.id),
    mediaAllowance(ctx, auth),
  ]);
  if (membership.approved === 0) throw forbidden('media.creators_only');
  const used = quota === null ? 0 : await repo.avBytesUsed(ctx.db, auth.user.id);
  if (quota !== null && used >= quota) throw quotaError(quota, used);
  const maxBytes = kind === 'audio' ? ctx.config.media.maxAudioBytes : ctx.config.media.maxVideoBytes;
  const limit = Math.min(maxBytes, quota === null ? Infinity : quota - used);
  return {
    quota,
    limit,
    overLimit: () => (limit < maxBytes ? quotaError(quota!, used) : tooLarge()),
    maxRendition,
  };
}

const badAv = (kind: AvKind) => new AppError(415, kind === 'audio' ? 'media.bad_audio' : 'media.bad_video');

/**
 * Accepts a whole audio or video file waiting at a local path: checks what it really is with ffprobe, counts
 * it against the quota, keeps it privately as the original and queues its transcode. The caller removes the
 * local file afterwards (storage may have moved it already).
 */
export async function acceptAv(
  ctx: AppContext,
  userId: number,
  kind: AvKind,
  file: string,
  admission: Admission,
): Promise<{ file: string; status: 'processing' }> {
  const size = (await fs.promises.stat(file)).size;
  if (size > admission.limit) throw admission.overLimit();
  let probed: Probe;
  try {
    probed = await probe(ctx.config.media.ffprobe, file);
  } catch (err) {
    if (err instanceof ProbeFailed) throw badAv(kind);
    throw err;
  }
  const container = acceptable(kind, probed);
  if (!container) throw badAv(kind);

  const id = newFileId();
  const sourceKey = originalKey(kind, container);
  // Counted against the quota at once (another upload at the same time sees it), then stored.
  const recorded = await repo.insertWithinQuota(
    ctx.db,
    {
      id,
      user_id: userId,
      kind,
      status: 'processing',
      source_key: sourceKey,
      size_bytes: size,
      duration_seconds: probed.duration,
      max_rendition: admission.maxRendition,
    },
    admission.quota,
  );
  if (!recorded.stored) throw quotaError(admission.quota!, recorded.used);
  try {
    await ctx.storage.putFile(sourceKey, file, `${kind}/${container}`);
  } catch (err) {
    await repo.remove(ctx.db, id);
    throw err;
  }
  // No long expiry: the job queue's heartbeat keeps a running transcode its own, ffmpeg's timeout bounds it.
  await ctx.jobs.send('media.transcode', { fileId: id });
  return { file: id, status: 'processing' };
}

/**
 * Accepts a finished resumable upload at a local path as its kind: an image is stored as `POST /upload` stores
 * it, audio and video are admitted again (the quota or the person's accounts may have changed while the bytes
 * came in) and then taken as `POST /upload/audio|video` takes them.
 */
export async function acceptFile(
  ctx: AppContext,
  auth: AuthContext,
  kind: TusKind,
  file: string,
): Promise<TusFinished> {
  if (isImageKind(kind)) return storeImage(ctx, auth.user.id, await fs.promises.readFile(file), kind);
  return acceptAv(ctx, auth.user.id, kind, file, await admit(ctx, auth, kind));
}

/**
 * `POST /upload/audio|video`: streams the file to a temporary file (never all in memory) within what
 * `admit` allows, then accepts it.
 */
export async function uploadAv(ctx: AppContext, auth: AuthContext, request: FastifyRequest, kind: AvKind) {
  // Who may upload, and how much, is settled before a byte of the body is read.
  const admission = await admit(ctx, auth, kind);
  await fs.promises.mkdir(tmpDir(ctx), { recursive: true });
  const temp = path.join(tmpDir(ctx), `upload-${newFileId()}`);
  let received = false;
  try {
    try {
      for await (const part of request.parts({ limits: { fileSize: admission.limit, files: 1, fields: 5 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          continue;
        }
        await pipeline(part.file, fs.createWriteStream(temp));
        received = true;
      }
    } catch (err) {
      throw readFailure(err, admission.overLimit);
    }
    if (!received) throw new ValidationError({ file: ['media.no_file'] });
    if ((await fs.promises.stat(temp)).size === 0) throw new ValidationError({ file: ['media.no_file'] });
    return await acceptAv(ctx, auth.user.id, kind, temp, admission);
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
}

export async function check(ctx: AppContext, auth: AuthContext, fileId: string, locale: Locale): Promise<MediaCheck> {
  const row = await repo.ownedBy(ctx.db, fileId, auth.user.id);
  if (!row || row.kind === 'image') throw notFound();
  const url = row.status === 'processed' && row.output_key ? ctx.storage.url(row.output_key) : null;
  const companions = companionsOf(url);
  return {
    file: row.id,
    status: row.status,
    url,
    progress: row.progress,
    duration: row.duration_seconds,
    poster_url: row.poster_key ? ctx.storage.url(row.poster_key) : null,
    hls_url: companions.hls,
    thumbnails_url: companions.thumbnails,
    low_data_url: companions.lowData,
    error: row.status === 'failed' ? t(locale, (row.error as MessageKey | null) ?? 'media.transcode_failed') : null,
  };
}
