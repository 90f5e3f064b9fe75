import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { TUS_EXPIRY_MS, UploadedImage, UploadedMedia } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, plans, tusUploads } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { fixturesDir, makeAudio, makeJpegWithGps, makeVideo } from '../../../test/media-fixtures';
import { jobHandlers } from '../../registrations';
import { idOf, metadata, tusClient } from './tus.testing';

/**
 * Resumable uploads over tus 1.0 on the real server: chunks, a connection cut mid-chunk, who may upload what
 * and how much, termination and expiry. Jobs are off, so an accepted original stays where the transcode would
 * read it and can be compared byte for byte.
 */
let s: TestServer;
const dir = fixturesDir();

beforeAll(async () => {
  s = await startTestServer({ JOBS: 'off' });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const tusDir = () => path.join(s.dataDir, 'tus');
const tusFiles = () => (fs.existsSync(tusDir()) ? fs.readdirSync(tusDir()).sort() : []);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const rowsOf = (userId: number) => s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.user_id, userId));
const { endpoint, send, create, patch, head, terminate, answerOf, uploadInChunks, creator } = tusClient(() => s);

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A PATCH whose connection drops after `part` of its bytes: it announces the whole rest, sends `part`, waits
 * until the server has written them, then destroys the socket as a lost connection would.
 */
async function cutPatch(token: string, url: string, id: string, rest: Buffer, part: number) {
  const target = new URL(url);
  const req = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(rest.length),
    },
  });
  const ended = new Promise<void>((resolve) => {
    req.on('error', () => resolve());
    req.on('close', () => resolve());
  });
  req.write(rest.subarray(0, part));
  const partial = path.join(tusDir(), id);
  await waitFor(() => fs.existsSync(partial) && fs.statSync(partial).size === part, 'the first part on disk');
  req.destroy();
  await ended;
}

