import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../platform/context';
import { TranscodeFailed, displaySize, frameRateOf, posterArgs, probe, runFfmpeg } from '../../platform/media/ffmpeg';
import {
  bandwidthOf,
  codecsOf,
  ladderArgs,
  ladderFor,
  masterPlaylist,
  playlistSeconds,
  progressiveArgs,
  rungName,
  thumbnailLayout,
  thumbnailsVtt,
  type Rung,
  type ThumbnailLayout,
} from '../../platform/media/hls';
import { LOCKED_PREFIX } from '../../platform/storage/storage';
import type { StoredRendition } from '../../db/schema';
import { AV_FILES, avFolder, renditionFiles } from './av-files';
import * as repo from './media.repo';
import {
  announce,
  dropOriginal,
  outputIn,
  progressWriter,
  refuseTruncated,
  removeKeys,
  storeOutputs,
  type Output,
} from './transcoding';

/*
 * A video becomes an HLS ladder (platform/media/hls.ts) in two ffmpeg runs started together: its first renditions
 * (up to 360p, with the poster and the thumbnails) at the normal priority, its top ones (720p, 1080p) beside them
 * at a lower one. The first are quick: once they are stored with a master playlist listing them, the upload is
 * `processed` and can be posted and watched. The top ones follow; the master playlist is then written again
 * listing them too, and progress reaches 100. A retry after a crash between the two makes only the top ones.
 */

/** The renditions published first (what makes the upload playable): those up to this short side. */
const FIRST_MAX_HEIGHT = 360;

/** The top renditions' run yields the CPU to every normal one: first renditions, this upload's and others'. */
export const REST_NICENESS = 10;

/**
 * What decoding and scaling the source costs beside encoding, in frames of the source's size (roughly, on 720p
 * H.264: decoding a frame costs about as much as encoding 1.2 at x264's veryfast). Only weighs the progress bar.
 */
const DECODE_COST = 1.2;

const HLS_TYPE = 'application/vnd.apple.mpegurl';

const runCost = (rungs: Rung[], short: number) =>
  rungs.reduce((sum, r) => sum + r.height ** 2, 0) + DECODE_COST * short ** 2;

/** How long a rendition made in `dir` plays. */
const secondsOf = async (dir: string, rung: Rung) =>
  playlistSeconds(await fs.promises.readFile(path.join(dir, `${rungName(rung)}.m3u8`), 'utf8'));

/** A rendition as the master playlist lists it: its size, rate and codecs from the file, its bandwidth from its playlist. */
async function renditionOf(ctx: AppContext, dir: string, rung: Rung): Promise<StoredRendition> {
  const name = rungName(rung);
  const file = path.join(dir, `${name}.mp4`);
  const [probed, playlist] = await Promise.all([
    probe(ctx.config.media.ffprobe, file),
    fs.promises.readFile(path.join(dir, `${name}.m3u8`), 'utf8'),
  ]);
  const video = probed.streams.find((s) => s.codec_type === 'video');
  if (!video?.width || !video.height) throw new TranscodeFailed(`rendition ${name} has no picture`);
  const { peak, average } = bandwidthOf(playlist);
  return {
    name,
    bandwidth: peak,
    averageBandwidth: average,
    width: video.width,
    height: video.height,
    frameRate: frameRateOf(video),
    codecs: await codecsOf(
      file,
      probed.streams.some((s) => s.codec_type === 'audio'),
    ),
  };
}

const tallest = (renditions: StoredRendition[]) =>
  renditions.reduce<StoredRendition | undefined>(
    (top, r) => (!top || Math.min(r.width, r.height) > Math.min(top.width, top.height) ? r : top),
    undefined,
  );

const renditionOutputs = (dir: string, folder: string, rungs: Rung[]): Output[] =>
  rungs.flatMap((rung) => {
    const [playlist, media] = renditionFiles(rungName(rung)) as [string, string];
    // The media file before the playlist that reads it.
    return [outputIn(dir, folder, media, 'video/mp4'), outputIn(dir, folder, playlist, HLS_TYPE)];
  });

