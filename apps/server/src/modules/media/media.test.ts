import fs from 'node:fs';
import path from 'node:path';
import { mediaApi } from '@inkwell/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mediaFiles } from '../../db/schema';
import { createCreatorAccount, subscribeToPlan } from '../../../test/factories';
import { settle, uploadFile, type UploadEndpoint } from '../../../test/uploads';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import {
  PRIVATE_TAGS,
  fixturesDir,
  makeAudio,
  makeJpegWithGps,
  makeNoisyPng,
  makePng,
  makeTagged,
  makeVideo,
  probeJson,
  probeTags,
} from '../../../test/media-fixtures';
import { killRunningTranscodes } from '../../platform/media/ffmpeg';

let s: TestServer;
let small: TestServer;
let token: string;
let smallToken: string;
const dir = fixturesDir();

beforeAll(async () => {
  [s, small] = await Promise.all([
    startTestServer({}, {}),
    startTestServer({ MEDIA_MAX_IMAGE_MB: '0.05', MEDIA_MAX_VIDEO_MB: '0.05', MEDIA_MAX_AUDIO_MB: '0.05' }),
  ]);
  [token, smallToken] = await Promise.all([creator(s), creator(small)]);
});

/** Audio and video are for people who can compose, with room in their plan. */
async function creator(server: TestServer): Promise<string> {
  const person = await signedIn(server);
  await createCreatorAccount(server.ctx.db, person.user.id);
  await subscribeToPlan(server.ctx.db, person.user.id, 'studio');
  return person.token;
}
afterAll(async () => {
  await Promise.all([s?.close(), small?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload = <E extends UploadEndpoint>(
  server: TestServer,
  auth: string,
  endpoint: E,
  file: string,
  fields: Record<string, string> = {},
  field = 'file',
  name?: string,
) => uploadFile(server, auth, endpoint, file, { fields, field, name });

/** The served file, saved locally for probing. */
async function fetchToFile(server: TestServer, url: string, name: string) {
  const res = await fetch(`${server.url}${url}`);
  expect(res.status).toBe(200);
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return { file, res };
}

/** Files anywhere under the data folder with exactly these bytes (an original kept somewhere). */
const copiesOf = (server: TestServer, bytes: Buffer): string[] =>
  filesUnder(server.dataDir).filter((f) => {
    // Another upload's transcode may remove its scratch files between the listing and the read.
    try {
      return fs.statSync(f).size === bytes.length && fs.readFileSync(f).equals(bytes);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  });

const filesUnder = (root: string): string[] =>
  fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
    : [];

describe('images', () => {
  it.each([
    ['squares', 1080, 1080],
    ['profiles', 512, 512],
    ['covers', 1600, 800],
    ['photos', 1200, 900],
  ])('%s come out %ix%i WebP with the GPS gone', async (kind, width, height) => {
    const photo = await makeJpegWithGps(dir);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(s, token, mediaApi.uploadImage, photo, { type: kind }, 'url');
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(
      new RegExp(`^/uploads/images/${kind}/\\d{4}/\\d{2}/[0-9a-f]{32}-${width}x${height}\\.webp$`),
    );
    const { file, res: served } = await fetchToFile(s, res.body.url, `${kind}.webp`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it('photos keep their proportions, bounded to 2048 on the long edge', async () => {
    const big = await makePng(dir, 3000, 2000);
    const res = await upload(s, token, mediaApi.uploadImage, big, { type: 'photos' }, 'url');
    const meta = await sharp((await fetchToFile(s, res.body.url, 'big.webp')).file).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 1365]);
  });

  it('refuses what is not an image (415), a missing type (422) and an oversize file (413), keeping nothing', async () => {
    const text = path.join(dir, 'notes.png');
    fs.writeFileSync(text, 'just some text, not a picture');
    const bad = await upload(s, token, mediaApi.uploadImage, text, { type: 'photos' }, 'url');
    expect(bad.status).toBe(415);
    expect(bad.error.message).toMatch(/not an image/);
    const svg = path.join(dir, 'x.svg');
    fs.writeFileSync(
      svg,
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    expect((await upload(s, token, mediaApi.uploadImage, svg, { type: 'photos' }, 'url')).status).toBe(415);
    const photo = await makeJpegWithGps(dir);
    const noType = await upload(s, token, mediaApi.uploadImage, photo, { type: 'banners' }, 'url');
    expect(noType.status).toBe(422);
    expect(noType.error.errors!.type).toBeDefined();

    const before = filesUnder(path.join(small.dataDir, 'uploads')).length;
    const huge = await makeNoisyPng(dir, 600, 600);
    expect(fs.statSync(huge).size).toBeGreaterThan(100_000);
    const tooBig = await upload(small, smallToken, mediaApi.uploadImage, huge, { type: 'photos' }, 'url');
    expect(tooBig.status).toBe(413);
    expect(tooBig.error.message).toBe('This is too large to upload.');
    expect(filesUnder(path.join(small.dataDir, 'uploads')).length).toBe(before);
  });

  it('needs a session', async () => {
    const photo = await makeJpegWithGps(dir);
    const form = new FormData();
    form.append('type', 'photos');
    form.append('url', new Blob([fs.readFileSync(photo)]), 'a.jpg');
    expect((await s.call(mediaApi.uploadImage, { payload: form })).status).toBe(401);
  });
});

describe('audio', () => {
  it.each(['tone.mp3', 'tone.wav', 'tone.m4a'])('%s is transcoded to AAC with its duration', async (name) => {
    const source = makeAudio(dir, name, 2);
    const res = await upload(s, token, mediaApi.uploadAudio, source);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ file: expect.stringMatching(/^[0-9a-f]{32}$/), status: 'processing' });
    const done = await settle(s, token, res.body.file);
    expect(done).toMatchObject({ status: 'processed', progress: 100, error: null });
    expect(done.duration).toBeCloseTo(2, 0);
    const { file, res: served } = await fetchToFile(s, done.url!, `${name}.m4a`);
    expect(served.headers.get('content-type')).toMatch(/audio\/mp4/);
    const probed = probeJson(file);
    expect(probed.streams.map((x) => [x.codec_type, x.codec_name])).toEqual([['audio', 'aac']]);
    expect(Number(probed.format.duration)).toBeCloseTo(2, 0);
  });

  it('refuses a PNG named .mp3 and a video without sound, with a clear 415', async () => {
    const png = await makePng(dir, 20, 20);
    const res = await upload(s, token, mediaApi.uploadAudio, png, {}, 'file', 'song.mp3');
    expect(res.status).toBe(415);
    expect(res.error.message).toMatch(/not audio we can use/);
    const videoOnly = makeVideo(dir, 'silent.mp4', { audio: false });
    expect((await upload(s, token, mediaApi.uploadAudio, videoOnly)).status).toBe(415);
  });
});

describe('video', () => {
  it.each([
    ['clip.mp4', { codec: 'h264' as const }],
    ['clip.avi', { codec: 'mpeg4' as const }],
    ['clip.flv', { codec: 'flv' as const }],
  ])('%s becomes H.264/AAC MP4 with faststart, a poster and its duration', async (name, opts) => {
    const source = makeVideo(dir, name, { ...opts, seconds: 2 });
    const res = await upload(s, token, mediaApi.uploadVideo, source);
    expect(res.status).toBe(202);
    const done = await settle(s, token, res.body.file);
    expect(done).toMatchObject({ status: 'processed', progress: 100 });
    expect(done.duration).toBeCloseTo(2, 0);
    expect(done.poster_url).toMatch(/\.jpg$/);
    const { file } = await fetchToFile(s, done.url!, `${name}.out.mp4`);
    const probed = probeJson(file);
    expect(probed.streams.map((x) => [x.codec_type, x.codec_name])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    // faststart: the index (moov) comes before the media data (mdat).
    const head = fs.readFileSync(file).subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(fs.readFileSync(file).toString('latin1').indexOf('mdat'));
    expect((await fetch(`${s.url}${done.poster_url}`)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('its progressive MP4 (`url`, for players without HLS) is at most 360p, landscape and portrait', async () => {
    for (const [size, expected] of [
      ['1920x1080', [640, 360]],
      ['1080x1920', [360, 640]],
      ['640x360', [640, 360]],
      ['320x240', [320, 240]],
    ] as const) {
      const res = await upload(
        s,
        token,
        mediaApi.uploadVideo,
        makeVideo(dir, `size-${size}.mp4`, { size, seconds: 1 }),
      );
      const done = await settle(s, token, res.body.file);
      const video = probeJson((await fetchToFile(s, done.url!, `scaled-${size}.mp4`)).file).streams.find(
        (x) => x.codec_type === 'video',
      )!;
      expect([video.width, video.height]).toEqual(expected);
    }
  });

  it('refuses a text file named .mp4, an oversize file and a cut-off file; a truncated one that probes ends failed', async () => {
    const text = path.join(dir, 'fake.mp4');
    fs.writeFileSync(text, 'this is not a video at all');
    const fake = await upload(s, token, mediaApi.uploadVideo, text);
    expect(fake.status).toBe(415);
    expect(fake.error.message).toMatch(/not video we can use/);

    const big = makeVideo(dir, 'big.mp4', { seconds: 4, size: '1280x720' });
    const before = filesUnder(path.join(small.dataDir, 'uploads')).length;
    expect((await upload(small, smallToken, mediaApi.uploadVideo, big)).status).toBe(413);
    expect(filesUnder(path.join(small.dataDir, 'uploads')).length).toBe(before);
    expect(filesUnder(path.join(small.dataDir, 'tmp'))).toEqual([]);

    // Index at the end, file cut in half: unreadable at once.
    const slow = makeVideo(dir, 'slow.mp4', { seconds: 4, faststart: false });
    const cutSlow = path.join(dir, 'cut-slow.mp4');
    fs.writeFileSync(cutSlow, fs.readFileSync(slow).subarray(0, Math.floor(fs.statSync(slow).size / 2)));
    expect((await upload(s, token, mediaApi.uploadVideo, cutSlow)).status).toBe(415);

    // Index first, data cut: it probes, but decodes short. It must fail, not publish a stub.
    const fast = makeVideo(dir, 'fast.mp4', { seconds: 4, size: '1280x720' });
    const cutFast = path.join(dir, 'cut-fast.mp4');
    fs.writeFileSync(cutFast, fs.readFileSync(fast).subarray(0, Math.floor(fs.statSync(fast).size * 0.4)));
    const res = await upload(s, token, mediaApi.uploadVideo, cutFast, {}, 'file', 'holiday.mp4');
    expect(res.status).toBe(202);
    const done = await settle(s, token, res.body.file);
    expect(done).toMatchObject({ status: 'failed', url: null });
    expect(done.error).toMatch(/could not process this file/);
    const th = await s.call(mediaApi.check, { query: { file: res.body.file }, token, lang: 'th' });
    expect(th.body.error).toBe('เราไม่สามารถประมวลผลไฟล์นี้ได้ ไฟล์อาจเสียหาย โปรดลองส่งออกไฟล์ใหม่อีกครั้ง');
    expect(filesUnder(path.join(s.dataDir, 'uploads', 'video')).filter((f) => f.includes(res.body.file))).toEqual([]);
    // A failed upload keeps nothing: not its original either, and it no longer counts against the quota.
    expect(copiesOf(s, fs.readFileSync(cutFast))).toEqual([]);
    const [row] = await s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, res.body.file));
    expect(row).toMatchObject({ source_key: null, size_bytes: 0 });
  });

  it("answers 404 for someone else's upload and for unknown ids", async () => {
    const res = await upload(s, token, mediaApi.uploadAudio, makeAudio(dir, 'mine.mp3', 1));
    const other = await signedIn(s);
    expect((await s.call(mediaApi.check, { query: { file: res.body.file }, token: other.token })).status).toBe(404);
    expect((await s.call(mediaApi.check, { query: { file: 'nope' }, token })).status).toBe(404);
    expect((await s.call(mediaApi.check, { query: { file: res.body.file } })).status).toBe(401);
  });

  it('a transcode killed mid-way is picked up again and ends processed; nothing half-written is served', async () => {
    const long = makeVideo(dir, 'long.mp4', { seconds: 30, size: '1280x720' });
    const res = await upload(s, token, mediaApi.uploadVideo, long);
    const file = res.body.file as string;
    // Wait for ffmpeg to be under way, then kill it as a crashing worker would.
    for (let i = 0; i < 200; i++) {
      const now = await s.call(mediaApi.check, { query: { file }, token });
      if (now.body.progress > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    killRunningTranscodes();
    const during = await s.call(mediaApi.check, { query: { file }, token });
    expect(during.body).toMatchObject({ status: 'processing', url: null });
    expect(filesUnder(path.join(s.dataDir, 'uploads', 'video')).filter((f) => f.includes(file))).toEqual([]);
    const done = await settle(s, token, file, 120_000);
    expect(done.status).toBe('processed');
    expect(done.duration).toBeCloseTo(30, 0);
  }, 150_000);
});

describe('privacy of audio and video', () => {
  it.each([
    ['tagged.mp3', 'audio', 'mp3'],
    ['tagged.m4a', 'audio', 'mp4'],
    ['tagged.mp4', 'video', 'mp4'],
  ] as const)(
    '%s: location, title, artist, comment and chapters are gone; the original is never served and not kept',
    async (name, kind, container) => {
      const source = makeTagged(dir, name, kind);
      const original = fs.readFileSync(source);
      const before = probeTags(source).join('\n');
      for (const value of Object.values(PRIVATE_TAGS)) expect(before).toContain(value);
      expect(before).toContain('Inkwell secret chapter');

      const res = await upload(s, token, kind === 'audio' ? mediaApi.uploadAudio : mediaApi.uploadVideo, source);
      expect(res.status).toBe(202);
      const id = res.body.file as string;
      // Waiting for its transcode, the original is kept privately: nowhere under the served folder.
      expect(copiesOf(s, original).filter((f) => f.startsWith(path.join(s.dataDir, 'uploads')))).toEqual([]);
      const done = await settle(s, token, id);
      expect(done.status).toBe('processed');

      const { file } = await fetchToFile(s, done.url!, `${name}.out`);
      const after = probeTags(file);
      for (const tag of after) expect(tag).not.toMatch(/location|title|artist|comment|Inkwell/i);
      const bytes = fs.readFileSync(file).toString('latin1');
      for (const value of [...Object.values(PRIVATE_TAGS), 'Inkwell secret chapter'])
        expect(bytes).not.toContain(value);
      expect(probeJson(file).streams.map((x) => x.codec_type)).toEqual(
        kind === 'video' ? ['video', 'audio'] : ['audio'],
      );
      if (kind === 'video') {
        const poster = await fetchToFile(s, done.poster_url!, `${name}.jpg`);
        expect((await sharp(poster.file).metadata()).exif).toBeUndefined();
      }

      // Where originals used to be served, and wherever they are now: nothing answers, nothing is left.
      const now = new Date();
      const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      expect((await fetch(`${s.url}/uploads/originals/${kind}/${month}/${id}.${container}`)).status).toBe(404);
      expect(copiesOf(s, original)).toEqual([]);
      const [row] = await s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
      expect(row!.source_key).toBeNull();
    },
  );

  it('originals stored in the served folder before this change answer 404, however the path is spelled', async () => {
    const legacy = path.join(s.dataDir, 'uploads', 'originals', 'video', '2026', '01');
    fs.mkdirSync(legacy, { recursive: true });
    fs.writeFileSync(path.join(legacy, 'old.mp4'), 'an old original');
    fs.mkdirSync(path.join(s.dataDir, 'uploads', 'video'), { recursive: true });
    fs.writeFileSync(path.join(s.dataDir, 'uploads', 'video', 'kept.txt'), 'served');
    expect((await fetch(`${s.url}/uploads/video/kept.txt`)).status).toBe(200);
    for (const spelling of [
      '/uploads/originals/video/2026/01/old.mp4',
      '/uploads//originals/video/2026/01/old.mp4',
      '/uploads/./originals/video/2026/01/old.mp4',
      '/uploads/%6Friginals/video/2026/01/old.mp4',
      '/uploads/%256Friginals/video/2026/01/old.mp4',
      '/uploads/video/..%2Foriginals/video/2026/01/old.mp4',
    ]) {
      const res = await fetch(`${s.url}${spelling}`);
      expect(res.status, spelling).toBeGreaterThanOrEqual(400);
      expect(await res.text(), spelling).not.toContain('an old original');
    }
  });
});
