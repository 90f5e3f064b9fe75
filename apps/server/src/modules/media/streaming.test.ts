import fs from 'node:fs';
import path from 'node:path';
import { mediaApi, type MediaCheck } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { createCreatorAccount, subscribeToPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import {
  PRIVATE_TAGS,
  fixturesDir,
  gatedFfmpeg,
  makeAudio,
  makeTagged,
  makeVideo,
  masterRenditions,
  playlistUris,
  probeJson,
  probeTags,
} from '../../../test/media-fixtures';
import { finish, settle, uploadFile } from '../../../test/uploads';
import { cleanupMedia } from './media.jobs';

/*
 * Adaptive streaming (issue 32): a video becomes an HLS ladder up to its own size and the plan's ceiling, playable
 * once its first renditions are out; audio gets a low-data copy. Real ffmpeg and ffprobe throughout.
 */

const dir = fixturesDir();
const gate = gatedFfmpeg(dir, '720p.m3u8');
let s: TestServer;
let gated: TestServer;
/** Creators on the creator plan (720p at most) and on the studio plan (1080p). */
let creator: string;
let studio: string;
let gatedStudio: string;

async function creatorOn(server: TestServer, plan: string): Promise<string> {
  const person = await signedIn(server);
  await createCreatorAccount(server.ctx.db, person.user.id);
  await subscribeToPlan(server.ctx.db, person.user.id, plan);
  return person.token;
}

beforeAll(async () => {
  [s, gated] = await Promise.all([startTestServer(), startTestServer({ FFMPEG_PATH: gate.path })]);
  [creator, studio, gatedStudio] = await Promise.all([
    creatorOn(s, 'creator'),
    creatorOn(s, 'studio'),
    creatorOn(gated, 'studio'),
  ]);
}, 60_000);
afterAll(async () => {
  gate.open();
  await Promise.all([s?.close(), gated?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function uploadVideo(server: TestServer, token: string, size: string, seconds = 2): Promise<string> {
  const file = makeVideo(dir, `v-${size}-${Math.random().toString(36).slice(2)}.mp4`, { size, seconds });
  const res = await uploadFile(server, token, mediaApi.uploadVideo, file);
  expect(res.status).toBe(202);
  return res.body.file;
}

async function text(server: TestServer, url: string): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(new URL(url, server.url));
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** A served file saved locally, for ffprobe. */
async function saved(server: TestServer, url: string): Promise<string> {
  const res = await fetch(new URL(url, server.url));
  expect(res.status, url).toBe(200);
  const file = path.join(
    dir,
    `got-${Math.random().toString(36).slice(2)}${path.extname(new URL(url, server.url).pathname)}`,
  );
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

/** The renditions a finished video's master lists, each with its playlist, its file and what ffprobe finds in it. */
async function ladderOf(server: TestServer, done: MediaCheck) {
  const master = await text(server, done.hls_url!);
  expect(master.status).toBe(200);
  expect(master.headers.get('content-type')).toMatch(/mpegurl/);
  return Promise.all(
    masterRenditions(master.body).map(async (r) => {
      const playlistUrl = new URL(r.uri, new URL(done.hls_url!, server.url)).pathname;
      const playlist = await text(server, playlistUrl);
      const [file] = [...new Set(playlistUris(playlist.body))];
      const fileUrl = new URL(file!, new URL(playlistUrl, server.url)).pathname;
      const probed = probeJson(await saved(server, fileUrl));
      const video = probed.streams.find((x) => x.codec_type === 'video')!;
      return { ...r, playlist: playlist.body, fileUrl, probed, height: Math.min(video.width!, video.height!) };
    }),
  );
}

const heights = (ladder: { height: number }[]) => ladder.map((r) => r.height).sort((a, b) => a - b);

describe('video: an HLS ladder', () => {
  it('a 720p source lists 144p, 360p and 720p (never 1080p), each H.264/AAC at its size, with aligned 4 s segments and thumbnails', async () => {
    const file = await uploadVideo(s, studio, '1280x720', 9);
    const done = await finish(s, studio, file);
    expect(done).toMatchObject({ status: 'processed', progress: 100, error: null });
    expect(done.hls_url).toMatch(new RegExp(`^/uploads/video/\\d{4}/\\d{2}/${file}/master\\.m3u8$`));
    expect(done.url).toBe(done.hls_url!.replace('master.m3u8', 'video.mp4'));
    const ladder = await ladderOf(s, done);
    expect(heights(ladder)).toEqual([144, 360, 720]);
    // Players that cannot measure the network yet start with the first listed: 360p.
    expect(ladder[0]!.resolution).toBe('640x360');
    for (const r of ladder) {
      expect(r.probed.streams.map((x) => [x.codec_type, x.codec_name])).toEqual([
        ['video', 'h264'],
        ['audio', 'aac'],
      ]);
      expect(r.resolution).toBe(`${Math.round((r.height * 16) / 9 / 2) * 2}x${r.height}`);
      expect(r.codecs).toMatch(/^avc1\.4d[0-9a-f]{4},mp4a\.40\.2$/);
      expect(r.bandwidth).toBeGreaterThan(0);
      // Every rendition cut at the same moments: a player switches between them at any segment boundary.
      expect([...r.playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]).toFixed(1))).toEqual([
        '4.0',
        '4.0',
        '1.0',
      ]);
      expect(r.playlist).toMatch(/#EXT-X-MAP:URI="\d+p\.mp4",BYTERANGE="\d+@0"/);
    }
    // A segment is a byte range of the rendition's one file.
    const [, length, offset] = /#EXT-X-BYTERANGE:(\d+)@(\d+)/.exec(ladder[0]!.playlist)!;
    const part = await fetch(new URL(ladder[0]!.fileUrl, s.url), {
      headers: { range: `bytes=${offset}-${Number(offset) + Number(length) - 1}` },
    });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(Number(length));

    // Thumbnails: WebVTT cues pointing into one strip of 160 px frames, every 2 s.
    const vtt = await text(s, done.thumbnails_url!);
    expect(vtt.headers.get('content-type')).toMatch(/text\/vtt/);
    expect(vtt.body).toMatch(/^WEBVTT\n/);
    expect(vtt.body).toContain('00:00:02.000 --> 00:00:04.000\nthumbnails.jpg#xywh=160,0,160,90');
    const strip = await sharp(await saved(s, done.thumbnails_url!.replace('.vtt', '.jpg'))).metadata();
    expect([strip.width, strip.height]).toEqual([5 * 160, 90]);

    // Everything it stores counts against the quota.
    const [row] = await s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, file));
    const folder = path.join(s.dataDir, 'uploads', path.dirname(done.hls_url!.slice('/uploads/'.length)));
    const stored = fs.readdirSync(folder);
    expect(stored.sort()).toEqual(
      [
        '144p.m3u8',
        '144p.mp4',
        '360p.m3u8',
        '360p.mp4',
        '720p.m3u8',
        '720p.mp4',
        'master.m3u8',
        'poster.jpg',
        'thumbnails.jpg',
        'thumbnails.vtt',
        'video.mp4',
      ].sort(),
    );
    const bytes = stored.reduce((sum, name) => sum + fs.statSync(path.join(folder, name)).size, 0);
    expect(Math.abs(row!.size_bytes - bytes)).toBeLessThan(1000);
    expect(row!.source_key).toBeNull();
  }, 120_000);

  it('a 1080p source gets 1080p only on a plan that streams it; portrait too', async () => {
    const [onCreator, onStudio, portrait] = await Promise.all([
      uploadVideo(s, creator, '1920x1080'),
      uploadVideo(s, studio, '1920x1080'),
      uploadVideo(s, studio, '1080x1920'),
    ]);
    const creatorLadder = await ladderOf(s, await finish(s, creator, onCreator, 120_000));
    expect(heights(creatorLadder)).toEqual([144, 360, 720]);
    const studioLadder = await ladderOf(s, await finish(s, studio, onStudio, 120_000));
    expect(heights(studioLadder)).toEqual([144, 360, 720, 1080]);
    expect(studioLadder.map((r) => r.resolution).sort()).toEqual(['1280x720', '1920x1080', '256x144', '640x360']);
    const portraitLadder = await ladderOf(s, await finish(s, studio, portrait, 120_000));
    expect(portraitLadder.map((r) => r.resolution).sort()).toEqual(['1080x1920', '144x256', '360x640', '720x1280']);
  }, 240_000);

  it('a 240p source gets 144p and 240p, nothing above it; a tiny one keeps its own size', async () => {
    const small = await ladderOf(s, await finish(s, studio, await uploadVideo(s, studio, '426x240')));
    expect(heights(small)).toEqual([144, 240]);
    expect(small.map((r) => r.resolution).sort()).toEqual(['256x144', '426x240']);
    const tiny = await ladderOf(s, await finish(s, studio, await uploadVideo(s, studio, '160x96')));
    expect(tiny.map((r) => r.resolution)).toEqual(['160x96']);
  }, 120_000);

  it('renditions carry none of the upload’s own metadata', async () => {
    const res = await uploadFile(s, studio, mediaApi.uploadVideo, makeTagged(dir, 'tagged-hls.mp4', 'video'));
    const done = await finish(s, studio, res.body.file);
    for (const r of await ladderOf(s, done)) {
      const file = await saved(s, r.fileUrl);
      for (const tag of probeTags(file)) expect(tag).not.toMatch(/location|title|artist|comment|Inkwell/i);
      const bytes = fs.readFileSync(file).toString('latin1');
      for (const value of Object.values(PRIVATE_TAGS)) expect(bytes).not.toContain(value);
    }
  }, 60_000);

  it('is playable (processed, url and hls_url) once 144p and 360p are stored, while 720p is still being made', async () => {
    const heard: { status: string; progress: number }[] = [];
    const stop = gated.ctx.events.subscribe('media.progressed', (e) => {
      heard.push({ status: e.status, progress: e.progress });
    });
    const file = await uploadVideo(gated, gatedStudio, '1280x720', 3);
    // The 720p run is held by the gate: what the check answers now is the state between the two.
    const early = await settle(gated, gatedStudio, file);
    expect(early).toMatchObject({ status: 'processed', error: null });
    expect(early.progress).toBeLessThan(100);
    expect(early.url).toMatch(/\/video\.mp4$/);
    expect(early.hls_url).toMatch(/\/master\.m3u8$/);
    const before = await text(gated, early.hls_url!);
    expect(masterRenditions(before.body).map((r) => r.uri)).toEqual(['360p.m3u8', '144p.m3u8']);
    // The master playlist is read again soon (it will grow); everything else is immutable.
    expect(before.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await text(gated, early.url!)).headers.get('cache-control')).toContain('immutable');
    expect((await text(gated, early.hls_url!.replace('master', '720p'))).status).toBe(404);
    // The original stays (privately) for the renditions still to come.
    const [during] = await gated.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, file));
    expect(during!.source_key).not.toBeNull();

    gate.open();
    const done = await finish(gated, gatedStudio, file);
    expect(done).toMatchObject({ status: 'processed', progress: 100, url: early.url, hls_url: early.hls_url });
    const after = await text(gated, done.hls_url!);
    expect(masterRenditions(after.body).map((r) => r.uri)).toEqual(['360p.m3u8', '144p.m3u8', '720p.m3u8']);
    expect((await text(gated, done.hls_url!.replace('master', '720p'))).status).toBe(200);
    const [row] = await gated.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, file));
    expect(row!.source_key).toBeNull();
    // Its uploader heard it become playable below 100, then reach 100.
    await gated.ctx.events.drain();
    stop();
    const playable = heard.findIndex((e) => e.status === 'processed');
    expect(heard[playable]!.progress).toBeLessThan(100);
    expect(heard.findIndex((e) => e.progress === 100)).toBeGreaterThan(playable);
  }, 120_000);
});