/** What the row says of a published video, carried from its first publication to its last. */
interface Published {
  renditions: StoredRendition[];
  size: number;
}

interface Plan {
  row: repo.MediaRow;
  sourceBytes: number;
  folder: string;
  duration: number | null;
  first: Rung[];
  rest: Rung[];
  layout: ThumbnailLayout;
  progressiveArgs: string[];
}

/**
 * Stores the first renditions, the progressive copy, poster and thumbnails, then the master playlist listing what
 * is there, and makes the upload `processed`. Answers undefined when the upload was removed meanwhile (its files
 * are removed then, and the original).
 */
async function publishFirst(
  ctx: AppContext,
  plan: Plan,
  dir: string,
  written: number | null,
  progress: number,
): Promise<Published | undefined> {
  const { row, folder, first, rest, layout } = plan;
  const ffmpeg = ctx.config.media.ffmpeg;
  const timeout = ctx.config.media.transcodeTimeoutSeconds;
  // `url` for players without HLS: the tallest first rendition as an ordinary MP4 with its index first, a copy
  // (no second encode). The rendition itself is fragmented: a player reading it as one file would have to read
  // every fragment's header through to learn its length, before it plays.
  await runFfmpeg(ffmpeg, plan.progressiveArgs, null, undefined, timeout);
  const renditions = await Promise.all(first.map((rung) => renditionOf(ctx, dir, rung)));
  const length = written ?? plan.duration ?? layout.interval;
  await fs.promises.writeFile(
    path.join(dir, AV_FILES.thumbnails),
    thumbnailsVtt(layout, length, AV_FILES.thumbnailStrip),
  );
  await fs.promises.writeFile(path.join(dir, AV_FILES.master), masterPlaylist(renditions));
  const outputs = [
    ...renditionOutputs(dir, folder, first),
    outputIn(dir, folder, AV_FILES.video, 'video/mp4'),
    outputIn(dir, folder, AV_FILES.poster, 'image/jpeg'),
    outputIn(dir, folder, AV_FILES.thumbnailStrip, 'image/jpeg'),
    outputIn(dir, folder, AV_FILES.thumbnails, 'text/vtt'),
    // Last: a master playlist never names a rendition that is not stored yet.
    outputIn(dir, folder, AV_FILES.master, HLS_TYPE),
  ];
  // Every file it will have is named before one is stored, the top renditions' too: whatever happens next (a
  // crash, the upload removed), the cleanup knows what to delete.
  const files = [...outputs.map((o) => o.key), ...renditionOutputs(dir, folder, rest).map((o) => o.key)];
  if (!(await repo.update(ctx.db, row.id, { file_keys: files }))) {
    await removeKeys(ctx, [row.source_key]);
    return undefined;
  }
  const bytes = await storeOutputs(ctx, outputs);
  const finished = rest.length === 0;
  // The original stays counted while the top renditions are made from it.
  const published = { renditions, size: bytes + (finished ? 0 : plan.sourceBytes) };
  const shown = tallest(renditions);
  const value = finished ? 100 : Math.min(99, Math.max(1, Math.floor(progress)));
  const kept = await repo.update(ctx.db, row.id, {
    status: 'processed',
    output_key: folder + AV_FILES.video,
    poster_key: folder + AV_FILES.poster,
    mime: 'video/mp4',
    renditions,
    size_bytes: published.size,
    duration_seconds: written ?? plan.duration,
    width: shown?.width ?? null,
    height: shown?.height ?? null,
    progress: value,
    error: null,
    processed_at: new Date(),
  });
  if (!kept) {
    // Removed while it was being transcoded: keep nothing of it.
    await removeKeys(ctx, [...files, row.source_key]);
    return undefined;
  }
  announce(ctx, row, 'processed', value);
  if (finished) await dropOriginal(ctx, row.id, row.source_key!);
  return published;
}

