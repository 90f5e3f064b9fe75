import fs from 'node:fs';
import path from 'node:path';
import { mediaApi, postsApi } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, mediaFiles, organizations, plans, users } from '../../db/schema';
import { createCreatorAccount, subscribeToPlan } from '../../../test/factories';
import { settle as settleUpload, uploadFile, type UploadEndpoint } from '../../../test/uploads';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { fixturesDir, makeAudio, makePng, makeVideo } from '../../../test/media-fixtures';
import { jobHandlers } from '../../registrations';
import { formatSize } from './media.service';

/** Who may upload audio and video, how much, how long unused uploads stay, and what a bad body gets. */
let s: TestServer;
const dir = fixturesDir();

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload = <E extends UploadEndpoint>(
  auth: string,
  endpoint: E,
  file: string,
  fields: Record<string, string> = {},
  field = 'file',
  lang?: string,
) => uploadFile(s, auth, endpoint, file, { fields, field, lang });

const settle = (auth: string, file: string) => settleUpload(s, auth, file);

/** A signed-in person with an approved creator account, on the plan with this slug (or none). */
async function creator(plan: string | null = 'creator', approved: 'approved' | 'pending' = 'approved') {
  const person = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, person.user.id, { approved });
  if (plan) await subscribeToPlan(s.ctx.db, person.user.id, plan);
  return { ...person, account };
}

const filesUnder = (root: string): string[] =>
  fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
    : [];
const storedFiles = () => ['uploads', 'private', 'tmp'].flatMap((f) => filesUnder(path.join(s.dataDir, f))).sort();
const rowsOf = (userId: number) => s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.user_id, userId));

describe('who may upload audio and video', () => {
  it('a reader without a creator account is refused (403, translated) and nothing is stored; images stay open', async () => {
    const reader = await signedIn(s);
    const song = makeAudio(dir, 'reader.mp3', 1);
    const clip = makeVideo(dir, 'reader.mp4', { seconds: 1 });
    const before = storedFiles();
    const audio = await upload(reader.token, mediaApi.uploadAudio, song);
    expect(audio.status).toBe(403);
    expect(audio.error.message).toBe(
      'Audio and video are for creators: you need an approved creator account to upload them.',
    );
    expect((await upload(reader.token, mediaApi.uploadVideo, clip)).status).toBe(403);
    expect((await upload(reader.token, mediaApi.uploadAudio, song, {}, 'file', 'my')).error.message).toBe(
      'အသံနှင့် ဗီဒီယိုများကို ဖန်တီးသူများသာ တင်နိုင်ပါသည်။ တင်ရန် အတည်ပြုပြီးသော ဖန်တီးသူအကောင့် လိုအပ်ပါသည်။',
    );
    expect((await upload(reader.token, mediaApi.uploadVideo, clip, {}, 'file', 'th')).error.message).toBe(
      'เฉพาะครีเอเตอร์เท่านั้นที่อัปโหลดเสียงและวิดีโอได้ คุณต้องมีบัญชีครีเอเตอร์ที่ได้รับการอนุมัติแล้ว',
    );
    expect(await rowsOf(reader.user.id)).toEqual([]);
    expect(storedFiles()).toEqual(before);

    // A paid plan alone is not enough: the account must be approved to publish with.
    const pending = await creator('studio', 'pending');
    expect((await upload(pending.token, mediaApi.uploadAudio, song)).status).toBe(403);

    // Profile pictures are for everyone.
    const picture = await upload(
      reader.token,
      mediaApi.uploadImage,
      await makePng(dir, 300, 300),
      { type: 'profiles' },
      'url',
    );
    expect(picture.status).toBe(200);
  });

  it('a creator on a plan with room uploads; an administrator with an account has no quota', async () => {
    const song = makeAudio(dir, 'creator.wav', 1);
    const paid = await creator('creator');
    const mine = await upload(paid.token, mediaApi.uploadAudio, song);
    expect(mine.status).toBe(202);
    const admin = await signedIn(s, { role: 'admin' });
    await createCreatorAccount(s.ctx.db, admin.user.id);
    const theirs = await upload(admin.token, mediaApi.uploadAudio, song);
    expect(theirs.status).toBe(202);
    expect((await settle(paid.token, mine.body.file)).status).toBe('processed');
    expect((await settle(admin.token, theirs.body.file)).status).toBe('processed');
  });
});

