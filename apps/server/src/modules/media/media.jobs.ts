import fs from 'node:fs';
import path from 'node:path';
import type { MediaStatus } from '@inkwell/contracts';
import sharp from 'sharp';
import type { AppContext } from '../../platform/context';
import type { JobQueueSettings } from '../../platform/jobs/queue';
import {
  ProbeFailed,
  TranscodeFailed,
  audioArgs,
  posterArgs,
  probe,
  runFfmpeg,
  videoArgs,
} from '../../platform/media/ffmpeg';
import { withVariantKeys } from './images';
import * as repo from './media.repo';
import { tmpDir } from './media.service';

/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 1000;

/** The job gives up after the queue's retries; the last attempt records the failure for the uploader. */
export const TRANSCODE_RETRIES = 2;

/** Every hour: uploads nothing points at a day after they came in are deleted, with their files. */
export const CLEANUP_SCHEDULE = '23 * * * *';
export const UNATTACHED_TTL_MS = 24 * 3600 * 1000;

/** The media jobs' queues, registered with the platform at the composition root. */
export const mediaQueues = {
  'media.transcode': { retry: { retryLimit: TRANSCODE_RETRIES, retryDelay: 5, retryBackoff: true } },
  'media.cleanup': { schedule: CLEANUP_SCHEDULE },
} satisfies JobQueueSettings;
const CLEANUP_BATCH = 200;
/** One run deletes at most this many batches; the next run goes on. */
const CLEANUP_MAX_BATCHES = 50;

