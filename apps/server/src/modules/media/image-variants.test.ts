import fs from 'node:fs';
import path from 'node:path';
import { imageInfo, imageSrcSet, imageVariantUrl, mediaApi, postsApi, type CreatePostBody } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { createCreatorAccount, createMediaFile } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { fixturesDir, makeJpegWithGps, makePng } from '../../../test/media-fixtures';
import { uploadFile } from '../../../test/uploads';
import { cleanupMedia } from './media.jobs';

/** Images are stored with narrower WebP copies beside them, named so that the image's URL leads to them. */
let s: TestServer;
let person: Awaited<ReturnType<typeof signedIn>>;
let accountId: number;
const dir = fixturesDir();

beforeAll(async () => {
  s = await startTestServer();
  person = await signedIn(s);
  accountId = (await createCreatorAccount(s.ctx.db, person.user.id)).id;
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const uploadImage = async (file: string, type: string) => {
  const res = await uploadFile(s, person.token, mediaApi.uploadImage, file, { fields: { type }, field: 'url' });
  expect(res.status).toBe(200);
  return res.body as { url: string; width: number; height: number; widths: number[] };
};

/** The files stored for an upload: the image and whatever sits beside it under the same id. */
const storedBeside = (url: string): string[] => {
  const file = path.join(s.dataDir, 'uploads', s.ctx.storage.keyOf(url)!);
  const id = path.basename(file).split('-')[0]!;
  return fs
    .readdirSync(path.dirname(file))
    .filter((name) => name.startsWith(id))
    .sort();
};

describe('responsive copies of uploaded images', () => {
  it('a large photo gets 480, 960 and 1440 px copies beside it, of the same proportions, served immutable', async () => {
    const body = await uploadImage(await makePng(dir, 3000, 2000), 'photos');
    expect(body).toEqual({
      url: expect.stringMatching(/^\/uploads\/images\/photos\/\d{4}\/\d{2}\/[0-9a-f]{32}-2048x1365\.webp$/),
      width: 2048,
      height: 1365,
      widths: [480, 960, 1440],
    });
    // The URL alone says as much, so a post that only keeps the URL carries it too.
    expect(imageInfo(body.url)).toEqual({ kind: 'photos', width: 2048, height: 1365, widths: [480, 960, 1440] });
    expect(imageSrcSet(body.url)).toBe(
      [480, 960, 1440].map((w) => `${imageVariantUrl(body.url, w)} ${w}w`).join(', ') + `, ${body.url} 2048w`,
    );

    let bytes = 0;
    for (const width of [480, 960, 1440, 2048]) {
      const url = width === 2048 ? body.url : imageVariantUrl(body.url, width);
      expect(url).toMatch(width === 2048 ? /-2048x1365\.webp$/ : new RegExp(`-2048x1365-${width}w\\.webp$`));
      const res = await fetch(`${s.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
      // Uploads keep ranges (players seek with them); the immutable file needs no etag.
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('etag')).toBeNull();
      const data = Buffer.from(await res.arrayBuffer());
      bytes += data.length;
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, Math.round((width * 1365) / 2048)]);
      expect(meta.exif).toBeUndefined();
    }
    expect(storedBeside(body.url)).toHaveLength(4);
    // What the upload takes in storage counts its copies.
    const id = path.basename(body.url).split('-')[0]!;
    const [row] = await s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
    expect(row).toMatchObject({
      width: 2048,
      height: 1365,
      size_bytes: bytes,
      output_key: s.ctx.storage.keyOf(body.url),
    });
  });

  it('an image narrower than every copy gets none (nothing is enlarged), and no srcset', async () => {
    const body = await uploadImage(await makePng(dir, 400, 300), 'photos');
    expect(body).toMatchObject({ width: 400, height: 300, widths: [] });
    expect(body.url).toMatch(/-400x300\.webp$/);
    expect(storedBeside(body.url)).toEqual([path.basename(body.url)]);
    expect(imageSrcSet(body.url)).toBeUndefined();

    // Between two widths: only the narrower copy.
    const mid = await uploadImage(await makeJpegWithGps(dir, 700, 500), 'photos');
    expect(mid).toMatchObject({ width: 700, height: 500, widths: [480] });
    expect(storedBeside(mid.url)).toHaveLength(2);
  });

  it.each([
    ['covers', 1600, 800, [480, 960]],
    ['squares', 1080, 1080, [480, 960]],
    ['profiles', 512, 512, [128, 256]],
  ])('%s (a fixed shape, %ix%i) get copies at %j', async (kind, width, height, widths) => {
    const body = await uploadImage(await makeJpegWithGps(dir), kind);
    expect(body).toMatchObject({ width, height, widths });
    for (const w of widths) {
      const meta = await sharp(await (await fetch(`${s.url}${imageVariantUrl(body.url, w)}`)).arrayBuffer()).metadata();
      expect([meta.width, meta.height]).toEqual([w, Math.round((w * height) / width)]);
    }
  });

  it('posts keep the sized URLs, so feeds carry each image’s size and copies; older images have none', async () => {
    const cover = await uploadImage(await makeJpegWithGps(dir), 'covers');
    const photo = await uploadImage(await makePng(dir, 1200, 1600), 'photos');
    const legacy = await createMediaFile(s.ctx.db, person.user.id, 'image');
    const create = (body: Omit<CreatePostBody, 'account_id'>) =>
      s.call(postsApi.create, { token: person.token, body: { account_id: accountId, ...body } });
    expect((await create({ type: 'photo', title: 'Harbour', content: 'Boats', url: cover.url })).status).toBe(201);
    const gallery = await create({
      type: 'gallery',
      photos: [
        { url: photo.url, caption: 'tall' },
        { url: legacy.url, caption: 'from before' },
      ],
    });
    expect(gallery.status).toBe(201);

    const feed = await s.call(postsApi.ofAccount, { params: { id: accountId }, token: person.token });
    const byType = (type: string) => feed.body.data.find((p) => p.type === type)!;
    expect(imageInfo(byType('photo').url!)).toEqual({ kind: 'covers', width: 1600, height: 800, widths: [480, 960] });
    const [tall, old] = byType('gallery').photos;
    expect(imageInfo(tall!.url)).toEqual({ kind: 'photos', width: 1200, height: 1600, widths: [480, 960] });
    expect(imageInfo(old!.url)).toBeNull();
    expect(imageSrcSet(old!.url)).toBeUndefined();
  });

  it('the cleanup of unused uploads deletes the copies with the image', async () => {
    const kept = await uploadImage(await makePng(dir, 1000, 1000), 'photos');
    const unused = await uploadImage(await makePng(dir, 1200, 800), 'photos');
    expect(storedBeside(unused.url)).toHaveLength(3);
    await s.ctx.db
      .update(mediaFiles)
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where(eq(mediaFiles.output_key, s.ctx.storage.keyOf(unused.url)!));

    await cleanupMedia(s.ctx);

    expect(storedBeside(unused.url)).toEqual([]);
    for (const url of [unused.url, ...unused.widths.map((w) => imageVariantUrl(unused.url, w))]) {
      expect((await fetch(`${s.url}${url}`)).status).toBe(404);
    }
    // A recent upload waits for its day, copies and all.
    expect(storedBeside(kept.url)).toHaveLength(3);
  });
});
