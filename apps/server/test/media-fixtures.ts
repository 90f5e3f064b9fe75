import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** Media made on the spot with ffmpeg's test sources and sharp: nothing binary is committed. */
export function fixturesDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-media-'));
}

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

export function makeVideo(
  dir: string,
  name: string,
  opts: {
    size?: string;
    seconds?: number;
    codec?: 'h264' | 'mpeg4' | 'flv';
    audio?: boolean;
    faststart?: boolean;
  } = {},
): string {
  const file = path.join(dir, name);
  const { size = '640x360', seconds = 2, codec = 'h264', audio = true, faststart = true } = opts;
  const video =
    codec === 'h264'
      ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'ultrafast']
      : codec === 'mpeg4'
        ? ['-c:v', 'mpeg4']
        : ['-c:v', 'flv1'];
  const sound = audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : [];
  const soundCodec = audio ? (codec === 'h264' ? ['-c:a', 'aac'] : ['-c:a', 'libmp3lame', '-ar', '44100']) : [];
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=25:duration=${seconds}`,
    ...sound,
    ...video,
    ...soundCodec,
    ...(faststart && name.endsWith('.mp4') ? ['-movflags', '+faststart'] : []),
    '-shortest',
    file,
  ]);
  return file;
}

export function makeAudio(dir: string, name: string, seconds = 2): string {
  const file = path.join(dir, name);
  const codec = name.endsWith('.mp3')
    ? ['-c:a', 'libmp3lame']
    : name.endsWith('.wav')
      ? ['-c:a', 'pcm_s16le']
      : ['-c:a', 'aac', '-f', 'mp4'];
  ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`, ...codec, file]);
  return file;
}

/** A JPEG carrying EXIF with GPS coordinates, as a phone camera writes it. */
export async function makeJpegWithGps(dir: string, width = 1200, height = 900): Promise<string> {
  const file = path.join(dir, `photo-${width}x${height}.jpg`);
  await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'InkwellCam', Model: 'Test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '16/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '96/1 9/1 0/1' },
    })
    .toFile(file);
  return file;
}

export async function makePng(dir: string, width: number, height: number): Promise<string> {
  const file = path.join(dir, `image-${width}x${height}.png`);
  await sharp({ create: { width, height, channels: 4, background: { r: 250, g: 200, b: 20, alpha: 1 } } })
    .png()
    .toFile(file);
  return file;
}

export function probeJson(file: string): {
  format: { format_name: string; duration: string };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
} {
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]).toString(),
  );
}

/** Random noise compresses badly: a large file for size limits. */
export async function makeNoisyPng(dir: string, width: number, height: number): Promise<string> {
  const file = path.join(dir, `noise-${width}x${height}.png`);
  await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toFile(file);
  return file;
}

/** What a phone or an editor writes into a file: where it was made, and who and what it is. */
export const PRIVATE_TAGS = {
  location: '+16.7760+096.1500/',
  title: 'Inkwell secret title',
  artist: 'Inkwell secret artist',
  comment: 'Inkwell secret comment',
};

/**
 * Audio or video carrying `PRIVATE_TAGS` as global tags, a stream title and a named chapter (mp4), made with
 * ffmpeg's test sources like the others.
 */
export function makeTagged(dir: string, name: string, kind: 'audio' | 'video', seconds = 2): string {
  const file = path.join(dir, name);
  const chapters = path.join(dir, `${name}.ffmeta`);
  fs.writeFileSync(
    chapters,
    `;FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=${seconds * 1000}\ntitle=Inkwell secret chapter\n`,
  );
  const tags = Object.entries(PRIVATE_TAGS).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  const sources = kind === 'video' ? ['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${seconds}`] : [];
  const sound = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  const inputs = kind === 'video' ? 2 : 1;
  const isMp4 = name.endsWith('.mp4') || name.endsWith('.m4a');
  const codecs =
    kind === 'video'
      ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'ultrafast', '-c:a', 'aac']
      : name.endsWith('.mp3')
        ? ['-c:a', 'libmp3lame']
        : ['-c:a', 'aac', '-f', 'mp4'];
  ffmpeg([
    ...sources,
    ...sound,
    '-f',
    'ffmetadata',
    '-i',
    chapters,
    ...(isMp4 ? ['-map_chapters', String(inputs)] : []),
    ...(kind === 'video' ? ['-map', '0:v', '-map', '1:a'] : ['-map', '0:a']),
    ...tags,
    '-metadata:s:a:0',
    `title=${PRIVATE_TAGS.title}`,
    ...codecs,
    '-shortest',
    file,
  ]);
  return file;
}

/** Every tag and chapter title ffprobe finds in a file, as `key=value` lines. */
export function probeTags(file: string): string[] {
  const json = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_format',
      '-show_streams',
      '-show_chapters',
      '-of',
      'json',
      file,
    ]).toString(),
  ) as {
    format?: { tags?: Record<string, string> };
    streams?: { tags?: Record<string, string> }[];
    chapters?: { tags?: Record<string, string> }[];
  };
  return [json.format, ...(json.streams ?? []), ...(json.chapters ?? [])].flatMap((x) =>
    Object.entries(x?.tags ?? {}).map(([k, v]) => `${k}=${v}`),
  );
}

/**
 * An ffmpeg that holds every run whose arguments name `pattern` (a video's top rendition, `720p.m3u8`) until
 * `open()`: what a video looks like while its first renditions are out and the rest are still being made.
 */
export function gatedFfmpeg(dir: string, pattern: string): { path: string; open: () => void } {
  const gate = path.join(dir, `gate-${Math.random().toString(36).slice(2)}`);
  const script = path.join(dir, `ffmpeg-gated-${path.basename(gate)}.sh`);
  fs.writeFileSync(
    script,
    `#!/bin/sh\ncase "$*" in *${pattern}*) while [ ! -e '${gate}' ]; do sleep 0.05; done;; esac\nexec ffmpeg "$@"\n`,
    { mode: 0o755 },
  );
  return { path: script, open: () => fs.writeFileSync(gate, '') };
}

/** An HLS master playlist's renditions: each one's playlist URI and attributes, as listed. */
export function masterRenditions(
  text: string,
): { uri: string; resolution: string; bandwidth: number; codecs: string }[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return [];
    return [
      {
        uri: lines[i + 1]!.trim(),
        resolution: /RESOLUTION=(\d+x\d+)/.exec(line)?.[1] ?? '',
        bandwidth: Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1]),
        codecs: /CODECS="([^"]+)"/.exec(line)?.[1] ?? '',
      },
    ];
  });
}

/** Every URI a media playlist names (its init section's and its segments'), in order. */
export function playlistUris(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    if (line.startsWith('#')) return [...line.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!);
    return line.trim() ? [line.trim()] : [];
  });
}
