import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** A small typed wrapper over the system's ffmpeg/ffprobe (Debian's ffmpeg 5+). */

export interface ProbeStream {
  codec_type: string;
  codec_name?: string;
  width?: number;
  height?: number;
  /** `30/1`, `30000/1001`; `0/0` when unknown. */
  avg_frame_rate?: string;
  r_frame_rate?: string;
  bit_rate?: string;
  /** A phone's portrait video is often stored sideways with a rotation to show it upright. */
  side_data_list?: { rotation?: number }[];
  tags?: Record<string, string>;
}

export interface Probe {
  formatName: string;
  duration: number | null;
  streams: ProbeStream[];
}

export class ProbeFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProbeFailed';
  }
}

/** ffmpeg was killed (a stopping or crashing worker): the job should run again, the file is not at fault. */
export class TranscodeInterrupted extends Error {
  constructor() {
    super('ffmpeg was interrupted');
    this.name = 'TranscodeInterrupted';
  }
}

export class TranscodeFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscodeFailed';
  }
}

/** Every running ffmpeg, so a stopping worker (or a test simulating a crash) can end them. */
const running = new Set<ChildProcess>();
export const killRunningTranscodes = (): void => running.forEach((child) => child.kill('SIGKILL'));

/**
 * On Linux each child is started through util-linux's `setpriv --pdeathsig KILL`, which execs it with the
 * kernel told to kill it when this process dies: a worker killed mid-transcode (SIGKILL, the OOM killer)
 * leaves no ffmpeg behind burning a core for a result nobody reads. Elsewhere the child is started as is.
 */
const SETPRIV = '/usr/bin/setpriv';
const diesWithParent = process.platform === 'linux' && fs.existsSync(SETPRIV);
const spawnTied = (command: string, args: string[]) =>
  diesWithParent
    ? spawn(SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });

/** How a run is started beside the others. */
export interface RunOptions {
  /** Ends the run (it then fails as interrupted): a sibling run failed and its work is wasted. */
  signal?: AbortSignal;
  /**
   * Its niceness (0–19): higher yields the CPU to every run at the normal 0. A video's top renditions run at 10
   * beside its first ones, so those (what makes it playable) go as fast as if alone, the rest using what they leave.
   */
  niceness?: number;
}

function collect(
  command: string,
  args: string[],
  onStdout?: (chunk: string) => void,
  timeoutSeconds?: number,
  options: RunOptions = {},
): Promise<{ code: number; signal: string | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      resolve({ code: 1, signal: 'SIGKILL', stdout: '', stderr: '', timedOut: false });
      return;
    }
    const child = spawnTied(command, args);
    running.add(child);
    if (options.niceness && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, options.niceness);
      } catch {
        // Gone already, or not allowed here: it runs at the normal priority, only less politely.
      }
    }
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    let timedOut = false;
    const timer =
      timeoutSeconds === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, timeoutSeconds * 1000);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      onStdout?.(chunk);
      if (stdout.length > 1_000_000) stdout = stdout.slice(-100_000);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-20_000);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      running.delete(child);
      options.signal?.removeEventListener('abort', abort);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      options.signal?.removeEventListener('abort', abort);
      resolve({ code: code ?? 1, signal, stdout, stderr, timedOut });
    });
  });
}

/** Frames per second from ffprobe's `30000/1001`; null when unknown. */
export function frameRateOf(stream: ProbeStream | undefined): number | null {
  for (const value of [stream?.avg_frame_rate, stream?.r_frame_rate]) {
    const [n, d] = (value ?? '').split('/').map(Number);
    if (n && d && Number.isFinite(n / d) && n / d > 0 && n / d < 1000) return n / d;
  }
  return null;
}

/** The size a video stream is shown at: stored sideways with a quarter turn, its sides swap. */
export function displaySize(stream: ProbeStream | undefined): { width: number; height: number } | null {
  if (!stream?.width || !stream.height) return null;
  const rotation =
    stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? Number(stream.tags?.rotate ?? 0);
  const sideways = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  return sideways ? { width: stream.height, height: stream.width } : { width: stream.width, height: stream.height };
}

export async function probe(ffprobe: string, file: string): Promise<Probe> {
  const { code, stdout, stderr } = await collect(ffprobe, [
    '-v',
    'error',
    '-show_format',
    '-show_streams',
    '-of',
    'json',
    file,
  ]);
  if (code !== 0) throw new ProbeFailed(stderr.trim().split('\n').at(-1) || 'unreadable media');
  const json = JSON.parse(stdout) as { format?: { format_name?: string; duration?: string }; streams?: ProbeStream[] };
  const duration = Number(json.format?.duration);
  return {
    formatName: json.format?.format_name ?? '',
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    streams: json.streams ?? [],
  };
}

