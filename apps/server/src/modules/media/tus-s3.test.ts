import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TUS_EXPIRY_MS, UploadedMedia } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, tusUploads } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { fixturesDir, makeVideo } from '../../../test/media-fixtures';
import { jobHandlers } from '../../registrations';
import { TusS3Store } from './tus-s3-store';
import { idOf, tusClient } from './tus.testing';

/**
 * Resumable uploads kept in the bucket (`@tus/s3-store`) when media is stored in S3, against s3rver on loopback.
 * s3rver has multipart uploads but neither lists a multipart upload's parts (ListParts, which tus's store asks
 * for at every request) nor aborts one (AbortMultipartUpload, for DELETE): `withMultipartListing` answers those
 * two from s3rver's own record of the parts, as S3 answers them. Everything else is s3rver's.
 */
let s3: S3rver;
let s: TestServer;
const dir = fixturesDir();
const bucketDir = () => path.join(dir, 's3', 'inkwell-media');

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'inkwell-media', configs: [] }],
  });
  withMultipartListing(s3, path.join(dir, 's3'));
  const { port } = await s3.run();
  s = await startTestServer({
    JOBS: 'off',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'inkwell-media',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
afterAll(async () => {
  await s?.close();
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const { create, patch, head, terminate, answerOf, creator } = tusClient(() => s);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The objects s3rver holds under `private/tus/` (the tus store's), by key. */
function tusObjects(): string[] {
  const folder = path.join(bucketDir(), 'private', 'tus');
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('._S3rver_object'))
    .map((f) => f.replace(/\._S3rver_object$/, ''))
    .sort();
}
/** Multipart uploads s3rver has begun and not completed or aborted. */
const multipartUploads = () => {
  const folder = path.join(bucketDir(), '._S3rver_uploads');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

describe('resumable uploads in S3', () => {
  it('a video in two PATCHes waits in the bucket (any process goes on with it) and is stored as the multipart route stores it', async () => {
    const person = await creator();
    const source = fs.readFileSync(makeVideo(dir, 'bucket.mp4', { seconds: 3 }));
    const created = await create(person.token, 'video', source.length);
    expect(created.status).toBe(201);
    const id = idOf(created.location);
    expect(tusObjects()).toEqual([`${id}.info`]);
    expect(fs.existsSync(path.join(s.dataDir, 'tus'))).toBe(false);

    const half = Math.floor(source.length / 2);
    const first = await patch(person.token, created.url, 0, source.subarray(0, half));
    expect([first.status, first.headers.get('upload-offset')]).toEqual([204, String(half)]);
    expect(Date.parse(first.headers.get('upload-expires')!)).toBeGreaterThan(Date.now() + TUS_EXPIRY_MS - 60_000);
    // Less than an S3 part: it waits as an object of its own.
    expect(tusObjects()).toEqual([`${id}.info`, `${id}.part`]);

    // Another process (a store of its own, nothing in memory) sees the same upload where this one left it.
    const elsewhere = await new TusS3Store(s.ctx.config.s3!, path.join(dir, 'elsewhere')).getUpload(id);
    expect([elsewhere.offset, elsewhere.size, elsewhere.metadata?.owner]).toEqual([
      half,
      source.length,
      String(person.user.id),
    ]);
    const resumed = await head(person.token, created.url);
    expect([resumed.status, resumed.headers.get('upload-offset')]).toEqual([200, String(half)]);
    // Dated by its last write, a moment ago.
    expect(Date.parse(resumed.headers.get('upload-expires')!)).toBeGreaterThan(Date.now() + TUS_EXPIRY_MS - 60_000);

    const done = await patch(person.token, created.url, half, source.subarray(half));
    expect(done.status).toBe(202);
    const answer = UploadedMedia.parse(done.body);
    const [row] = await s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, answer.file));
    expect(row).toMatchObject({
      user_id: person.user.id,
      kind: 'video',
      status: 'processing',
      size_bytes: source.length,
    });
    const original = await s.ctx.storage.localCopy(row!.source_key!, path.join(dir, 'copies'));
    try {
      expect(sha256(fs.readFileSync(original.path))).toBe(sha256(source));
    } finally {
      await original.release();
    }
    // Nothing of it is left in the bucket's tus objects, nor as a multipart upload.
    expect(tusObjects()).toEqual([]);
    expect(multipartUploads()).toEqual([]);
    const again = await head(person.token, created.url);
    expect([again.status, again.headers.get('upload-offset')]).toEqual([200, String(source.length)]);
    expect((await answerOf(person.token, created.url)).body).toEqual(answer);
  });

  it('DELETE and the cleanup remove an unfinished upload from the bucket', async () => {
    const person = await creator();
    const dropped = await create(person.token, 'video', 50_000);
    expect((await patch(person.token, dropped.url, 0, Buffer.alloc(1000, 7))).status).toBe(204);
    expect(multipartUploads()).toHaveLength(1);
    expect((await terminate(person.token, dropped.url)).status).toBe(204);
    expect(tusObjects()).toEqual([]);
    expect(multipartUploads()).toEqual([]);
    expect((await head(person.token, dropped.url)).status).toBe(404);

    const stale = await create(person.token, 'video', 50_000);
    const fresh = await create(person.token, 'audio', 50_000);
    for (const upload of [stale, fresh])
      expect((await patch(person.token, upload.url, 0, Buffer.alloc(1000, 9))).status).toBe(204);
    const dayAgo = new Date(Date.now() - TUS_EXPIRY_MS - 60_000);
    await s.ctx.db
      .update(tusUploads)
      .set({ written_at: dayAgo })
      .where(eq(tusUploads.id, idOf(stale.location)));

    await jobHandlers(s.ctx)['media.cleanup']({}, { id: 'test', retryCount: 0 });
    const freshId = idOf(fresh.location);
    expect(tusObjects()).toEqual([`${freshId}.info`, `${freshId}.part`]);
    expect(multipartUploads()).toHaveLength(1);
    expect((await head(person.token, stale.url)).status).toBe(404);
    expect((await head(person.token, fresh.url)).headers.get('upload-offset')).toBe('1000');
    expect((await terminate(person.token, fresh.url)).status).toBe(204);
  });
});

/** What s3rver's Koa app is, as far as this file needs it (its types in test/ declare only its options). */
interface Koa {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
}
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
}

/** Answers ListParts and AbortMultipartUpload, which s3rver lacks, from the parts s3rver keeps on its disk. */
function withMultipartListing(server: S3rver, root: string): void {
  (server as unknown as Koa).middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (!uploadId || !['GET', 'DELETE'].includes(ctx.method)) return next();
    const [, bucket = '', ...key] = ctx.path.split('/');
    const folder = path.join(root, bucket, '._S3rver_uploads', uploadId);
    ctx.type = 'application/xml';
    if (!/^[0-9a-f]+$/.test(uploadId) || !fs.existsSync(folder)) {
      ctx.status = 404;
      ctx.body = '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    if (ctx.method === 'DELETE') {
      fs.rmSync(folder, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const parts = fs
      .readdirSync(folder)
      .filter((f) => /^\d+$/.test(f))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const stat = fs.statSync(path.join(folder, String(n)));
        const md5 = fs.readFileSync(path.join(folder, `${n}.md5`), 'utf8');
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
      });
    ctx.status = 200;
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  });
}
