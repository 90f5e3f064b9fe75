import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config';
import { REST_NICENESS, videoRuns } from '../../../apps/server/src/modules/media';
import { ladderArgs, ladderFor } from '../../../apps/server/src/platform/media/hls';
import { runFfmpeg, videoArgs } from '../../../apps/server/src/platform/media/ffmpeg';
import { createCreatorAccount, createUser, subscribeToPlan } from '../../../apps/server/src/seed/factories';

/*
 * Adaptive streaming (issue 32) on a 60 s 720p clip, through the whole pipeline (HTTP upload → probe → job →
 * ffmpeg → storage → processed) against bare ffmpeg:
 *
 * - upload resume overhead: a resumable (tus) upload in 1 MiB chunks cut once mid-chunk and resumed, against one
 *   multipart POST of the same file (jobs off: the upload alone);
 * - time to the first playable rendition: upload until the master playlist lists its first renditions;
 * - total transcode time (from the upload taken to the last rendition listed) ÷ bare ffmpeg running the same
 *   ladder's arguments the same way (first renditions and top ones side by side, the top at a lower priority);
 *   and ÷ the whole ladder in one ffmpeg run, the cheapest way to make it, which shows what publishing the
 *   first renditions early costs (a second decode of the source: about a tenth);
 * - bytes a reader downloads to watch it at 144p (master and 144p playlists, the 144p file), against the one
 *   720p MP4 every reader downloaded before (today's `videoArgs`).
 */

const SECONDS = 60;
const CHUNK = 1024 * 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function makeClip(dir: string): string {
  const clip = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'medium', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart'],
    clip,
  ]);
  return clip;
}

async function start(dir: string, name: string, env: Record<string, string> = {}) {
  const dataDir = path.join(dir, name);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', RATE_LIMIT_SCALE: '0', ...env });
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
  return { app, ctx, base, token, dataDir };
}

type Server = Awaited<ReturnType<typeof start>>;

async function multipart(server: Server, body: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([body]), 'clip.mp4');
  const res = await fetch(`${server.base}/api/upload/video`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
    body: form,
  });
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { file: string }).file;
}

/** A tus upload in 1 MiB PATCHes; the middle one's connection drops halfway, then it resumes from HEAD's offset. */
async function resumable(server: Server, body: Buffer): Promise<void> {
  const auth = { authorization: `Bearer ${server.token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${server.base}/api/uploads/tus`, {
    method: 'POST',
    headers: {
      ...auth,
      'upload-length': String(body.length),
      'upload-metadata': `kind ${Buffer.from('video').toString('base64')},filename ${Buffer.from('clip.mp4').toString('base64')}`,
    },
  });
  const url = `${server.base}${created.headers.get('location')}`;
  const cutAt = Math.floor(body.length / CHUNK / 2) * CHUNK;
  let offset = 0;
  while (offset < body.length) {
    if (offset === cutAt) {
      await cutPatch(server, url, offset, body.subarray(offset, offset + CHUNK));
      offset = Number((await fetch(url, { method: 'HEAD', headers: auth })).headers.get('upload-offset'));
      continue;
    }
    const chunk = body.subarray(offset, offset + CHUNK);
    const res = await fetch(url, {
      method: 'PATCH',
      headers: { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: chunk,
    });
    if (res.status >= 300) throw new Error(`PATCH answered ${res.status}: ${await res.text()}`);
    offset = Number(res.headers.get('upload-offset'));
  }
}

/** Sends half of a chunk, waits until the server has it on disk, and drops the connection as a lost network does. */
async function cutPatch(server: Server, url: string, offset: number, chunk: Buffer): Promise<void> {
  const target = new URL(url);
  const req = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${server.token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(chunk.length),
    },
  });
  const ended = new Promise<void>((resolve) => {
    req.on('error', () => resolve());
    req.on('close', () => resolve());
  });
  const half = Math.floor(chunk.length / 2);
  req.write(chunk.subarray(0, half));
  const partial = path.join(server.dataDir, 'tus', target.pathname.split('/').pop()!);
  while (!fs.existsSync(partial) || fs.statSync(partial).size < offset + half)
    await new Promise((r) => setTimeout(r, 5));
  req.destroy();
  await ended;
}