const yearMonth = (d: Date) => `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * Deletes an original and forgets it. It never fails the caller: an original that could not be removed
 * (or a crash in between) is left for `cleanupMedia` to finish.
 */
async function dropOriginal(ctx: AppContext, fileId: string, key: string): Promise<boolean> {
  try {
    await ctx.storage.delete(key);
    await repo.clearSource(ctx.db, fileId, key);
    return true;
  } catch (err) {
    ctx.log.warn({ err, fileId, key }, 'original not removed yet');
    return false;
  }
}

/**
 * Tells the uploader's open pages (a subscriber emits it on their private channel) that the upload moved on,
 * once the change is in the database: the page need not wait for its next poll.
 */
function announce(ctx: AppContext, row: repo.MediaRow, status: MediaStatus, progress: number): void {
  ctx.events.publish(ctx.db, {
    type: 'media.progressed',
    actor_id: null,
    user_id: row.user_id,
    file_id: row.id,
    status,
    progress,
  });
}

/**
 * Transcodes one upload. Idempotent: a processed file is left alone, outputs have fixed keys and are
 * written whole (a half-written file is never served), and an attempt cut short by a crash is simply run
 * again by the next worker once the job's time runs out.
 */
export async function transcode(ctx: AppContext, fileId: string, job: { retryCount: number }): Promise<void> {
  const row = await repo.byId(ctx.db, fileId);
  if (!row || row.status !== 'processing' || !row.source_key || row.kind === 'image') return;
  const kind = row.kind;
  const work = path.join(tmpDir(ctx), `transcode-${fileId}-${Date.now()}`);
  await fs.promises.mkdir(work, { recursive: true });
  const source = await ctx.storage.localCopy(row.source_key, work);
  try {
    // The upload was probed already; only an old row without a duration is probed again.
    const duration = row.duration_seconds ?? (await probe(ctx.config.media.ffprobe, source.path)).duration;
    const output = path.join(work, kind === 'video' ? 'out.mp4' : 'out.m4a');
    const poster = path.join(work, 'poster.jpg');
    let lastWrite = 0;
    let lastProgress = 0;
    const transcoding = runFfmpeg(
      ctx.config.media.ffmpeg,
      kind === 'video' ? videoArgs(source.path, output) : audioArgs(source.path, output),
      duration,
      (fraction) => {
        // Never 100 before the file is in place.
        const progress = Math.min(99, Math.floor(fraction * 100));
        const now = Date.now();
        // ffmpeg's first report is at 0 %: it must not use up the second in which the first real step shows.
        if (progress <= lastProgress || now - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = now;
        lastProgress = progress;
        void repo
          .setProgress(ctx.db, fileId, progress)
          .then((moved) => moved && announce(ctx, row, 'processing', progress))
          .catch(() => undefined);
      },
      ctx.config.media.transcodeTimeoutSeconds,
    );
    // The poster comes from the source alongside the transcode, so it adds no waiting.
    const [written] = await Promise.all([
      transcoding,
      kind === 'video'
        ? runFfmpeg(
            ctx.config.media.ffmpeg,
            posterArgs(source.path, poster, duration),
            null,
            undefined,
            ctx.config.media.transcodeTimeoutSeconds,
          )
        : undefined,
    ]);
    // A cut-off upload still probes with its full length but decodes to less: refuse it, do not publish a stub.
    if (duration && written !== null && written < duration * 0.9 && duration - written > 1) {
      throw new TranscodeFailed(`output ${written}s of ${duration}s: the upload is truncated`);
    }
    // The poster has the video's size (same scaling), read in-process rather than probing the output.
    const frame = kind === 'video' ? await sharp(poster).metadata() : undefined;
    const stamp = yearMonth(row.created_at);
    const outputKey = `${kind}/${stamp}/${fileId}.${kind === 'video' ? 'mp4' : 'm4a'}`;
    // What the upload takes from now on (counted against the quota): the output and its poster.
    let size = (await fs.promises.stat(output)).size;
    let posterKey: string | null = null;
    if (kind === 'video') {
      posterKey = `${kind}/${stamp}/${fileId}.jpg`;
      size += (await fs.promises.stat(poster)).size;
      await ctx.storage.putFile(posterKey, poster, 'image/jpeg');
    }
    await ctx.storage.putFile(outputKey, output, kind === 'video' ? 'video/mp4' : 'audio/mp4');
    const kept = await repo.update(ctx.db, fileId, {
      status: 'processed',
      output_key: outputKey,
      poster_key: posterKey,
      mime: kind === 'video' ? 'video/mp4' : 'audio/mp4',
      size_bytes: size,
      duration_seconds: written ?? duration,
      width: frame?.width ?? null,
      height: frame?.height ?? null,
      progress: 100,
      error: null,
      processed_at: new Date(),
    });
    if (!kept) {
      // Removed while it was being transcoded: keep nothing of it.
      for (const key of [outputKey, posterKey, row.source_key]) if (key) await ctx.storage.delete(key);
      return;
    }
    announce(ctx, row, 'processed', 100);
    await dropOriginal(ctx, fileId, row.source_key);
  } catch (err) {
    const unusable = err instanceof ProbeFailed || err instanceof TranscodeFailed;
    ctx.log.warn({ err, fileId, attempt: job.retryCount }, 'transcode failed');
    // Bad input will not get better; anything else is retried until the last attempt.
    if (unusable || job.retryCount >= TRANSCODE_RETRIES) {
      if (await repo.update(ctx.db, fileId, { status: 'failed', error: 'media.transcode_failed', size_bytes: 0 }))
        announce(ctx, row, 'failed', row.progress);
      await dropOriginal(ctx, fileId, row.source_key);
      return;
    }
    throw err;
  } finally {
    await source.release();
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/**
 * The scheduled `media.cleanup`: uploads still unattached a day after they came in (never used in a post
 * or as a picture) are deleted with their files, and originals left behind by an interrupted worker are
 * removed. Anything found in use is marked attached instead, and not looked at again.
 */
export async function cleanupMedia(ctx: AppContext, now = new Date()): Promise<{ deleted: number; kept: number }> {
  const before = new Date(now.getTime() - UNATTACHED_TTL_MS);
  let deleted = 0;
  let kept = 0;
  for (let batch = 0; batch < CLEANUP_MAX_BATCHES; batch++) {
    const candidates = await repo.unattachedBefore(ctx.db, before, CLEANUP_BATCH);
    if (candidates.length === 0) break;
    const gone = await repo.deleteUnreferenced(
      ctx.db,
      candidates.map((c) => ({ id: c.id, url: c.output_key ? ctx.storage.url(c.output_key) : null })),
    );
    // The rows go first: a file left behind by a failing delete is only wasted space, never a broken post.
    for (const row of gone) {
      const keys = [...(row.output_key ? withVariantKeys(row.output_key) : []), row.poster_key, row.source_key];
      for (const key of keys) {
        if (!key) continue;
        await ctx.storage
          .delete(key)
          .catch((err: unknown) => ctx.log.warn({ err, key }, 'media cleanup: file not removed'));
      }
    }
    const goneIds = new Set(gone.map((g) => g.id));
    const inUse = candidates.filter((c) => !goneIds.has(c.id)).map((c) => c.id);
    await repo.markAttachedByIds(ctx.db, inUse);
    deleted += gone.length;
    kept += inUse.length;
    if (candidates.length < CLEANUP_BATCH) break;
  }
  for (let batch = 0; batch < CLEANUP_MAX_BATCHES; batch++) {
    const leftovers = await repo.leftoverOriginals(ctx.db, CLEANUP_BATCH);
    let removed = 0;
    for (const left of leftovers) if (await dropOriginal(ctx, left.id, left.source_key)) removed++;
    // Those that could not be removed come back first: the next run tries them again.
    if (leftovers.length < CLEANUP_BATCH || removed < leftovers.length) break;
  }
  if (deleted || kept) ctx.log.info({ deleted, kept }, 'media cleanup');
  return { deleted, kept };
}
