import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

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

/** `bitrate` (say `900k`) makes a file of a known size: `seconds × bitrate / 8` bytes, near enough. */
export function video(name = 'clip.mp4', seconds = 3, size = '640x360', bitrate?: string): string {
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
      ...(bitrate ? ['-b:v', bitrate, '-maxrate', bitrate, '-bufsize', bitrate] : []),
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

/**
 * Notes every text a status line ever shows. A short file can finish transcoding between two of Playwright's
 * visibility polls, so a transient state is recorded as the page renders it instead.
 */
export async function recordStatuses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenStatuses: string[] }).seenStatuses = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="status"]')) {
        const text = el.textContent ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export const seenStatuses = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { seenStatuses: string[] }).seenStatuses);
