import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** A small typed wrapper over the system's ffmpeg/ffprobe (Debian's ffmpeg 5+). */

export interface ProbeStream {
  codec_type: string;
  codec_name?: string;
  width?: number;
  height?: number;
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

function collect(
  command: string,
  args: string[],
  onStdout?: (chunk: string) => void,
  timeoutSeconds?: number,
): Promise<{ code: number; signal: string | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawnTied(command, args);
    running.add(child);
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
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code: code ?? 1, signal, stdout, stderr, timedOut });
    });
  });
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
const STRIP_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'];

/** H.264/AAC MP4, at most 720p on the short side (portrait phone video too), web-ready (faststart). */
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

/** AAC in an M4A container. */
export const audioArgs = (input: string, output: string): string[] => [
  '-i',
  input,
  '-map',
  '0:a:0',
  '-vn',
  ...STRIP_METADATA,
  '-c:a',
  'aac',
  '-b:a',
  '128k',
  '-movflags',
  '+faststart',
  '-f',
  'ipod',
  output,
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
