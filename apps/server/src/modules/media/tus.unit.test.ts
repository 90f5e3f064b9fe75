import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TUS_EXPIRY_MS } from '@inkwell/contracts';
import { ERRORS, Upload } from '@tus/server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { tusRefusal } from './tus';
import { TusStore } from './tus-store';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-tus-'));
let dir: string;
let store: TusStore;
const now = Date.now();
const longAgo = new Date(now - TUS_EXPIRY_MS - 60_000);
const files = () => fs.readdirSync(dir).sort();
const age = (name: string, when: Date) => fs.utimesSync(path.join(dir, name), when, when);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(root, 'store-'));
  store = new TusStore(dir);
});
// tus checks each store's folder in the background, unawaitable: removed while that runs, it throws uncaught.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  fs.rmSync(root, { recursive: true, force: true });
});

async function upload(id: string, bytes = 10) {
  await store.create(new Upload({ id, size: 100, offset: 0, metadata: { kind: 'video' } }));
  fs.writeFileSync(path.join(dir, id), Buffer.alloc(bytes));
}

describe('the tus store', () => {
  it('offers creation, termination and expiration only: every upload says its size up front', () => {
    expect(store.extensions).toEqual(['creation', 'termination', 'expiration']);
  });

  it('dates an upload by its last write, so it expires a day after its last byte, not after its creation', async () => {
    await upload('a');
    age('a.json', longAgo);
    const written = new Date(now - 5000);
    age('a', written);
    expect((await store.getUpload('a')).creation_date).toBe(written.toISOString());
  });

  it('deletes expired uploads and what a crash left, keeps the rest, and tolerates another process', async () => {
    await upload('stale');
    age('stale', longAgo);
    age('stale.json', longAgo);
    // Created long ago, written to a moment ago: still alive.
    await upload('active');
    age('active.json', longAgo);
    // A record whose bytes are gone, and a claimed upload whose request died with its process.
    fs.writeFileSync(path.join(dir, 'orphan.json'), '{}');
    age('orphan.json', longAgo);
    fs.writeFileSync(path.join(dir, 'dead.accepting'), 'x');
    age('dead.accepting', longAgo);
    fs.writeFileSync(path.join(dir, 'busy.accepting'), 'x');

    // Two processes sweeping the same folder at once: neither fails on what the other removed.
    const other = new TusStore(dir);
    const [mine, theirs] = await Promise.all([store.deleteExpired(now), other.deleteExpired(now)]);
    expect(mine + theirs).toBeGreaterThanOrEqual(3);
    expect(files()).toEqual(['active', 'active.json', 'busy.accepting']);
    expect(await store.deleteExpired(now)).toBe(0);
    expect(await new TusStore(path.join(dir, 'never-made')).deleteExpired(now)).toBe(0);
  });

  it('hands a finished upload to one request only', async () => {
    await upload('done', 100);
    const claimed = await store.claim('done');
    expect(claimed).toBe(path.join(dir, 'done.accepting'));
    expect(await store.claim('done')).toBeNull();
    expect(files()).toEqual(['done.accepting']);
    await expect(store.getUpload('done')).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });
});

describe('tus refusals as our errors', () => {
  const refusal = (failure: unknown, status: number) => {
    const error = tusRefusal(failure, status);
    return error instanceof AppError ? [error.status, error.key] : ['server error', error.message];
  };

  it('translate the protocol refusals, keep ours, and leave the rest server errors', () => {
    expect(refusal(ERRORS.INVALID_OFFSET, 409)).toEqual([409, 'media.upload_offset']);
    expect(refusal(ERRORS.FILE_NO_LONGER_EXISTS, 410)).toEqual([410, 'media.upload_expired']);
    expect(refusal(undefined, 412)).toEqual([412, 'media.tus_version']);
    expect(refusal(ERRORS.INVALID_LENGTH, 400)).toEqual([400, 'media.length_required']);
    expect(refusal(ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION, 501)).toEqual([400, 'media.length_required']);
    expect(refusal(ERRORS.MISSING_OFFSET, 403)).toEqual([400, 'errors.bad_request']);
    expect(refusal(ERRORS.ERR_SIZE_EXCEEDED, 413)).toEqual([413, 'errors.payload_too_large']);
    expect(refusal(undefined, 400)).toEqual([400, 'errors.bad_request']);
    expect(refusal(new AppError(415, 'media.bad_video'), 500)).toEqual([415, 'media.bad_video']);
    expect(refusal(ERRORS.FILE_WRITE_ERROR, 500)).toEqual([
      'server error',
      'tus answered 500: Something went wrong receiving the file',
    ]);
    const ours = new Error('disk on fire');
    expect(tusRefusal(ours, 500)).toBe(ours);
  });
});