/** Polls the upload check; answers when it became playable and when it ended (ms from `started`). */
async function watch(server: Server, file: string, started: number) {
  let playable: number | undefined;
  for (;;) {
    const check = (await (
      await fetch(`${server.base}/api/upload/check?file=${file}`, {
        headers: { authorization: `Bearer ${server.token}` },
      })
    ).json()) as { status: string; progress: number; hls_url: string | null };
    if (check.status === 'failed') throw new Error('transcode failed');
    if (check.status === 'processed' && playable === undefined) playable = performance.now() - started;
    if (check.status === 'processed' && check.progress === 100)
      return { playable: playable!, total: performance.now() - started, hls: check.hls_url! };
    // A light poll keeps the measurement honest without loading the CPU (the web app is told by a socket).
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The ladder's runs as the pipeline starts them, bare: ms to the first renditions (and the progressive copy), and to all. */
async function bareLadder(clip: string, out: string) {
  const dirs = { first: path.join(out, 'first'), rest: path.join(out, 'rest') };
  for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
  const runs = videoRuns({ path: clip, width: 1280, height: 720, frameRate: 30, duration: SECONDS }, dirs, 1080);
  const started = performance.now();
  const rest = runs.restArgs
    ? runFfmpeg('ffmpeg', runs.restArgs, SECONDS, undefined, undefined, { niceness: REST_NICENESS })
    : Promise.resolve(null);
  await Promise.all([runFfmpeg('ffmpeg', runs.firstArgs, SECONDS), runFfmpeg('ffmpeg', runs.posterArgs, null)]);
  await runFfmpeg('ffmpeg', runs.progressiveArgs, null);
  const first = performance.now() - started;
  await rest;
  return { first, total: performance.now() - started };
}

/** The same renditions and thumbnails in one ffmpeg run (one decode, nothing early), with the poster beside it. */
async function bareOneRun(clip: string, out: string): Promise<number> {
  fs.mkdirSync(out, { recursive: true });
  const runs = videoRuns(
    { path: clip, width: 1280, height: 720, frameRate: 30, duration: SECONDS },
    { first: out, rest: out },
    1080,
  );
  const started = performance.now();
  await Promise.all([
    runFfmpeg(
      'ffmpeg',
      ladderArgs({ input: clip, dir: out, rungs: ladderFor(720, 1080), frameRate: 30, thumbnails: runs.layout }),
      SECONDS,
    ),
    runFfmpeg('ffmpeg', runs.posterArgs, null),
  ]);
  return performance.now() - started;
}

export async function media(args: string[]): Promise<void> {
  const rounds = Number(args[0] ?? 3);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-bench-media-'));
  const clip = makeClip(dir);
  const body = fs.readFileSync(clip);

  // The upload alone: no transcodes competing for the CPU.
  const uploads = await start(dir, 'uploads', { JOBS: 'off' });
  const posted: number[] = [];
  const resumed: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    await multipart(uploads, body);
    posted.push(performance.now() - t);
    t = performance.now();
    await resumable(uploads, body);
    resumed.push(performance.now() - t);
  }
  await uploads.app.close();

  const server = await start(dir, 'pipeline');
  // Bare and pipeline runs alternate, so load on the machine affects them alike.
  const before: number[] = [];
  const oneRun: number[] = [];
  const bare: { first: number; total: number }[] = [];
  const piped: { playable: number; total: number; transcode: number }[] = [];
  let beforeBytes = 0;
  let hls = '';
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    const old = path.join(dir, `before-${i}.mp4`);
    await runFfmpeg('ffmpeg', videoArgs(clip, old), SECONDS);
    before.push(performance.now() - t);
    beforeBytes = fs.statSync(old).size;
    bare.push(await bareLadder(clip, path.join(dir, `bare-${i}`)));
    oneRun.push(await bareOneRun(clip, path.join(dir, `one-${i}`)));
    t = performance.now();
    const file = await multipart(server, body);
    // Transcoding starts once the upload is taken: the ratios leave the upload out, as bare ffmpeg has none.
    const accepted = performance.now() - t;
    const seen = await watch(server, file, t);
    piped.push({ ...seen, transcode: seen.total - accepted });
    hls = seen.hls;
  }
  const folder = path.join(server.dataDir, 'uploads', path.dirname(hls.slice('/uploads/'.length)));
  const bytesOf = (...names: string[]) => names.reduce((sum, n) => sum + fs.statSync(path.join(folder, n)).size, 0);
  const at144 = bytesOf('master.m3u8', '144p.m3u8', '144p.mp4');
  const at360 = bytesOf('master.m3u8', '360p.m3u8', '360p.mp4');
  const stored = fs.readdirSync(folder).reduce((sum, n) => sum + fs.statSync(path.join(folder, n)).size, 0);
  await server.app.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const post = median(posted);
  const resume = median(resumed);
  const pipeFirst = median(piped.map((p) => p.playable));
  const pipeTotal = median(piped.map((p) => p.total));
  const pipeTranscode = median(piped.map((p) => p.transcode));
  const bareFirst = median(bare.map((b) => b.first));
  const bareTotal = median(bare.map((b) => b.total));
  const one = median(oneRun);
  const rows: [string, string, string][] = [
    ['upload: one multipart POST', s(post), `${mb(body.length)} source`],
    [
      'upload: tus, 1 MiB chunks, cut once and resumed',
      s(resume),
      `overhead ${((resume / post - 1) * 100).toFixed(0)} %`,
    ],
    ['first playable (upload → master with 144p, 360p)', s(pipeFirst), `bare ffmpeg ${s(bareFirst)}`],
    ['all renditions (upload → 720p listed)', s(pipeTotal), `bare, same runs ${s(bareTotal)}`],
    ['transcode (upload taken → 720p listed)', s(pipeTranscode), ''],
    ['  ÷ bare ffmpeg, same arguments (goal ≤ 1.15)', (pipeTranscode / bareTotal).toFixed(3), `bare ${s(bareTotal)}`],
    ['  ÷ bare ffmpeg, whole ladder in one run', (pipeTranscode / one).toFixed(3), `one run ${s(one)}`],
    ['before: one 720p MP4 (videoArgs)', s(median(before)), mb(beforeBytes)],
    ['bytes to watch at 144p (goal ≤ 15 % of before)', mb(at144), `${((at144 / beforeBytes) * 100).toFixed(1)} %`],
    ['bytes to watch at 360p', mb(at360), `${((at360 / beforeBytes) * 100).toFixed(1)} %`],
    ['stored for the upload (quota)', mb(stored), `${((stored / beforeBytes) * 100).toFixed(0)} % of before`],
  ];
  console.log(`60 s 720p clip, ${rounds} rounds (median), ${os.cpus().length} CPUs:`);
  for (const [what, value, note] of rows) console.log(`  ${what.padEnd(52)} ${value.padStart(8)}  ${note}`);
}