/**
 * Runs ffmpeg with `-progress` on stdout, reporting the fraction done (0–1) from `out_time` against the
 * input's duration. Resolves with the length of what was written (the last `out_time`), in seconds. Past
 * `timeoutSeconds` the child is killed and the run fails (a file that would take longer is not retried forever).
 */
export async function runFfmpeg(
  ffmpeg: string,
  args: string[],
  durationSeconds: number | null,
  onProgress?: (fraction: number) => void,
  timeoutSeconds?: number,
  options: RunOptions = {},
): Promise<number | null> {
  let buffered = '';
  let written: number | null = null;
  const { code, signal, stderr, timedOut } = await collect(
    ffmpeg,
    ['-hide_banner', '-nostdin', '-y', '-progress', 'pipe:1', '-nostats', ...args],
    (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const [key, value] = line.split('=');
        if (key === 'out_time_us' || key === 'out_time_ms') {
          const us = Number(value);
          if (!Number.isFinite(us) || us <= 0) continue;
          written = us / 1e6;
          if (onProgress && durationSeconds) onProgress(Math.min(1, written / durationSeconds));
        }
      }
    },
    timeoutSeconds,
    options,
  );
  if (timedOut) throw new TranscodeFailed(`ffmpeg took longer than ${timeoutSeconds} s`);
  if (signal) throw new TranscodeInterrupted();
  if (code !== 0)
    throw new TranscodeFailed(stderr.trim().split('\n').slice(-3).join(' ') || `ffmpeg exited with ${code}`);
  return written;
}

/** At most 720 pixels on the short side, even dimensions, aspect kept. */
const SCALE_720 = "scale='if(gt(iw,ih),-2,min(720,iw))':'if(gt(iw,ih),min(720,ih),-2)'";

/**
 * Nothing of the upload's own metadata reaches the output: no global tags (location, title, artist,
 * comment, creation time …), no stream tags, no chapters, and no encoder tag from the muxer.
 */
export const STRIP_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'];

/**
 * H.264/AAC MP4, at most 720p on the short side (portrait phone video too), web-ready (faststart): what a video
 * became before adaptive streaming (hls.ts), kept as the benchmark's "before".
 */
export const videoArgs = (input: string, output: string): string[] => [
  '-i',
  input,
  '-map',
  '0:v:0',
  '-map',
  '0:a:0?',
  ...STRIP_METADATA,
  '-vf',
  `${SCALE_720},format=yuv420p`,
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-profile:v',
  'main',
  '-c:a',
  'aac',
  '-b:a',
  '128k',
  '-ac',
  '2',
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
  output,
];

/**
 * Audio's two copies from one decode: AAC at 96 kbps in an M4A container (plays everywhere), and the low-data
 * copy, Opus at 32 kbps in WebM. Opus rather than AAC at that rate: Debian's ffmpeg has no HE-AAC encoder, and
 * AAC-LC at 32 kbps is muffled where Opus still sounds whole; players without Opus keep the M4A.
 */
export const audioArgs = (input: string, output: string, lowData: string): string[] => [
  '-i',
  input,
  '-map',
  '0:a:0',
  '-vn',
  ...STRIP_METADATA,
  '-c:a',
  'aac',
  '-b:a',
  '96k',
  '-movflags',
  '+faststart',
  '-f',
  'ipod',
  output,
  '-map',
  '0:a:0',
  '-vn',
  ...STRIP_METADATA,
  '-c:a',
  'libopus',
  '-b:a',
  '32k',
  // Constrained: near 32 kbps throughout, as a low-data copy promises (free VBR spends more where it likes).
  '-vbr',
  'constrained',
  '-application',
  'audio',
  '-f',
  'webm',
  lowData,
];

/** One frame a second in (or the first frame of a shorter clip), as a JPEG poster in the video's size. */
export const posterArgs = (input: string, output: string, duration: number | null): string[] => [
  '-ss',
  String(duration && duration > 2 ? 1 : 0),
  '-i',
  input,
  '-frames:v',
  '1',
  ...STRIP_METADATA,
  '-vf',
  SCALE_720,
  '-q:v',
  '4',
  '-f',
  'image2',
  output,
];