describe('audio', () => {
  it('gets its AAC copy (96 kbps) and a low-data Opus copy of at most ~40 kbps', async () => {
    const res = await uploadFile(s, creator, mediaApi.uploadAudio, makeAudio(dir, 'talk.wav', 6));
    const done = await finish(s, creator, res.body.file);
    expect(done).toMatchObject({ status: 'processed', progress: 100, hls_url: null, thumbnails_url: null });
    expect(done.url).toMatch(/\/audio\.m4a$/);
    expect(done.low_data_url).toBe(done.url!.replace('audio.m4a', 'low.webm'));
    const main = probeJson(await saved(s, done.url!)) as ReturnType<typeof probeJson> & {
      format: { bit_rate: string };
    };
    const low = probeJson(await saved(s, done.low_data_url!)) as typeof main;
    expect(main.streams.map((x) => x.codec_name)).toEqual(['aac']);
    expect(Number(main.format.bit_rate)).toBeLessThan(110_000);
    expect(low.streams.map((x) => x.codec_name)).toEqual(['opus']);
    expect(Number(low.format.duration)).toBeCloseTo(6, 0);
    expect(Number(low.format.bit_rate)).toBeLessThanOrEqual(40_000);
  });
});

describe('cleanup', () => {
  it('removes every file of a deleted upload: renditions, playlists, thumbnails, poster, progressive copy', async () => {
    const file = await uploadVideo(s, studio, '1280x720');
    const done = await finish(s, studio, file);
    const folder = path.join(s.dataDir, 'uploads', path.dirname(done.hls_url!.slice('/uploads/'.length)));
    expect(fs.readdirSync(folder).length).toBeGreaterThan(8);
    const { deleted } = await cleanupMedia(s.ctx, new Date(Date.now() + 2 * 24 * 3600 * 1000));
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, file))).toEqual([]);
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
    expect((await fetch(new URL(done.hls_url!, s.url))).status).toBe(404);
  }, 60_000);
});