describe('storage quota by plan', () => {
  it('the seeded plans: free has none for audio and video, Creator and Studio have room', async () => {
    const rows = await s.ctx.db.select({ slug: plans.slug, mb: plans.storage_quota_mb }).from(plans);
    expect(Object.fromEntries(rows.map((r) => [r.slug, r.mb]))).toEqual({ free: 0, creator: 10240, studio: 51200 });
  });

  it('a creator whose plan has no storage is refused with a translated 413, keeping nothing', async () => {
    const unpaid = await creator(null);
    const before = storedFiles();
    const res = await upload(unpaid.token, mediaApi.uploadAudio, makeAudio(dir, 'unpaid.mp3', 1));
    expect(res.status).toBe(413);
    expect(res.error.message).toBe(
      'Your plan has no storage for audio and video. Choose a plan for creators to upload them.',
    );
    const th = await upload(
      unpaid.token,
      mediaApi.uploadVideo,
      makeVideo(dir, 'unpaid.mp4', { seconds: 1 }),
      {},
      'file',
      'th',
    );
    expect(th.error.message).toBe('แพ็กเกจของคุณไม่มีพื้นที่จัดเก็บสำหรับเสียงและวิดีโอ โปรดเลือกแพ็กเกจสำหรับครีเอเตอร์เพื่ออัปโหลด');
    expect(await rowsOf(unpaid.user.id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('usage is the bytes kept; an upload over what is left gets 413 saying how much is left, and nothing is stored', async () => {
    await s.ctx.db.insert(plans).values({ slug: 'tiny', name: 'Tiny', creates_accounts: true, storage_quota_mb: 1 });
    const person = await creator('tiny');
    const quota = 1024 * 1024;

    // 5 s of WAV is about 430 KB; once transcoded only its two copies (AAC and low-data Opus) are kept and counted.
    const first = await upload(person.token, mediaApi.uploadAudio, makeAudio(dir, 'first.wav', 5));
    expect(first.status).toBe(202);
    const [waiting] = await rowsOf(person.user.id);
    expect(waiting!.size_bytes).toBe(fs.statSync(path.join(dir, 'first.wav')).size);
    const done = await settle(person.token, first.body.file);
    expect(done.status).toBe('processed');
    const [row] = await rowsOf(person.user.id);
    const bytesAt = async (url: string) => (await fetch(`${s.url}${url}`).then((r) => r.arrayBuffer())).byteLength;
    const output = (await bytesAt(done.url!)) + (await bytesAt(done.low_data_url!));
    expect(row!.size_bytes).toBe(output);

    // 14 s of WAV (about 1.2 MB) does not fit in what is left of 1 MB.
    const before = storedFiles();
    const big = makeAudio(dir, 'big.wav', 14);
    expect(fs.statSync(big).size).toBeGreaterThan(quota);
    const refused = await upload(person.token, mediaApi.uploadAudio, big);
    expect(refused.status).toBe(413);
    expect(refused.error.message).toBe(
      `This file does not fit in your storage for audio and video: ${formatSize(quota - output)} left of 1 MB.`,
    );
    const my = await upload(person.token, mediaApi.uploadAudio, big, {}, 'file', 'my');
    expect(my.error.message).toBe(
      `ဤဖိုင်သည် အသံနှင့် ဗီဒီယိုအတွက် သင့်သိုလှောင်ခန်းတွင် မဆံ့ပါ။ 1 MB အနက် ${formatSize(quota - output)} သာ ကျန်ပါသည်။`,
    );
    expect(await rowsOf(person.user.id)).toHaveLength(1);
    expect(storedFiles()).toEqual(before);

    // What still fits is taken; then the quota is full and even a small file is refused before it is read.
    const fits = await upload(person.token, mediaApi.uploadAudio, makeAudio(dir, 'fits.wav', 3));
    expect(fits.status).toBe(202);
    await settle(person.token, fits.body.file);
    await s.ctx.db
      .update(mediaFiles)
      .set({ size_bytes: quota })
      .where(eq(mediaFiles.id, fits.body.file as string));
    const full = await upload(person.token, mediaApi.uploadAudio, makeAudio(dir, 'tiny.mp3', 1));
    expect(full.status).toBe(413);
    expect(full.error.message).toBe('This file does not fit in your storage for audio and video: 0 MB left of 1 MB.');
  });

  it('formats what is left for people', () => {
    expect([formatSize(0), formatSize(1536 * 1024), formatSize(600 * 1024 * 1024), formatSize(50 * 1024 ** 3)]).toEqual(
      ['0 MB', '1.5 MB', '600 MB', '50 GB'],
    );
  });
});

describe('unattached uploads', () => {
  it('are deleted a day later by the scheduled job; attached ones, pictures in use and recent uploads stay', async () => {
    const schedules = (await s.ctx.jobs.boss.getSchedules()) as { name: string; cron: string }[];
    expect(schedules.map((x) => x.name)).toContain('media.cleanup');

    const person = await creator('studio');
    const image = async (kind: string) => {
      const res = await upload(person.token, mediaApi.uploadImage, await makePng(dir, 200, 200), { type: kind }, 'url');
      expect(res.status).toBe(200);
      return res.body.url as string;
    };
    const av = async (kind: 'audio' | 'video', name: string) => {
      const file = kind === 'audio' ? makeAudio(dir, name, 1) : makeVideo(dir, name, { seconds: 1 });
      const res = await upload(person.token, kind === 'audio' ? mediaApi.uploadAudio : mediaApi.uploadVideo, file);
      expect(res.status).toBe(202);
      const done = await settle(person.token, res.body.file);
      expect(done.status).toBe('processed');
      return { id: res.body.file as string, url: done.url as string, poster: done.poster_url as string | null };
    };

    const postedAudio = await av('audio', 'posted.mp3');
    const cover = await image('squares');
    const galleryPhoto = await image('photos');
    const profile = await image('profiles');
    const banner = await image('covers');
    const orgPicture = await image('profiles');
    const unusedAudio = await av('audio', 'unused.mp3');
    const unusedVideo = await av('video', 'unused.mp4');
    const unusedImage = await image('photos');
    const recent = await av('audio', 'recent.mp3');

    const audioPost = await s.call(postsApi.create, {
      token: person.token,
      body: {
        account_id: person.account.id,
        type: 'audio',
        title: 'Kept',
        url: postedAudio.url,
        featured_photo_url: cover,
      },
    });
    expect(audioPost.status).toBe(201);
    const gallery = await s.call(postsApi.create, {
      token: person.token,
      body: { account_id: person.account.id, type: 'gallery', photos: [{ url: galleryPhoto, caption: 'x' }] },
    });
    expect(gallery.status).toBe(201);
    // A post marks its files attached as it is saved.
    const [marked] = await s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, postedAudio.id));
    expect(marked!.attached_at).not.toBeNull();

    await s.ctx.db.update(users).set({ profile_url: profile }).where(eq(users.id, person.user.id));
    await s.ctx.db.update(accounts).set({ banner_url: banner }).where(eq(accounts.id, person.account.id));
    await s.ctx.db
      .update(organizations)
      .set({ profile_url: orgPicture })
      .where(eq(organizations.id, person.account.organization_id));

    // Everything but the recent upload came in more than a day ago.
    await s.ctx.db
      .update(mediaFiles)
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where(sql`${mediaFiles.user_id} = ${person.user.id} and ${mediaFiles.id} <> ${recent.id}`);

    // An original left in the old served place by an earlier version, for a processed upload.
    const legacyKey = `originals/audio/2025/01/${postedAudio.id}.mp3`;
    fs.mkdirSync(path.join(s.dataDir, 'uploads', 'originals', 'audio', '2025', '01'), { recursive: true });
    fs.writeFileSync(path.join(s.dataDir, 'uploads', legacyKey), 'old original');
    await s.ctx.db.update(mediaFiles).set({ source_key: legacyKey }).where(eq(mediaFiles.id, postedAudio.id));
    expect((await fetch(`${s.url}/uploads/${legacyKey}`)).status).toBe(404);

    const status = async (url: string) => (await fetch(`${s.url}${url}`)).status;
    expect(await status(unusedVideo.poster!)).toBe(200);

    await jobHandlers(s.ctx)['media.cleanup']({}, { id: 'test', retryCount: 0 });

    for (const gone of [unusedAudio.url, unusedVideo.url, unusedVideo.poster!, unusedImage]) {
      expect([gone, await status(gone)]).toEqual([gone, 404]);
      const key = s.ctx.storage.keyOf(gone)!;
      expect(fs.existsSync(path.join(s.dataDir, 'uploads', key))).toBe(false);
    }
    for (const kept of [postedAudio.url, cover, galleryPhoto, profile, banner, orgPicture, recent.url]) {
      expect([kept, await status(kept)]).toEqual([kept, 200]);
    }
    const left = await rowsOf(person.user.id);
    const keys = new Set(left.map((r) => r.output_key));
    for (const url of [unusedAudio.url, unusedVideo.url, unusedImage])
      expect(keys.has(s.ctx.storage.keyOf(url)!)).toBe(false);
    expect(left).toHaveLength(7);
    // In use: marked attached and not examined again; the recent one waits for its day.
    for (const row of left) expect(row.attached_at === null).toBe(row.id === recent.id);
    // The leftover original is gone too.
    expect(fs.existsSync(path.join(s.dataDir, 'uploads', legacyKey))).toBe(false);
    const [posted] = await s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, postedAudio.id));
    expect(posted!.source_key).toBeNull();

    // Running again changes nothing.
    await jobHandlers(s.ctx)['media.cleanup']({}, { id: 'test', retryCount: 0 });
    expect(await rowsOf(person.user.id)).toHaveLength(7);
  });
});

