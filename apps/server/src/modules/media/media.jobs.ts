import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { AppContext } from '../../platform/context';
import {
  ProbeFailed,
  TranscodeFailed,
  audioArgs,
  posterArgs,
  probe,
  runFfmpeg,
  videoArgs,
} from '../../platform/media/ffmpeg';
import * as repo from './media.repo';
import { tmpDir } from './media.service';

/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 1000;

/** The job gives up after the queue's retries; the last attempt records the failure for the uploader. */
export const TRANSCODE_RETRIES = 2;

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
    const transcoding = runFfmpeg(
      ctx.config.media.ffmpeg,
      kind === 'video' ? videoArgs(source.path, output) : audioArgs(source.path, output),
      duration,
      (fraction) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = now;
        // Never 100 before the file is in place.
        void repo.setProgress(ctx.db, fileId, Math.min(99, Math.floor(fraction * 100))).catch(() => undefined);
      },
    );
    // The poster comes from the source alongside the transcode, so it adds no waiting.
    const [written] = await Promise.all([
      transcoding,
      kind === 'video'
        ? runFfmpeg(ctx.config.media.ffmpeg, posterArgs(source.path, poster, duration), null)
        : undefined,
    ]);
    // A cut-off upload still probes with its full length but decodes to less: refuse it, do not publish a stub.
    if (duration && written !== null && written < duration * 0.9 && duration - written > 1) {
      throw new TranscodeFailed(`output ${written}s of ${duration}s: the upload is truncated`);
    }
    // The poster has the video's size (same scaling), read in-process rather than probing the output.
    const frame = kind === 'video' ? await sharp(poster).metadata() : undefined;

    const stamp = row.source_key.split('/').slice(2, 4).join('/');
    const outputKey = `${kind}/${stamp}/${fileId}.${kind === 'video' ? 'mp4' : 'm4a'}`;
    let posterKey: string | null = null;
    if (kind === 'video') {
      posterKey = `${kind}/${stamp}/${fileId}.jpg`;
      await ctx.storage.putFile(posterKey, poster, 'image/jpeg');
    }
    await ctx.storage.putFile(outputKey, output, kind === 'video' ? 'video/mp4' : 'audio/mp4');
    await repo.update(ctx.db, fileId, {
      status: 'processed',
      output_key: outputKey,
      poster_key: posterKey,
      mime: kind === 'video' ? 'video/mp4' : 'audio/mp4',
      duration_seconds: written ?? duration,
      width: frame?.width ?? null,
      height: frame?.height ?? null,
      progress: 100,
      error: null,
      processed_at: new Date(),
    });
  } catch (err) {
    const unusable = err instanceof ProbeFailed || err instanceof TranscodeFailed;
    ctx.log.warn({ err, fileId, attempt: job.retryCount }, 'transcode failed');
    // Bad input will not get better; anything else is retried until the last attempt.
    if (unusable || job.retryCount >= TRANSCODE_RETRIES) {
      await repo.update(ctx.db, fileId, { status: 'failed', error: 'media.transcode_failed' });
      return;
    }
    throw err;
  } finally {
    await source.release();
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
