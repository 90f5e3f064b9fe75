import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../../config';
import { assertPublicKey, assertSafeKey, cacheControlOf, isPrivateKey, type Storage } from './storage';

type S3Config = NonNullable<Config['s3']>;

/** Any S3-compatible store; objects are written whole (multipart under the hood for large files). */
export function s3Storage(config: S3Config): Storage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const base = (config.publicUrl ?? `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}`).replace(/\/+$/, '');
  const put = async (key: string, body: Buffer | Readable, contentType: string) => {
    assertSafeKey(key);
    await new Upload({
      client,
      params: {
        Bucket: config.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: isPrivateKey(key) ? 'private, no-store' : cacheControlOf(key),
      },
    }).done();
  };
  return {
    kind: 's3',
    putFile: (key, localPath, contentType) => put(key, fs.createReadStream(localPath), contentType),
    putBuffer: (key, body, contentType) => put(key, body, contentType),
    async localCopy(key, tmpDir) {
      assertSafeKey(key);
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const local = path.join(tmpDir, `s3-${randomBytes(6).toString('hex')}${path.extname(key)}`);
      const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
      await pipeline(res.Body as Readable, fs.createWriteStream(local));
      return { path: local, release: () => fs.promises.rm(local, { force: true }) };
    },
    async read(key) {
      assertSafeKey(key);
      const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
      return res.Body as Readable;
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    url: (key) => {
      assertPublicKey(key);
      return `${base}/${key}`;
    },
    keyOf: (url) => (url.startsWith(`${base}/`) ? url.slice(base.length + 1) : undefined),
  };
}
