import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../platform/context';
import type { JobQueueSettings } from '../../platform/jobs/queue';
import { ProbeFailed, TranscodeFailed, audioArgs, probe, runFfmpeg } from '../../platform/media/ffmpeg';
import { AV_FILES, avFolder } from './av-files';
import { withVariantKeys } from './images';
import * as repo from './media.repo';
import { tmpDir } from './media.service';
import {
  announce,
  dropOriginal,
  outputIn,
  progressWriter,
  refuseTruncated,
  removeKeys,
  storeOutputs,
} from './transcoding';
import { sweepUploads } from './tus.service';
import { finishAsIs, transcodeVideo } from './video-transcode';

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

/** Audio: its AAC copy (`url`) and its low-data Opus copy, from one decode. */
async function transcodeAudio(ctx: AppContext, row: repo.MediaRow, source: string, work: string): Promise<void> {
  const duration = row.duration_seconds ?? (await probe(ctx.config.media.ffprobe, source)).duration;
  const folder = avFolder('audio', row.id, row.created_at);
  const outputs = [
    outputIn(work, folder, AV_FILES.audio, 'audio/mp4'),
    outputIn(work, folder, AV_FILES.lowData, 'audio/webm'),
  ];
  const progress = progressWriter(ctx, row, () => 'processing');
  const written = await runFfmpeg(
    ctx.config.media.ffmpeg,
    audioArgs(source, outputs[0]!.local, outputs[1]!.local),
    duration,
    (fraction) => progress.report(fraction * 100),
    ctx.config.media.transcodeTimeoutSeconds,
  );
  refuseTruncated(duration, written);
  const keys = outputs.map((o) => o.key);
  // Named before they are stored: the cleanup deletes them whatever happens next.
  if (!(await repo.update(ctx.db, row.id, { file_keys: keys }))) {
    await removeKeys(ctx, [row.source_key]);
    return;
  }
  const size = await storeOutputs(ctx, outputs);
  const kept = await repo.update(ctx.db, row.id, {
    status: 'processed',
    output_key: keys[0],
    poster_key: null,
    mime: 'audio/mp4',
    size_bytes: size,
    duration_seconds: written ?? duration,
    progress: 100,
    error: null,
    processed_at: new Date(),
  });
  if (!kept) {
    // Removed while it was being transcoded: keep nothing of it.
    await removeKeys(ctx, [...keys, row.source_key]);
    return;
  }
  announce(ctx, row, 'processed', 100);
  await dropOriginal(ctx, row.id, row.source_key!);
}

/**
 * Transcodes one upload. Idempotent: a finished file is left alone, outputs have fixed keys and are written
 * whole (a half-written file is never served), and an attempt cut short by a crash is simply run again by the
 * next worker once the job's time runs out. A video is `processed` (playable) before its transcode ends
 * (video-transcode.ts): an attempt that finds it so, below 100, makes only what is missing.
 */
export async function transcode(ctx: AppContext, fileId: string, job: { retryCount: number }): Promise<void> {
  const row = await repo.byId(ctx.db, fileId);
  if (!row || !row.source_key || row.kind === 'image') return;
  const finishing = row.kind === 'video' && row.status === 'processed' && row.progress < 100;
  if (row.status !== 'processing' && !finishing) return;
  const work = path.join(tmpDir(ctx), `transcode-${fileId}-${Date.now()}`);
  await fs.promises.mkdir(work, { recursive: true });
  const source = await ctx.storage.localCopy(row.source_key, work);
  const sourceBytes = (await fs.promises.stat(source.path)).size;
  try {
    if (row.kind === 'video') await transcodeVideo(ctx, row, source.path, work, sourceBytes);
    else await transcodeAudio(ctx, row, source.path, work);
  } catch (err) {
    const unusable = err instanceof ProbeFailed || err instanceof TranscodeFailed;
    ctx.log.warn({ err, fileId, attempt: job.retryCount }, 'transcode failed');
    // Bad input will not get better; anything else is retried until the last attempt.
    if (unusable || job.retryCount >= TRANSCODE_RETRIES) {
      // Playable already (its first renditions are out): it keeps them rather than fail.
      if (await finishAsIs(ctx, fileId, row.source_key, sourceBytes)) return;
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

/** Resumable uploads expired; a folder or bucket that cannot be read is logged, not fatal. */
async function deleteExpiredUploads(ctx: AppContext, now: Date): Promise<number> {
  try {
    return await sweepUploads(ctx, now.getTime());
  } catch (err) {
    ctx.log.warn({ err }, 'media cleanup: unfinished uploads not removed');
    return 0;
  }
}

/**
 * The scheduled `media.cleanup`: uploads still unattached a day after they came in (never used in a post
 * or as a picture) are deleted with their files, originals left behind by an interrupted worker are
 * removed, and so are resumable uploads left unfinished for a day. Anything found in use is marked attached
 * instead, and not looked at again.
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
      await removeKeys(ctx, [
        ...(row.output_key ? withVariantKeys(row.output_key) : []),
        row.poster_key,
        row.source_key,
        ...row.file_keys,
      ]);
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
  const expired = await deleteExpiredUploads(ctx, now);
  if (deleted || kept || expired) ctx.log.info({ deleted, kept, expired }, 'media cleanup');
  return { deleted, kept };
}
