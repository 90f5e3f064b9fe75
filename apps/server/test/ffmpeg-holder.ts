// A stand-in worker for ffmpeg.test.ts: starts a long ffmpeg through the app's wrapper, says its pid, waits.
import { execFileSync } from 'node:child_process';
import { runFfmpeg } from '../src/platform/media/ffmpeg';

void runFfmpeg(
  'ffmpeg',
  ['-f', 'lavfi', '-i', 'testsrc=duration=600:size=320x240:rate=25', '-f', 'null', '-'],
  600,
).catch(() => undefined);
setTimeout(() => {
  const children = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  const ffmpeg = children
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, name]) => name === 'ffmpeg')
    .map(([pid]) => pid);
  console.log(`children ${ffmpeg.join(',')}`);
}, 500);
setInterval(() => undefined, 1000);