/**
 * Stores the top renditions and the master playlist listing every rendition, beside the upload's other files
 * (in the lock's private folder if a members-only post moved them there meanwhile), and ends at 100.
 */
async function publishRest(ctx: AppContext, plan: Plan, dir: string, before: Published): Promise<void> {
  const { row, folder, rest } = plan;
  const added = await Promise.all(rest.map((rung) => renditionOf(ctx, dir, rung)));
  const renditions = [...before.renditions.filter((r) => !added.some((a) => a.name === r.name)), ...added];
  await fs.promises.writeFile(path.join(dir, AV_FILES.master), masterPlaylist(renditions));
  const outputs = renditionOutputs(dir, folder, rest);
  const master = outputIn(dir, folder, AV_FILES.master, HLS_TYPE);
  const prefix = (await ctx.storage.exists(`${LOCKED_PREFIX}${master.key}`)) ? LOCKED_PREFIX : '';
  const bytes = await storeOutputs(ctx, outputs, prefix);
  await storeOutputs(ctx, [master], prefix);
  const shown = tallest(renditions);
  const kept = await repo.update(ctx.db, row.id, {
    renditions,
    size_bytes: Math.max(0, before.size - plan.sourceBytes) + bytes,
    width: shown?.width ?? null,
    height: shown?.height ?? null,
    progress: 100,
  });
  if (!kept) {
    await removeKeys(ctx, [...[...outputs, master].map((o) => prefix + o.key), row.source_key]);
    return;
  }
  announce(ctx, row, 'processed', 100);
  await dropOriginal(ctx, row.id, row.source_key!);
}

/** The source as ffprobe found it: what its ladder depends on. */
export interface VideoSource {
  path: string;
  /** As shown (a sideways phone video's sides swapped). */
  width: number;
  height: number;
  frameRate: number | null;
  duration: number | null;
}

/**
 * The ffmpeg runs of a video's ladder up to `maxRendition`, writing into `dirs`: the first renditions with the
 * thumbnails, the poster beside them, the top renditions (null when the source has none), and the progressive
 * copy made from the first ones. The benchmark runs the same arguments bare.
 */
export function videoRuns(source: VideoSource, dirs: { first: string; rest: string }, maxRendition: number) {
  const rungs = ladderFor(Math.min(source.width, source.height), maxRendition);
  const first = rungs.filter((r) => r.height <= FIRST_MAX_HEIGHT);
  const rest = rungs.filter((r) => r.height > FIRST_MAX_HEIGHT);
  const layout = thumbnailLayout(source.width, source.height, source.duration);
  const { frameRate } = source;
  return {
    first,
    rest,
    layout,
    firstArgs: ladderArgs({ input: source.path, dir: dirs.first, rungs: first, frameRate, thumbnails: layout }),
    posterArgs: posterArgs(source.path, path.join(dirs.first, AV_FILES.poster), source.duration),
    restArgs: rest.length ? ladderArgs({ input: source.path, dir: dirs.rest, rungs: rest, frameRate }) : null,
    progressiveArgs: progressiveArgs(
      path.join(dirs.first, `${rungName(first.at(-1)!)}.mp4`),
      path.join(dirs.first, AV_FILES.video),
    ),
  };
}

/**
 * Transcodes a video upload `processing` (both runs) or `processed` below 100 (its top renditions only), from the
 * original at the local path `source`. Throws as ffmpeg failed; media.jobs.ts decides what a failure means.
 */
