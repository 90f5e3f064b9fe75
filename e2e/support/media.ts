import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Test media made with ffmpeg's generators (nothing binary in the repository). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-e2e-media-'));
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

export function image(name: string, size = '1200x800', pattern = 'testsrc2'): string {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) ffmpeg(['-f', 'lavfi', '-i', `${pattern}=size=${size}`, '-frames:v', '1', file]);
  return file;
}

export function audio(name = 'song.mp3', seconds = 3): string {
  const file = path.join(dir, name);
  if (!fs.existsSync(file))
    ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'libmp3lame', file]);
  return file;
}

export function video(name = 'clip.mp4', seconds = 3, size = '640x360'): string {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${size}:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=330:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ]);
  }
  return file;
}
