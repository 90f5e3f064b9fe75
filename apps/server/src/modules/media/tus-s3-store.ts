import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Part } from '@aws-sdk/client-s3';
import { TUS_EXPIRY_MS } from '@inkwell/contracts';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS, Upload, type KvStore } from '@tus/server';
import type { Config } from '../../config';
import { PRIVATE_PREFIX } from '../../platform/storage/storage';

type S3Config = NonNullable<Config['s3']>;

/**
 * Where unfinished uploads wait in the bucket: under `private/`, which the bucket's public policy leaves out (an
 * upload's bytes are an untouched original, with its location and tags).
 */
export const TUS_PREFIX = `${PRIVATE_PREFIX}tus/`;

/** S3 refuses smaller parts but the last; a PATCH's bytes wait in an `.part` object until there are this many. */
const PART_BYTES = 8 * 1024 * 1024;

const codeOf = (err: unknown): string | undefined => {
  const e = err as { name?: unknown; Code?: unknown } | null;
  if (typeof e?.Code === 'string') return e.Code;
  return typeof e?.name === 'string' ? e.name : undefined;
};
const isMissingObject = (err: unknown) => ['NoSuchKey', 'NotFound'].includes(codeOf(err) ?? '');
const isMissingMultipart = (err: unknown) => ['NoSuchUpload', 'NoSuchKey'].includes(codeOf(err) ?? '');

/**
 * Remembers nothing: the upload's record is read from the bucket at every request, because another server process
 * may have finished or removed the upload since (tus's default cache is per process, and would answer for an
 * upload that is gone).
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/**
 * tus's S3 store, so that any server process can go on with an upload, with four differences:
 *
 * - Its objects live under `TUS_PREFIX` (the store names them by upload id alone, at the bucket's root).
 * - An upload expires a day after its last byte, as in the file store: it is dated by its newest part.
 * - Only the extensions the API offers are announced (no deferred length, no upload within the creation).
 * - Expired uploads are removed by id (the database knows them): listing a bucket's multipart uploads is not
 *   offered by every S3-compatible store.
 */
export class TusS3Store extends S3Store {
  constructor(
    config: S3Config,
    private readonly tmpDir: string,
    expiryMs = TUS_EXPIRY_MS,
  ) {
    super({
      partSize: PART_BYTES,
      cache: noCache,
      expirationPeriodInMilliseconds: expiryMs,
      // Expiry is ours (the hourly cleanup), not a bucket lifecycle rule's: no tags needed.
      useTags: false,
      s3ClientConfig: {
        bucket: config.bucket,
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // The SDK's default trailing checksums are not understood by every S3-compatible store; S3 needs none.
        requestChecksumCalculation: 'WHEN_REQUIRED',
      },
    });
    this.extensions = ['creation', 'termination', 'expiration'];
    this.client.middlewareStack.add(
      (next) => async (args) => next({ ...args, input: underPrefix(args.input as KeyedInput) as typeof args.input }),
      { step: 'initialize', name: 'tusObjectPrefix' },
    );
  }

  /** As tus's, but dated by the last write: the newest part, or the bytes waiting for a whole part. */
  override async getUpload(id: string): Promise<Upload> {
    let file: Upload;
    try {
      file = (await this.getMetadata(id)).file;
    } catch (err) {
      if (isMissingObject(err)) throw ERRORS.FILE_NOT_FOUND;
      throw err;
    }
    let parts: Part[];
    try {
      parts = await this.retrieveParts(id);
    } catch (err) {
      // Its record outlived the multipart upload: completed, its request about to take it.
      if (isMissingMultipart(err)) return new Upload({ ...file, offset: file.size ?? 0 });
      throw err;
    }
    const waiting = await this.waitingPart(id);
    const offset = parts.reduce((sum, p) => sum + (p.Size ?? 0), 0) + (waiting?.size ?? 0);
    const written = [file.creation_date, ...parts.map((p) => p.LastModified), waiting?.at]
      .map((d) => (d ? new Date(d).getTime() : NaN))
      .filter(Number.isFinite);
    const creation_date = written.length ? new Date(Math.max(...written)).toISOString() : file.creation_date;
    return new Upload({ ...file, offset, creation_date });
  }

  /** The bytes of the last PATCHes waiting for a whole part, if any: their size and when they were written. */
  private async waitingPart(id: string): Promise<{ size: number; at?: Date } | undefined> {
    try {
      const head = await this.client.headObject({ Bucket: this.bucket, Key: this.partKey(id, true) });
      return { size: head.ContentLength ?? 0, at: head.LastModified };
    } catch (err) {
      if (isMissingObject(err)) return undefined;
      throw err;
    }
  }

  /** As tus's, but also removes the waiting bytes, and a completed upload no request took (after a crash). */
  override async remove(id: string): Promise<void> {
    let uploadId: string;
    try {
      uploadId = (await this.getMetadata(id))['upload-id'];
    } catch (err) {
      if (isMissingObject(err)) throw ERRORS.FILE_NOT_FOUND;
      throw err;
    }
    await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId }).catch((err) => {
      if (!isMissingMultipart(err)) throw err;
    });
    await this.dropObjects(id);
  }

  private async dropObjects(id: string): Promise<void> {
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }], Quiet: true },
    });
  }

  /**
   * Takes a finished upload's assembled object out of the bucket into a local file for one request to accept
   * (the database's claim has made sure it is one). Answers the file's path, or null when the upload is not
   * there. The caller removes the file.
   */
  async claim(id: string): Promise<string | null> {
    let body: Readable;
    try {
      body = (await this.client.getObject({ Bucket: this.bucket, Key: id })).Body as Readable;
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw err;
    }
    await fs.promises.mkdir(this.tmpDir, { recursive: true });
    const local = path.join(this.tmpDir, `tus-${id}-${randomBytes(4).toString('hex')}`);
    try {
      await pipeline(body, fs.createWriteStream(local));
    } catch (err) {
      await fs.promises.rm(local, { force: true });
      throw err;
    }
    await this.dropObjects(id);
    return local;
  }

  /** Nothing to list: the hourly cleanup removes expired uploads by id (`sweep`). */
  override async deleteExpired(): Promise<number> {
    return 0;
  }

  /** Removes these expired uploads (ids from the database); answers how many the bucket still held. */
  async sweep(expired: string[]): Promise<number> {
    let removed = 0;
    for (const id of expired) {
      try {
        await this.remove(id);
        removed++;
      } catch (err) {
        if (err !== ERRORS.FILE_NOT_FOUND) throw err;
      }
    }
    return removed;
  }
}

type KeyedInput = { Key?: string; Delete?: { Objects?: { Key?: string }[] } } & Record<string, unknown>;

/** A command's input with its object keys under `TUS_PREFIX`. */
function underPrefix(input: KeyedInput): KeyedInput {
  const moved: KeyedInput = { ...input };
  if (typeof input.Key === 'string') moved.Key = `${TUS_PREFIX}${input.Key}`;
  if (input.Delete?.Objects)
    moved.Delete = {
      ...input.Delete,
      Objects: input.Delete.Objects.map((o) => ({ ...o, Key: `${TUS_PREFIX}${o.Key}` })),
    };
  return moved;
}
