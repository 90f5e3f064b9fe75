import fs from 'node:fs';
import path from 'node:path';
import { imageVariantUrl, mediaApi } from '@inkwell/contracts';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createCreatorAccount, subscribeToPlan } from '../../../test/factories';
import { signedIn } from '../../../test/identity-helpers';
import { fixturesDir, makeAudio, makeJpegWithGps } from '../../../test/media-fixtures';

/** The storage interface against a real S3-compatible server on loopback (s3rver, from npm). */
let s3: S3rver;
let endpoint: string;
let s: TestServer;
let token: string;
const dir = fixturesDir();

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'inkwell-media', configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  s = await startTestServer({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'inkwell-media',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const person = await signedIn(s);
  await createCreatorAccount(s.ctx.db, person.user.id);
  await subscribeToPlan(s.ctx.db, person.user.id, 'creator');
  token = person.token;
});
afterAll(async () => {
  await s?.close();
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('S3-compatible storage', () => {
  it('stores images in the bucket and hands out the bucket URL', async () => {
    const form = new FormData();
    form.append('type', 'profiles');
    form.append('url', new Blob([fs.readFileSync(await makeJpegWithGps(dir))]), 'me.jpg');
    const { url } = (await s.call(mediaApi.uploadImage, { payload: form, token })).body;
    expect(url).toMatch(new RegExp(`^${endpoint}/inkwell-media/images/profiles/`));
    const object = await fetch(url);
    expect(object.status).toBe(200);
    const meta = await sharp(Buffer.from(await object.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 512]);
    // Its narrower copies are in the bucket beside it.
    const copy = await fetch(imageVariantUrl(url, 128));
    expect(copy.status).toBe(200);
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(128);
    expect(fs.existsSync(path.join(s.dataDir, 'uploads', 'images'))).toBe(false);
  });

  it('transcodes from and to the bucket', async () => {
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(makeAudio(dir, 'song.wav', 1))]), 'song.wav');
    const { file } = (await s.call(mediaApi.uploadAudio, { payload: form, token })).body;
    let check: { status: string; url: string | null } = { status: 'processing', url: null };
    for (let i = 0; i < 300 && check.status === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      check = (await s.call(mediaApi.check, { query: { file }, token })).body;
    }
    expect(check.status).toBe('processed');
    expect(check.url).toMatch(new RegExp(`^${endpoint}/inkwell-media/audio/.+\\.m4a$`));
    const object = await fetch(check.url!);
    expect(object.status).toBe(200);
    expect((await object.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // The original waited under `private/` (outside what the bucket serves) and is deleted once transcoded.
    const privateObjects = path.join(dir, 's3', 'inkwell-media', 'private');
    const left = fs.existsSync(privateObjects)
      ? fs.readdirSync(privateObjects, { recursive: true }).filter((f) => String(f).endsWith('._S3rver_object'))
      : [];
    expect(left).toEqual([]);
    // s3rver keeps the emptied `private/` folder on its disk; only the served prefixes hold objects.
    const prefixes = fs.readdirSync(path.join(dir, 's3', 'inkwell-media')).filter((f) => f !== 'private');
    expect(prefixes.sort()).toEqual(['audio', 'images']);
  });
});
