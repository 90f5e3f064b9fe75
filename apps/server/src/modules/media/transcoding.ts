import fs from 'node:fs';
import path from 'node:path';
import type { MediaStatus } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import { TranscodeFailed } from '../../platform/media/ffmpeg';
import * as repo from './media.repo';

/** The steps audio's and video's transcodes share (media.jobs.ts runs them, video-transcode.ts has the ladder). */

/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 1000;

/**
 * Tells the uploader's open pages (a subscriber emits it on their private channel) that the upload moved on,
 * once the change is in the database: the page need not wait for its next poll. A video reaching 100 also has
 * its posts' lock looked at again (posts' subscriber): its last files may have been stored after the lock.
 */
export function announce(ctx: AppContext, row: repo.MediaRow, status: MediaStatus, progress: number): void {
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
 * Records progress (0–99: never 100 before the files are in place) at most once a second and only forward,
 * announcing it as `status()` says (a video is `processed` while its top renditions are made).
 */
export function progressWriter(ctx: AppContext, row: repo.MediaRow, status: () => MediaStatus) {
  let lastWrite = 0;
  let last = row.progress;
  return {
    report(progress: number): void {
      const value = Math.min(99, Math.floor(progress));
      const now = Date.now();
      // ffmpeg's first report is at 0 %: it must not use up the second in which the first real step shows.
      if (value <= last || now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      last = value;
      void repo
        .setProgress(ctx.db, row.id, value)
        .then((moved) => moved && announce(ctx, row, status(), value))
        .catch(() => undefined);
    },
    /** The last value written (what a publication keeps). */
    get current(): number {
      return last;
    },
  };
}

/**
 * Deletes an original and forgets it. It never fails the caller: an original that could not be removed
 * (or a crash in between) is left for `cleanupMedia` to finish.
 */
export async function dropOriginal(ctx: AppContext, fileId: string, key: string): Promise<boolean> {
  try {
    await ctx.storage.delete(key);
    await repo.clearSource(ctx.db, fileId, key);
    return true;
  } catch (err) {
    ctx.log.warn({ err, fileId, key }, 'original not removed yet');
    return false;
  }
}

/** A cut-off upload still probes with its full length but decodes to less: refuse it, do not publish a stub. */
export function refuseTruncated(duration: number | null, written: number | null): void {
  if (duration && written !== null && written < duration * 0.9 && duration - written > 1) {
    throw new TranscodeFailed(`output ${written}s of ${duration}s: the upload is truncated`);
  }
}

/** A file made in the work folder, and where it is stored. */
export interface Output {
  local: string;
  key: string;
  type: string;
}

/** `name` in `dir`, stored as `folder + name`. */
export const outputIn = (dir: string, folder: string, name: string, type: string): Output => ({
  local: path.join(dir, name),
  key: folder + name,
  type,
});

/**
 * Stores the outputs, in order, each whole (a reader never sees half a file), under `prefix` (the lock's private
 * folder when the upload's files are there); answers their bytes in all (counted against the quota).
 */
export async function storeOutputs(ctx: AppContext, outputs: Output[], prefix = ''): Promise<number> {
  let bytes = 0;
  for (const out of outputs) {
    // Before the store: a disk store moves the file away.
    bytes += (await fs.promises.stat(out.local)).size;
    await ctx.storage.putFile(prefix + out.key, out.local, out.type);
  }
  return bytes;
}

/** Removes what a transcode stored for an upload removed meanwhile; a failure only leaves wasted space. */
export async function removeKeys(ctx: AppContext, keys: (string | null | undefined)[]): Promise<void> {
  for (const key of new Set(keys)) {
    if (!key) continue;
    await ctx.storage.delete(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'media file not removed'));
  }
}
