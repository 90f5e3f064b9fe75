import fs from 'node:fs';
import path from 'node:path';
import { TUS_EXPIRY_MS } from '@inkwell/contracts';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/server';
import type { AppContext } from '../../platform/context';
import { tmpDir } from './media.service';
import { TusS3Store } from './tus-s3-store';

/** Where unfinished resumable uploads wait without S3: on this process's disk, never served. */
export const tusDir = (ctx: AppContext): string => path.join(ctx.config.dataDir, 'tus');

/** The suffix of an upload's bytes while a request accepts them (see `claim`). */
const CLAIMED = '.accepting';

const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** What the tus store throws for an upload that is not (or no longer) there. */
export const isGoneUpload = (err: unknown): boolean =>
  err === ERRORS.FILE_NOT_FOUND || err === ERRORS.FILE_NO_LONGER_EXISTS;

/**
 * tus's file store, with three differences:
 *
 * - An upload expires a day after its last byte (the contract's TUS_EXPIRY_MS), not a day after its creation:
 *   the store dates each upload by its file's last write, and tus's own expiry checks read that date.
 * - `deleteExpired` may run in several processes over one folder at once, and never fails on a file another
 *   process removed first; it also removes what a crash left (a record without its bytes, a claimed file).
 * - Only the extensions the API offers are announced: no deferred length (every upload says its size first,
 *   so the limits and the quota are checked before a byte is stored), no upload within the creation request.
 */
export class TusStore extends FileStore {
  constructor(directory: string, expiryMs = TUS_EXPIRY_MS) {
    // tus makes the folder in the background and throws where nobody can catch it when it cannot: made here
    // first, a folder that cannot be made is the caller's error, not an uncaught exception.
    fs.mkdirSync(directory, { recursive: true });
    super({ directory, expirationPeriodInMilliseconds: expiryMs });
    this.extensions = ['creation', 'termination', 'expiration'];
  }

  override async getUpload(id: string): Promise<Upload> {
    const upload = await super.getUpload(id);
    try {
      const written = await fs.promises.stat(path.join(this.directory, id));
      upload.creation_date = written.mtime.toISOString();
    } catch (err) {
      if (isMissing(err)) throw ERRORS.FILE_NO_LONGER_EXISTS;
      throw err;
    }
    return upload;
  }

  /**
   * Takes a finished upload's bytes out of the store for one request to accept: a second request finishing the
   * same upload (a retried last PATCH) finds nothing and cannot accept it twice. Answers where the bytes now
   * are, or null when another request took them first. The caller removes that file.
   */
  async claim(id: string): Promise<string | null> {
    const bytes = path.join(this.directory, id);
    try {
      await fs.promises.rename(bytes, `${bytes}${CLAIMED}`);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    await this.configstore.delete(id).catch((err: unknown) => {
      if (!isMissing(err)) throw err;
    });
    return `${bytes}${CLAIMED}`;
  }

  /**
   * Removes every upload last written to longer ago than the expiry, with whatever a crash left of one
   * (its files share the upload's id before the first dot). A finished upload never stays: its request claims
   * it. Answers how many uploads were removed.
   */
  override async deleteExpired(now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.directory);
    } catch (err) {
      if (isMissing(err)) return 0;
      throw err;
    }
    const byUpload = new Map<string, string[]>();
    for (const name of names) {
      const id = name.split('.')[0]!;
      byUpload.set(id, [...(byUpload.get(id) ?? []), name]);
    }
    let removed = 0;
    for (const [id, files] of byUpload) {
      // The bytes' last write dates the upload; without them (a record a crash left), the newest of its files.
      const dated = files.includes(id) ? [id] : files;
      const times = await Promise.all(dated.map((f) => this.lastWrite(f)));
      const last = Math.max(...times.filter((t): t is number => t !== null));
      if (!Number.isFinite(last) || now - last <= this.getExpiration()) continue;
      await Promise.all(files.map((f) => fs.promises.rm(path.join(this.directory, f), { force: true })));
      removed++;
    }
    return removed;
  }

  /** Removes expired uploads: this process's folder holds only its own, whatever the database knows of others. */
  async sweep(): Promise<number> {
    return this.deleteExpired();
  }

  /** A file's last write, or null when another process removed it meanwhile. */
  private async lastWrite(name: string): Promise<number | null> {
    try {
      return (await fs.promises.stat(path.join(this.directory, name))).mtimeMs;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }
}

/** Where uploads wait: in the bucket when media is stored in S3 (any process goes on with any upload), else on disk. */
export type UploadStore = TusStore | TusS3Store;

const stores = new WeakMap<AppContext, UploadStore>();

/** The one store of a context: the routes write to it, the scheduled cleanup sweeps it. */
export function tusStore(ctx: AppContext): UploadStore {
  let store = stores.get(ctx);
  if (!store) {
    store = ctx.config.s3 ? new TusS3Store(ctx.config.s3, tmpDir(ctx)) : new TusStore(tusDir(ctx));
    stores.set(ctx, store);
  }
  return store;
}
