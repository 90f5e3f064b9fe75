import fs from 'node:fs';
import path from 'node:path';
import { STRIP_METADATA } from './ffmpeg';
import type { StoredRendition } from '../../db/schema/media';

/*
 * Adaptive streaming with ffmpeg: an HLS ladder of H.264/AAC renditions, each one fragmented MP4 file that its
 * playlist reads by byte ranges, the master playlist that lists them, and a strip of thumbnails for seeking.
 */

/** A rendition: its short side in pixels (portrait video too) and the bitrates it is capped at. */
export interface Rung {
  height: number;
  /** The most the video may take, in bits per second (capped CRF: simple pictures take less). */
  maxrate: number;
  audioBitrate: number;
}

/** The ladder's rungs, lowest first; 1080p only where the plan allows it. */
export const LADDER: readonly Rung[] = [
  { height: 144, maxrate: 150_000, audioBitrate: 64_000 },
  { height: 360, maxrate: 600_000, audioBitrate: 96_000 },
  { height: 720, maxrate: 2_000_000, audioBitrate: 96_000 },
  { height: 1080, maxrate: 4_500_000, audioBitrate: 96_000 },
];

/** Seconds per segment; every rendition has a keyframe at each boundary, so players switch between them there. */
export const SEGMENT_SECONDS = 4;

/** A rung at the source's own size is only worth its bytes when it is this much taller than the rung below. */
const OWN_SIZE_STEP = 1.25;

/**
 * The renditions a source of this short side gets: every rung up to it and to the plan's ceiling, never one
 * above the source (nothing is upscaled), and the source's own size when it falls well between two rungs below
 * the ceiling (a 240p source gets 144p and 240p). Always at least one: a source under 144p keeps its own size.
 */
export function ladderFor(sourceShortSide: number, ceiling: number): Rung[] {
  const top = Math.min(sourceShortSide, ceiling);
  const rungs = LADDER.filter((r) => r.height <= top);
  const own = Math.floor(top / 2) * 2;
  const below = rungs.at(-1);
  if (own >= 2 && (!below || (below.height < own && own >= below.height * OWN_SIZE_STEP))) {
    // Between two rungs: capped like the next rung down-scaled by area, at the next rung's audio.
    const next = LADDER.find((r) => r.height > own) ?? LADDER.at(-1)!;
    const maxrate = Math.round((next.maxrate * (own * own)) / (next.height * next.height) / 1000) * 1000;
    rungs.push({ height: own, maxrate: Math.max(maxrate, LADDER[0]!.maxrate), audioBitrate: next.audioBitrate });
  }
  return rungs;
}

export const rungName = (rung: Pick<Rung, 'height'>): string => `${rung.height}p`;

/** Scales to `short` pixels on the short side, aspect kept, even dimensions (after ffmpeg's own rotation). */
const scaleTo = (short: number) => `scale='if(gt(iw,ih),-2,${short})':'if(gt(iw,ih),${short},-2)'`;

/** The strip of thumbnails: one frame every `interval` seconds, `columns` to a row, each `width`×`height`. */
export interface ThumbnailLayout {
  interval: number;
  columns: number;
  rows: number;
  width: number;
  height: number;
}

/** At most this many thumbnails: a long video gets them further apart, the strip stays a small image. */
const MAX_THUMBNAILS = 100;
const THUMBNAIL_LONG_SIDE = 160;

/** How the thumbnails of a video of this displayed size and length are laid out. */
export function thumbnailLayout(width: number, height: number, duration: number | null): ThumbnailLayout {
  const interval = Math.max(2, Math.ceil((duration ?? 10 * MAX_THUMBNAILS) / MAX_THUMBNAILS));
  const count = Math.min(MAX_THUMBNAILS, Math.max(1, Math.ceil((duration ?? interval) / interval)));
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const landscape = width >= height;
  const ratio = width > 0 && height > 0 ? (landscape ? height / width : width / height) : 9 / 16;
  const columns = Math.min(10, count);
  return {
    interval,
    columns,
    rows: Math.ceil(count / columns),
    width: landscape ? THUMBNAIL_LONG_SIDE : even(THUMBNAIL_LONG_SIDE * ratio),
    height: landscape ? even(THUMBNAIL_LONG_SIDE * ratio) : THUMBNAIL_LONG_SIDE,
  };
}