describe('malformed upload bodies', () => {
  const boundary = 'InkwellBoundary42';
  const part = (name: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
    `${filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`;
  const raw = async (token: string, route: UploadEndpoint, contentType: string, body: string, lang?: string) => {
    const res = await s.call(route, { token, lang, headers: { 'content-type': contentType }, payload: body });
    return { status: res.status, body: res.error };
  };

  it.each([mediaApi.uploadImage, mediaApi.uploadAudio, mediaApi.uploadVideo].map((e) => [e.path, e] as const))(
    '%s: truncated, wrong boundary, no file and not multipart answer 4xx with a clear message',
    async (_, route) => {
      const { token } = await creator('studio');
      const multipart = `multipart/form-data; boundary=${boundary}`;
      const fileField = route === mediaApi.uploadImage ? 'url' : 'file';
      const typeField = route === mediaApi.uploadImage ? `${part('type')}photos\r\n` : '';
      const malformed = 'The upload could not be read: it was cut off or is not a valid form. Please try again.';
      const before = storedFiles();

      // Cut off in the middle of the file: no closing boundary.
      const truncated = await raw(token, route, multipart, `${typeField}${part(fileField, 'a.bin')}ID3\x03\x00partial`);
      expect(truncated).toEqual({ status: 400, body: { code: 'media.malformed_upload', message: malformed } });
      // Cut off in the part's headers.
      const headers = await raw(token, route, multipart, `--${boundary}\r\nContent-Disposition: form-da`);
      expect(headers).toEqual({ status: 400, body: { code: 'media.malformed_upload', message: malformed } });
      // The header names another boundary than the body uses.
      const wrong = await raw(
        token,
        route,
        'multipart/form-data; boundary=SomethingElse',
        `${typeField}${part(fileField, 'a.bin')}bytes\r\n--${boundary}--\r\n`,
      );
      expect(wrong).toEqual({ status: 400, body: { code: 'media.malformed_upload', message: malformed } });
      // No boundary at all.
      const none = await raw(
        token,
        route,
        'multipart/form-data',
        `${part(fileField, 'a.bin')}bytes\r\n--${boundary}--\r\n`,
      );
      expect(none).toEqual({ status: 400, body: { code: 'media.malformed_upload', message: malformed } });
      // Well-formed, but without a file.
      const noFile = await raw(token, route, multipart, `${typeField}${part('other')}value\r\n--${boundary}--\r\n`);
      expect(noFile.status).toBe(422);
      expect(noFile.body.errors?.[fileField]).toEqual(['Choose a file to upload.']);
      // Not multipart.
      for (const [type, body] of [
        ['application/json', '{"file":"x"}'],
        ['text/plain', 'just text'],
        ['application/x-www-form-urlencoded', 'file=x'],
      ]) {
        const res = await raw(token, route, type!, body!);
        expect([type, res.status]).toEqual([type, 415]);
        expect(res.body.message).toBe('Send the file as a form upload (multipart/form-data).');
      }
      const th = await raw(token, route, 'application/json', '{}', 'th');
      expect(th.body.message).toBe('โปรดส่งไฟล์แบบอัปโหลดผ่านฟอร์ม (multipart/form-data)');
      const my = await raw(token, route, multipart, `${part(fileField, 'a.bin')}cut`, 'my');
      expect(my.status).toBe(400);
      expect(my.body.message).toBe(
        'တင်လိုက်သောဖိုင်ကို ဖတ်၍မရပါ။ တစ်ဝက်တစ်ပျက်သာ ရောက်လာခြင်း သို့မဟုတ် ဖောင် မှားယွင်းနေခြင်း ဖြစ်နိုင်ပါသည်။ ထပ်မံကြိုးစားကြည့်ပါ။',
      );
      // Nothing is kept from any of them, not even a temporary file.
      expect(storedFiles()).toEqual(before);
      // And the server goes on answering.
      expect((await s.request('GET', '/healthz')).status).toBe(200);
    },
  );
});