export async function transcodeVideo(
  ctx: AppContext,
  row: repo.MediaRow,
  source: string,
  work: string,
  sourceBytes: number,
): Promise<void> {
  const ffmpeg = ctx.config.media.ffmpeg;
  const timeout = ctx.config.media.transcodeTimeoutSeconds;
  const probed = await probe(ctx.config.media.ffprobe, source);
  const stream = probed.streams.find((s) => s.codec_type === 'video');
  const shown = displaySize(stream);
  if (!shown) throw new TranscodeFailed('no picture to transcode');
  const short = Math.min(shown.width, shown.height);
  const duration = row.duration_seconds ?? probed.duration;
  const dirs = { first: path.join(work, 'first'), rest: path.join(work, 'rest') };
  await Promise.all([fs.promises.mkdir(dirs.first), fs.promises.mkdir(dirs.rest)]);
  const runs = videoRuns({ path: source, ...shown, frameRate: frameRateOf(stream), duration }, dirs, row.max_rendition);
  const plan: Plan = {
    row,
    sourceBytes,
    folder: avFolder('video', row.id, row.created_at),
    duration,
    first: runs.first,
    rest: runs.rest,
    layout: runs.layout,
    progressiveArgs: runs.progressiveArgs,
  };
  const publishing = row.status === 'processing';

  let published = !publishing;
  const progress = progressWriter(ctx, row, () => (published ? 'processed' : 'processing'));
  const weight = {
    first: publishing ? runCost(plan.first, short) : 0,
    rest: plan.rest.length ? runCost(plan.rest, short) : 0,
  };
  const done = { first: 0, rest: 0 };
  const overall = () =>
    row.progress +
    ((99 - row.progress) * (weight.first * done.first + weight.rest * done.rest)) /
      Math.max(1, weight.first + weight.rest);
  const step = (part: 'first' | 'rest') => (fraction: number) => {
    done[part] = fraction;
    progress.report(overall());
  };

  const abort = new AbortController();
  const restRun = runs.restArgs
    ? runFfmpeg(ffmpeg, runs.restArgs, duration, step('rest'), timeout, {
        signal: abort.signal,
        niceness: REST_NICENESS,
      })
    : undefined;
  // Observed here too: while the first run is awaited, a failure of this one must not go unhandled.
  restRun?.catch(() => undefined);
  try {
    let state: Published = { renditions: row.renditions, size: row.size_bytes };
    if (publishing) {
      await Promise.all([
        runFfmpeg(ffmpeg, runs.firstArgs, duration, step('first'), timeout, { signal: abort.signal }),
        // The poster comes from the source alongside, so it adds no waiting.
        runFfmpeg(ffmpeg, runs.posterArgs, null, undefined, timeout, { signal: abort.signal }),
      ]);
      const written = await secondsOf(dirs.first, plan.first.at(-1)!);
      refuseTruncated(duration, written);
      done.first = 1;
      const first = await publishFirst(ctx, plan, dirs.first, written, overall());
      if (!first) {
        abort.abort();
        await restRun?.catch(() => undefined);
        return;
      }
      state = first;
      published = true;
    }
    if (!restRun) {
      // A retry with nothing left to make (the ladder has no top renditions): it is whole as it is.
      if (!publishing) await finishAsIs(ctx, row.id, row.source_key!, sourceBytes);
      return;
    }
    await restRun;
    refuseTruncated(duration, await secondsOf(dirs.rest, plan.rest.at(-1)!));
    await publishRest(ctx, plan, dirs.rest, state);
  } catch (err) {
    // Nothing is left burning a core for an upload whose transcode failed.
    abort.abort();
    await restRun?.catch(() => undefined);
    throw err;
  }
}

/**
 * A video playable already whose top renditions will not come (they failed for good): it keeps those it has,
 * its original goes and stops counting. Answers whether it was such a video.
 */
export async function finishAsIs(ctx: AppContext, fileId: string, sourceKey: string, sourceBytes: number) {
  const row = await repo.byId(ctx.db, fileId);
  if (row?.status !== 'processed' || row.progress >= 100) return false;
  if (await repo.update(ctx.db, fileId, { progress: 100, size_bytes: Math.max(0, row.size_bytes - sourceBytes) }))
    announce(ctx, row, 'processed', 100);
  await dropOriginal(ctx, fileId, sourceKey);
  return true;
}