/** What one ffmpeg run writes into `dir`: `<name>.m3u8` and `<name>.mp4` per rung, and `thumbnails.jpg` if asked. */
export interface LadderRun {
  input: string;
  dir: string;
  rungs: Rung[];
  /** The source's frame rate: above 30 the small renditions are brought down to 30 (half the bytes, same look). */
  frameRate: number | null;
  thumbnails?: ThumbnailLayout;
}

/** x264 settings shared by every rung, so their keyframes (and so their segments) line up. */
const videoCodec = (rung: Rung) => [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-profile:v',
  'main',
  '-crf',
  '23',
  '-maxrate',
  String(rung.maxrate),
  '-bufsize',
  String(rung.maxrate * 2),
  // A keyframe at every segment boundary by the clock, in every rung alike, and nowhere else.
  '-force_key_frames',
  `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
  '-sc_threshold',
  '0',
  '-g',
  '1000',
];

/**
 * One ffmpeg run that decodes the source once and encodes several rungs from it (a `split` filter), each as an
 * HLS rendition: a single fragmented MP4 (its init section first, playable on its own) and a VOD playlist of
 * byte ranges into it. The strip of thumbnails comes from the same decoded frames.
 */
export function ladderArgs(run: LadderRun): string[] {
  const branches = run.rungs.length + (run.thumbnails ? 1 : 0);
  const labels = Array.from({ length: branches }, (_, i) => `[s${i}]`);
  const filters = [`[0:v:0]split=${branches}${labels.join('')}`];
  run.rungs.forEach((rung, i) => {
    const fps = run.frameRate && run.frameRate > 30.5 && rung.height <= 360 ? ',fps=30' : '';
    filters.push(`[s${i}]${scaleTo(rung.height)}${fps},format=yuv420p[v${i}]`);
  });
  const t = run.thumbnails;
  if (t) {
    filters.push(
      `[s${run.rungs.length}]fps=1/${t.interval},scale=${t.width}:${t.height},format=yuvj420p,tile=${t.columns}x${t.rows}[thumbs]`,
    );
  }
  const outputs = run.rungs.flatMap((rung, i) => [
    '-map',
    `[v${i}]`,
    '-map',
    '0:a:0?',
    ...STRIP_METADATA,
    ...videoCodec(rung),
    '-c:a',
    'aac',
    '-b:a',
    String(rung.audioBitrate),
    '-ac',
    '2',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_flags',
    'single_file+independent_segments',
    '-hls_segment_filename',
    path.join(run.dir, `${rungName(rung)}.mp4`),
    path.join(run.dir, `${rungName(rung)}.m3u8`),
  ]);
  const strip = t
    ? [
        '-map',
        '[thumbs]',
        ...STRIP_METADATA,
        '-frames:v',
        '1',
        '-q:v',
        '5',
        '-update',
        '1',
        '-f',
        'image2',
        path.join(run.dir, 'thumbnails.jpg'),
      ]
    : [];
  return ['-i', run.input, '-filter_complex', filters.join(';'), ...outputs, ...strip];
}

/** A rendition's fragmented MP4 as an ordinary MP4 with its index first (a copy, no encode): `url` for old players. */
export const progressiveArgs = (input: string, output: string): string[] => [
  '-i',
  input,
  '-map',
  '0',
  '-c',
  'copy',
  ...STRIP_METADATA,
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
  output,
];

/**
 * One rendition as the master playlist lists it (what `media.renditions` keeps). `bandwidth` and
 * `averageBandwidth`: peak and average bits per second over its segments (HLS's BANDWIDTH and AVERAGE-BANDWIDTH).
 */
export type Variant = StoredRendition;

/** A VOD media playlist's segments: each one's length in seconds and size in bytes. */
export function segmentsOf(playlist: string): { seconds: number; bytes: number }[] {
  const out: { seconds: number; bytes: number }[] = [];
  let seconds: number | undefined;
  for (const line of playlist.split('\n')) {
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) seconds = Number(inf[1]);
    const range = /^#EXT-X-BYTERANGE:(\d+)/.exec(line);
    if (range && seconds !== undefined) {
      out.push({ seconds, bytes: Number(range[1]) });
      seconds = undefined;
    }
  }
  return out;
}

/**
 * How long a media playlist plays, in seconds: what the encoder really wrote (ffmpeg's own progress also counts
 * the thumbnail strip, one frame that stands for the whole length).
 */
export const playlistSeconds = (playlist: string): number =>
  segmentsOf(playlist).reduce((sum, s) => sum + s.seconds, 0);

/** Peak and average bitrate of a media playlist's segments. */
export function bandwidthOf(playlist: string): { peak: number; average: number } {
  const segments = segmentsOf(playlist).filter((s) => s.seconds > 0);
  const total = segments.reduce((sum, s) => ({ seconds: sum.seconds + s.seconds, bytes: sum.bytes + s.bytes }), {
    seconds: 0,
    bytes: 0,
  });
  // A short last segment says little about the rate: it is left out of the peak unless it is the only one.
  const full = segments.filter((s, i) => i < segments.length - 1 || s.seconds >= SEGMENT_SECONDS / 2);
  const peak = Math.max(0, ...(full.length ? full : segments).map((s) => (s.bytes * 8) / s.seconds));
  return { peak: Math.ceil(peak), average: total.seconds ? Math.ceil((total.bytes * 8) / total.seconds) : 0 };
}

/**
 * The RFC 6381 codec of the H.264 stream in an MP4's init section (`avc1.PPCCLL`, from its `avcC` box), and
 * AAC-LC's; what players check before they pick a rendition.
 */
export async function codecsOf(file: string, hasAudio: boolean): Promise<string> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const at = head.subarray(0, bytesRead).indexOf('avcC');
    const avc =
      at >= 0 && at + 8 <= bytesRead ? `avc1.${head.subarray(at + 5, at + 8).toString('hex')}` : 'avc1.4d401f';
    return hasAudio ? `${avc},mp4a.40.2` : avc;
  } finally {
    await handle.close();
  }
}

/**
 * The master playlist of these renditions. The first listed is where players that cannot measure the network
 * yet start (Safari): the tallest at most 360p, then the rest from the lowest up.
 */
export function masterPlaylist(variants: Variant[]): string {
  const sorted = [...variants].sort((a, b) => a.bandwidth - b.bandwidth);
  const start = [...sorted].reverse().find((v) => Math.min(v.width, v.height) <= 360) ?? sorted[0];
  const ordered = start ? [start, ...sorted.filter((v) => v !== start)] : [];
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of ordered) {
    const rate = v.frameRate ? `,FRAME-RATE=${v.frameRate.toFixed(3)}` : '';
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth},AVERAGE-BANDWIDTH=${v.averageBandwidth},RESOLUTION=${v.width}x${v.height},CODECS="${v.codecs}"${rate}`,
      `${v.name}.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const clock = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/**
 * The WebVTT that tells a player which part of the strip `image` shows each moment (`#xywh=`), the usual way
 * players take seek-bar thumbnails.
 */
export function thumbnailsVtt(layout: ThumbnailLayout, duration: number, image: string): string {
  const cells = layout.columns * layout.rows;
  const count = Math.max(1, Math.min(cells, Math.ceil(duration / layout.interval)));
  const cues = ['WEBVTT', ''];
  for (let i = 0; i < count; i++) {
    const start = i * layout.interval;
    const end = i === count - 1 ? Math.max(duration, start + 0.001) : (i + 1) * layout.interval;
    const x = (i % layout.columns) * layout.width;
    const y = Math.floor(i / layout.columns) * layout.height;
    cues.push(`${clock(start)} --> ${clock(end)}`, `${image}#xywh=${x},${y},${layout.width},${layout.height}`, '');
  }
  return cues.join('\n');
}