describe('resumable uploads (tus 1.0)', () => {
  it('OPTIONS names the protocol and what is offered, and opens nothing to other origins', async () => {
    const res = await send('OPTIONS', endpoint(), { headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')).toBe('creation,termination,expiration');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('an image in three PATCHes answers what POST /upload answers, and the image is served', async () => {
    const reader = await signedIn(s);
    const photo = fs.readFileSync(await makeJpegWithGps(dir, 900, 600));
    const created = await create(reader.token, 'photos', photo.length);
    expect(created.status).toBe(201);
    expect(created.location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]{32}$/);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    const expires = Date.parse(created.headers.get('upload-expires')!);
    expect(Math.abs(expires - (Date.now() + TUS_EXPIRY_MS))).toBeLessThan(60_000);

    const [first, second, last] = await uploadInChunks(reader.token, created.url, photo, 3);
    for (const chunk of [first!, second!]) {
      expect(chunk.status).toBe(204);
      expect(chunk.headers.get('tus-resumable')).toBe('1.0.0');
      expect(Date.parse(chunk.headers.get('upload-expires')!)).toBeGreaterThan(Date.now() + TUS_EXPIRY_MS - 60_000);
    }
    expect(Number(second!.headers.get('upload-offset'))).toBe(2 * Math.ceil(photo.length / 3));
    expect(last!.status).toBe(200);
    expect(last!.headers.get('upload-offset')).toBe(String(photo.length));
    expect(last!.headers.get('content-type')).toMatch(/^application\/json/);
    // Not touched by compression, and with the usual security headers.
    expect(last!.headers.get('content-encoding')).toBeNull();
    expect(last!.headers.get('x-content-type-options')).toBe('nosniff');
    const image = UploadedImage.parse(last!.body);
    expect(image.url).toMatch(/^\/uploads\/images\/photos\/\d{4}\/\d{2}\/[0-9a-f]{32}-900x600\.webp$/);
    expect([image.width, image.height]).toEqual([900, 600]);

    const served = await fetch(`${s.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 900, undefined]);
    // The finished upload is gone from the store; for a client whose last answer was lost, HEAD says it is whole
    // and GET answers it again, to its owner alone.
    expect(tusFiles()).toEqual([]);
    const again = await head(reader.token, created.url);
    expect([again.status, again.headers.get('upload-offset'), again.headers.get('upload-length')]).toEqual([
      200,
      String(photo.length),
      String(photo.length),
    ]);
    expect(again.headers.get('cache-control')).toBe('no-store');
    const answer = await answerOf(reader.token, created.url);
    expect([answer.status, answer.body]).toEqual([200, image]);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const stranger = await signedIn(s);
    expect((await answerOf(stranger.token, created.url)).status).toBe(404);
    expect((await head(stranger.token, created.url)).status).toBe(404);
    expect((await answerOf(undefined, created.url)).status).toBe(401);
    expect((await answerOf(reader.token, `${endpoint()}/not-an-upload`)).status).toBe(404);
    // Nothing more can be written to it or dropped from it.
    expect((await patch(reader.token, created.url, photo.length, Buffer.alloc(1))).status).toBe(404);
    expect((await terminate(reader.token, created.url)).status).toBe(404);
  });

  it('a video whose PATCH is cut mid-body resumes from the stored offset and is stored byte for byte', async () => {
    const person = await creator();
    const source = fs.readFileSync(makeVideo(dir, 'resume.mp4', { seconds: 3 }));
    const created = await create(person.token, 'video', source.length);
    expect(created.status).toBe(201);
    const id = idOf(created.location);

    const part = Math.floor(source.length / 2);
    await cutPatch(person.token, created.url, id, source, part);
    const resumed = await head(person.token, created.url);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('upload-offset')).toBe(String(part));
    expect(resumed.headers.get('upload-length')).toBe(String(source.length));
    expect(resumed.headers.get('cache-control')).toBe('no-store');
    expect(resumed.headers.get('upload-expires')).toBeTruthy();

    // Resuming from anywhere else is refused without a byte written.
    const wrong = await patch(person.token, created.url, 0, source);
    expect(wrong.status).toBe(409);
    expect(wrong.body).toEqual({
      code: 'media.upload_offset',
      message: 'This upload is not where the request says it is. Ask where it stands (HEAD) and go on from there.',
    });

    const done = await patch(person.token, created.url, part, source.subarray(part));
    expect(done.status).toBe(202);
    expect(UploadedMedia.parse(done.body)).toEqual({
      file: expect.stringMatching(/^[0-9a-f]{32}$/),
      status: 'processing',
    });
    expect(done.headers.get('upload-offset')).toBe(String(source.length));

    // The original waits privately for its transcode (jobs are off here), exactly the bytes sent.
    const [row] = await s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, done.body.file));
    expect(row).toMatchObject({
      user_id: person.user.id,
      kind: 'video',
      status: 'processing',
      size_bytes: source.length,
    });
    const original = await s.ctx.storage.localCopy(row!.source_key!, dir);
    try {
      expect(sha256(fs.readFileSync(original.path))).toBe(sha256(source));
    } finally {
      await original.release();
    }
    expect(tusFiles()).toEqual([]);
  });

  it('a file that is not what its kind says is refused with 415 at the end, and nothing is kept', async () => {
    const person = await creator();
    const text = Buffer.from('this is not a video at all, only text');
    const created = await create(person.token, 'video', text.length, { lang: 'th' });
    const refused = await patch(person.token, created.url, 0, text, { lang: 'th' });
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual({
      code: 'media.bad_video',
      message: 'ไฟล์นี้ไม่ใช่วิดีโอที่ใช้ได้ โปรดอัปโหลดไฟล์ MP4, AVI หรือ FLV',
    });
    expect(await rowsOf(person.user.id)).toEqual([]);
    expect((await head(person.token, created.url)).status).toBe(404);
    expect(tusFiles()).toEqual([]);
  });

  it('the quota: an upload past the room is refused before a byte is stored, and again at the end', async () => {
    await s.ctx.db
      .insert(plans)
      .values({ slug: 'tus-tiny', name: 'Tiny', creates_accounts: true, storage_quota_mb: 1 });
    const person = await creator('tus-tiny');
    const quota = 1024 * 1024;

    const past = await create(person.token, 'video', quota + 1);
    expect(past.status).toBe(413);
    expect(past.body).toEqual({
      code: 'media.quota_exceeded',
      message: 'This file does not fit in your storage for audio and video: 1 MB left of 1 MB.',
    });
    expect(past.location).toBeNull();
    expect(tusFiles()).toEqual([]);

    // Room at the start; by the last byte another upload of theirs has taken it.
    const song = fs.readFileSync(makeAudio(dir, 'quota.mp3', 3));
    const created = await create(person.token, 'audio', song.length);
    expect(created.status).toBe(201);
    expect((await patch(person.token, created.url, 0, song.subarray(0, 1000))).status).toBe(204);
    await s.ctx.db.insert(mediaFiles).values({
      id: 'f'.repeat(32),
      user_id: person.user.id,
      kind: 'audio',
      status: 'processed',
      size_bytes: quota - 1000,
    });
    const refused = await patch(person.token, created.url, 1000, song.subarray(1000), { lang: 'my' });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      code: 'media.quota_exceeded',
      message: 'ဤဖိုင်သည် အသံနှင့် ဗီဒီယိုအတွက် သင့်သိုလှောင်ခန်းတွင် မဆံ့ပါ။ 1 MB အနက် 0 MB သာ ကျန်ပါသည်။',
    });
    expect((await rowsOf(person.user.id)).map((r) => r.id)).toEqual(['f'.repeat(32)]);
    expect((await head(person.token, created.url)).status).toBe(404);
    expect(tusFiles()).toEqual([]);
  });

  it('who may not: a guest, a reader with audio or video, anyone with an upload that is not theirs', async () => {
    const guest = await create(undefined, 'photos', 100);
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('unauthenticated');
    expect(guest.headers.get('tus-resumable')).toBe('1.0.0');

    const reader = await signedIn(s);
    for (const kind of ['video', 'audio']) {
      const refused = await create(reader.token, kind, 100);
      expect([kind, refused.status, refused.body.code]).toEqual([kind, 403, 'media.creators_only']);
    }
    expect(tusFiles()).toEqual([]);

    const owner = await creator();
    const other = await creator();
    // An owner the client names is not believed: the upload is its creator's.
    const created = await create(owner.token, 'video', 5000, { meta: { owner: String(other.user.id) } });
    expect(created.status).toBe(201);
    expect((await patch(owner.token, created.url, 0, Buffer.alloc(100, 1))).status).toBe(204);
    expect((await head(other.token, created.url)).status).toBe(404);
    const theirs = await patch(other.token, created.url, 100, Buffer.alloc(100, 2));
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('not_found');
    expect((await terminate(other.token, created.url)).status).toBe(404);
    const mine = await head(owner.token, created.url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('upload-offset')).toBe('100');
    const kept = Object.fromEntries(
      mine.headers
        .get('upload-metadata')!
        .split(',')
        .map((pair) => pair.split(' '))
        .map(([key, value]) => [key, Buffer.from(value ?? '', 'base64').toString()]),
    );
    expect(kept).toEqual({ kind: 'video', filename: 'file.video', owner: String(owner.user.id) });
    expect((await head(owner.token, `${endpoint()}/not-an-upload`)).status).toBe(404);
    expect((await terminate(owner.token, created.url)).status).toBe(204);
  });

  it('what may not be uploaded: an unknown kind (translated), past the kind limit, of unknown length', async () => {
    const person = await creator();
    const exe = await create(person.token, 'exe', 100, { lang: 'my' });
    expect(exe.status).toBe(422);
    expect(exe.body).toEqual({
      code: 'media.unknown_kind',
      message: 'တင်မည့်အရာ၏ အမျိုးအစား (kind) ကို ဖော်ပြပါ- squares၊ covers၊ profiles၊ photos၊ audio သို့မဟုတ် video။',
      errors: {
        kind: ['တင်မည့်အရာ၏ အမျိုးအစား (kind) ကို ဖော်ပြပါ- squares၊ covers၊ profiles၊ photos၊ audio သို့မဟုတ် video။'],
      },
    });
    const none = await send('POST', endpoint(), { token: person.token, headers: { 'upload-length': '100' } });
    expect([none.status, none.body.code]).toEqual([422, 'media.unknown_kind']);

    const image = await create(person.token, 'covers', s.ctx.config.media.maxImageBytes + 1);
    expect(image.status).toBe(413);
    expect(image.body).toEqual({ code: 'payload_too_large', message: 'This is too large to upload.' });
    const video = await create(person.token, 'video', s.ctx.config.media.maxVideoBytes + 1);
    expect([video.status, video.body.code]).toEqual([413, 'payload_too_large']);
    const empty = await create(person.token, 'photos', 0);
    expect([empty.status, empty.body.code]).toEqual([422, 'media.no_file']);

    const deferred = await send('POST', endpoint(), {
      token: person.token,
      headers: { 'upload-defer-length': '1', 'upload-metadata': metadata({ kind: 'video' }) },
    });
    expect([deferred.status, deferred.body.code]).toEqual([400, 'media.length_required']);
    const noVersion = await send('POST', endpoint(), {
      token: person.token,
      headers: { 'tus-resumable': '', 'upload-length': '100', 'upload-metadata': metadata({ kind: 'photos' }) },
    });
    expect([noVersion.status, noVersion.body.code]).toEqual([412, 'media.tus_version']);
    expect(tusFiles()).toEqual([]);
  });

  it('DELETE removes an unfinished upload; the hourly cleanup removes those untouched for a day', async () => {
    const person = await creator();
    const dropped = await create(person.token, 'video', 5000);
    expect((await patch(person.token, dropped.url, 0, Buffer.alloc(1000, 7))).status).toBe(204);
    expect(tusFiles()).toContain(idOf(dropped.location));
    expect((await terminate(person.token, dropped.url)).status).toBe(204);
    expect(tusFiles()).toEqual([]);
    expect((await head(person.token, dropped.url)).status).toBe(404);

    const stale = await create(person.token, 'video', 5000);
    const fresh = await create(person.token, 'audio', 5000);
    for (const upload of [stale, fresh]) {
      expect((await patch(person.token, upload.url, 0, Buffer.alloc(1000, 9))).status).toBe(204);
    }
    // Its last byte came more than a day ago (created long before that).
    const staleId = idOf(stale.location);
    const dayAgo = new Date(Date.now() - TUS_EXPIRY_MS - 60_000);
    for (const file of [staleId, `${staleId}.json`]) fs.utimesSync(path.join(tusDir(), file), dayAgo, dayAgo);
    await s.ctx.db.update(tusUploads).set({ written_at: dayAgo }).where(eq(tusUploads.id, staleId));
    expect((await head(person.token, stale.url)).status).toBe(410);
    const gone = await patch(person.token, stale.url, 1000, Buffer.alloc(10), { lang: 'th' });
    expect(gone.status).toBe(410);
    expect(gone.body).toEqual({
      code: 'media.upload_expired',
      message: 'การอัปโหลดนี้ค้างไว้โดยไม่เสร็จนานเกินไปจึงถูกลบแล้ว โปรดอัปโหลดไฟล์อีกครั้ง',
    });

    await jobHandlers(s.ctx)['media.cleanup']({}, { id: 'test', retryCount: 0 });
    const freshId = idOf(fresh.location);
    expect(tusFiles()).toEqual([freshId, `${freshId}.json`]);
    // The database forgets it too: it no longer counts among the person's open uploads.
    const rows = await s.ctx.db.select().from(tusUploads).where(eq(tusUploads.user_id, person.user.id));
    expect(rows.map((r) => r.id)).toEqual([freshId]);
    expect((await head(person.token, stale.url)).status).toBe(404);
    expect((await head(person.token, fresh.url)).headers.get('upload-offset')).toBe('1000');
    expect((await terminate(person.token, fresh.url)).status).toBe(204);
  });
});
