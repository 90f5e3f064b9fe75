import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config';
import { runFfmpeg, videoArgs } from '../../../apps/server/src/platform/media/ffmpeg';
import { createCreatorAccount, createUser, subscribeToPlan } from '../../../apps/server/src/seed/factories';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Transcode time through the whole pipeline (HTTP upload → probe → job → ffmpeg → poster → storage →
 * processed) against bare ffmpeg with the same arguments on the same 10 s 720p clip.
 */
export async function media(args: string[]): Promise<void> {
  const rounds = Number(args[0] ?? 5);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-bench-media-'));
  const clip = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30:duration=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=10',
    '-c:v',
    'libx264',
    '-preset',
    'medium',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    clip,
  ]);

  const config = loadConfig({
    DATA_DIR: path.join(dir, 'data'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    RATE_LIMIT_SCALE: '0',
  });
  const { app, ctx } = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  // Audio and video are for creators with room for them in their plan.
  const user = await createUser(ctx.db);
  await createCreatorAccount(ctx.db, user.id);
  await subscribeToPlan(ctx.db, user.id, 'studio');
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, device_name: 'bench' }),
  });
  const { token } = (await login.json()) as { token: string };
  const body = fs.readFileSync(clip);

  // Bare and pipeline runs alternate, so load on the machine affects both alike.
  const bare: number[] = [];
  const pipeline: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const bareStart = performance.now();
    await runFfmpeg('ffmpeg', videoArgs(clip, path.join(dir, `bare-${i}.mp4`)), 10);
    bare.push(performance.now() - bareStart);

    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([body]), 'clip.mp4');
    const up = await fetch(`${base}/api/upload/video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { file } = (await up.json()) as { file: string };
    for (;;) {
      const check = (await (
        await fetch(`${base}/api/upload/check?file=${file}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        status: string;
      };
      if (check.status !== 'processing') break;
      // The web app polls every 20 s; a light poll here keeps the measurement honest without loading the CPU.
      await new Promise((r) => setTimeout(r, 100));
    }
    pipeline.push(performance.now() - started);
  }
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const b = median(bare);
  const p = median(pipeline);
  console.log(`10 s 720p clip, ${rounds} rounds (median):`);
  console.log(`  bare ffmpeg:  ${(b / 1000).toFixed(2)} s`);
  console.log(`  pipeline:     ${(p / 1000).toFixed(2)} s  (upload, probe, queue, transcode, poster, store)`);
  console.log(`  ratio:        ${(p / b).toFixed(3)}  (goal ≤ 1.1)`);
}
