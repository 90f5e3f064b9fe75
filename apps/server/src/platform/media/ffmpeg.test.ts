import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { alive } from '../../../test/processes';

describe('ffmpeg dies with its worker (issue 25: an orphan kept burning a core)', () => {
  it.runIf(process.platform === 'linux')(
    'a worker killed with SIGKILL leaves no ffmpeg behind',
    async () => {
      const holder = spawn(process.execPath, ['--import', 'tsx', 'test/ffmpeg-holder.ts'], {
        cwd: new URL('../../../', import.meta.url).pathname,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const pids = await new Promise<number[]>((resolve, reject) => {
        let out = '';
        holder.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          const match = /children ([\d,]+)/.exec(out);
          if (match) resolve(match[1]!.split(',').map(Number));
        });
        holder.once('exit', () => reject(new Error(`the holder ended early: ${out}`)));
      });
      expect(pids.length).toBeGreaterThan(0);
      expect(pids.every(alive)).toBe(true);
      holder.kill('SIGKILL');
      const deadline = Date.now() + 5000;
      while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(pids.filter(alive)).toEqual([]);
    },
    30_000,
  );
});
