import fs from 'node:fs';
import path from 'node:path';
import { TUS_EXPIRY_MS, TUS_MAX_OPEN } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, tusUploads } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { fixturesDir, makeJpegWithGps } from '../../../test/media-fixtures';
import { idOf, tusClient } from './tus.testing';

/**
 * What unfinished resumable uploads may hold before a byte of a new one is stored: together within the person's
 * quota by the sizes they declared, and no more than `TUS_MAX_OPEN` at once. Also what a client whose last answer
 * was lost is told while the upload is still being accepted.
 */
let s: TestServer;
const dir = fixturesDir();

beforeAll(async () => {
  s = await startTestServer({ JOBS: 'off' });
  await s.ctx.db
    .insert(plans)
    .values({ slug: 'tus-small', name: 'Small', creates_accounts: true, storage_quota_mb: 1 });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const { create, patch, head, terminate, answerOf, creator } = tusClient(() => s);
const tusFiles = () => {
  const folder = path.join(s.dataDir, 'tus');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};
const KIB = 1024;

describe('unfinished uploads and the limits', () => {
  it('counts the declared size of open uploads against the quota: the one past it is refused before any byte', async () => {
    const person = await creator('tus-small');
    const first = await create(person.token, 'video', 600 * KIB);
    expect(first.status).toBe(201);
    expect((await patch(person.token, first.url, 0, Buffer.alloc(10 * KIB, 1))).status).toBe(204);

    // Alone it would fit in the 1 MB; with the first one's 600 KB it does not.
    const second = await create(person.token, 'audio', 500 * KIB, { lang: 'th' });
    expect(second.status).toBe(413);
    expect(second.body).toEqual({
      code: 'media.quota_exceeded',
      message: 'ไฟล์นี้ใหญ่เกินพื้นที่จัดเก็บเสียงและวิดีโอที่เหลืออยู่ของคุณ: เหลือ 0.4 MB จาก 1 MB',
    });
    expect(second.location).toBeNull();
    expect(tusFiles().sort()).toEqual([idOf(first.location), `${idOf(first.location)}.json`]);

    // Images are not in the audio and video storage.
    const photo = await create(person.token, 'photos', 500 * KIB);
    expect(photo.status).toBe(201);

    // Two started at once, each fitting alone: one gets the room.
    const both = await Promise.all([
      create(person.token, 'audio', 300 * KIB),
      create(person.token, 'audio', 300 * KIB),
    ]);
    expect(both.map((b) => b.status).sort()).toEqual([201, 413]);
    await terminate(person.token, both.find((b) => b.status === 201)!.url);

    // Dropped, the first one no longer counts.
    expect((await terminate(person.token, first.url)).status).toBe(204);
    const again = await create(person.token, 'audio', 500 * KIB);
    expect(again.status).toBe(201);
    for (const upload of [photo, again]) expect((await terminate(person.token, upload.url)).status).toBe(204);
    expect(tusFiles()).toEqual([]);
  });

  it(`refuses a person's upload past ${TUS_MAX_OPEN} open ones with 429; a dropped, finished or expired one frees a place`, async () => {
    const person = await creator();
    const open = [];
    for (let i = 0; i < TUS_MAX_OPEN; i++) {
      const upload = await create(person.token, 'video', 1000 * KIB);
      expect(upload.status).toBe(201);
      open.push(upload);
    }
    const sixth = await create(person.token, 'photos', 100 * KIB);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      code: 'media.too_many_uploads',
      message:
        'You have 5 unfinished uploads already. Finish or cancel one before starting another; an upload left alone is removed a day after its last byte.',
    });
    expect(sixth.location).toBeNull();
    const burmese = await create(person.token, 'photos', 100 * KIB, { lang: 'my' });
    expect([burmese.status, burmese.body.message]).toEqual([
      429,
      'မပြီးဆုံးသေးသော တင်ခြင်း 5 ခု ရှိနေပါပြီ။ နောက်တစ်ခု မစတင်မီ ၎င်းတို့အနက် တစ်ခုကို အပြီးတင်ပါ သို့မဟုတ် ပယ်ဖျက်ပါ။ ဆက်မတင်ဘဲ ထားခဲ့သော တင်ခြင်းကို နောက်ဆုံးအကြိမ် ပို့ပြီး တစ်ရက်အကြာတွင် ဖယ်ရှားပါသည်။',
    ]);
    // Someone else's uploads are theirs to count.
    const other = await creator();
    const theirs = await create(other.token, 'photos', 100 * KIB);
    expect(theirs.status).toBe(201);

    expect((await terminate(person.token, open[0]!.url)).status).toBe(204);
    const photo = fs.readFileSync(await makeJpegWithGps(dir, 400, 300));
    const replacing = await create(person.token, 'photos', photo.length);
    expect(replacing.status).toBe(201);
    expect((await create(person.token, 'photos', photo.length)).status).toBe(429);

    expect((await patch(person.token, replacing.url, 0, photo)).status).toBe(200);
    const afterFinish = await create(person.token, 'photos', 100 * KIB);
    expect(afterFinish.status).toBe(201);
    expect((await create(person.token, 'photos', 100 * KIB)).status).toBe(429);

    // An upload untouched for a day has expired: it no longer holds a place, even before the cleanup runs.
    const dayAgo = new Date(Date.now() - TUS_EXPIRY_MS - 60_000);
    await s.ctx.db
      .update(tusUploads)
      .set({ written_at: dayAgo })
      .where(eq(tusUploads.id, idOf(open[1]!.location)));
    expect((await create(person.token, 'photos', 100 * KIB)).status).toBe(201);
  });

  it('tells a client asking after an upload being accepted to ask again (423), and forgets one left claimed', async () => {
    const person = await creator();
    const upload = await create(person.token, 'video', 5000);
    expect((await patch(person.token, upload.url, 0, Buffer.alloc(1000, 3))).status).toBe(204);
    // Its last byte came and a request took it to accept: the store holds it no more.
    const id = idOf(upload.location);
    for (const file of tusFiles().filter((f) => f.startsWith(id))) fs.rmSync(path.join(s.dataDir, 'tus', file));
    await s.ctx.db.update(tusUploads).set({ claimed_at: new Date() }).where(eq(tusUploads.id, id));

    const waiting = await head(person.token, upload.url, { lang: 'th' });
    expect(waiting.status).toBe(423);
    const asked = await answerOf(person.token, upload.url);
    expect(asked.body).toEqual({
      code: 'media.upload_finishing',
      message: 'This upload has arrived in full and is being saved. Ask again in a moment.',
    });
    expect((await answerOf((await creator()).token, upload.url)).status).toBe(404);

    // Its request died with its process long ago: there is nothing to wait for.
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await s.ctx.db.update(tusUploads).set({ claimed_at: longAgo }).where(eq(tusUploads.id, id));
    expect((await head(person.token, upload.url)).status).toBe(404);
    expect((await answerOf(person.token, upload.url)).status).toBe(404);
  });
});
