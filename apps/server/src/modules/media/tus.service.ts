import fs from 'node:fs';
import { TUS_KINDS, TUS_MAX_OPEN, type TusFinished, type TusKind } from '@inkwell/contracts';
import type { Upload } from '@tus/server';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, ValidationError, notFound } from '../../platform/errors';
import * as media from './media.service';
import { tusStore, type UploadStore } from './tus-store';
import * as repo from './tus.repo';

const MAX_FILENAME = 255;

/**
 * How long a finished upload's request may take to accept it (probe, store, record): meanwhile a client asking
 * after it is told to wait. Longer means the request died with its process, and the client starts over.
 */
const ACCEPTING_MS = 60 * 60 * 1000;

/** Expired uploads forgotten per cleanup run; the rest wait for the next run. */
const SWEEP_BATCH = 1000;

/** Uploads last written to since this moment are still open (not expired). */
const aliveSince = (store: UploadStore, now = Date.now()) => new Date(now - store.getExpiration());

/**
 * Settles a new upload before tus stores anything of it: its kind, its size (known up front) within the kind's
 * limit and, for audio and video, the person's right to upload them and their room, counting what their other
 * unfinished uploads said they would take; and that they do not hold too many unfinished uploads already. Records
 * it as theirs, and answers the metadata kept with it: its owner is written here, never taken from the client.
 */
export async function admitUpload(ctx: AppContext, auth: AuthContext, upload: Upload): Promise<Upload['metadata']> {
  const kind = upload.metadata?.kind ?? '';
  if (!(TUS_KINDS as readonly string[]).includes(kind))
    throw new ValidationError({ kind: ['media.unknown_kind'] }, 'media.unknown_kind');
  if (upload.size === undefined) throw new AppError(400, 'media.length_required');
  if (upload.size === 0) throw new ValidationError({ file: ['media.no_file'] }, 'media.no_file');
  const admission = await media.admit(ctx, auth, media.uploadKindOf(kind as TusKind));
  if (upload.size > admission.limit) throw admission.overLimit();
  const reservation = await repo.reserve(
    ctx.db,
    { id: upload.id, user_id: auth.user.id, kind: kind as TusKind, length: upload.size },
    { maxOpen: TUS_MAX_OPEN, quota: admission.quota, since: aliveSince(tusStore(ctx)) },
  );
  if (!reservation.reserved) {
    if (reservation.reason === 'too_many') throw new AppError(429, 'media.too_many_uploads', { max: TUS_MAX_OPEN });
    throw media.quotaError(admission.quota!, reservation.used);
  }
  const filename = upload.metadata?.filename?.slice(0, MAX_FILENAME);
  return { kind, ...(filename ? { filename } : {}), owner: String(auth.user.id) };
}

/**
 * Accepts a finished upload exactly as the multipart routes accept a file, and answers what they answer, kept
 * for a day for a client whose answer was lost. The bytes leave the store first, so the upload is gone whether
 * it is accepted or refused; the database's claim makes sure only one request (of any process) takes them.
 */
export async function finishUpload(ctx: AppContext, auth: AuthContext, upload: Upload) {
  const claim = await repo.claim(ctx.db, upload.id);
  if (claim === 'taken') throw notFound();
  const claimed = await tusStore(ctx).claim(upload.id);
  if (!claimed) {
    if (claim === 'claimed') await repo.forget(ctx.db, upload.id);
    throw notFound();
  }
  const kind = upload.metadata!.kind as TusKind;
  let finished: TusFinished;
  try {
    finished = await media.acceptFile(ctx, auth, kind, claimed);
  } catch (err) {
    await repo.forget(ctx.db, upload.id);
    throw err;
  } finally {
    await fs.promises.rm(claimed, { force: true });
  }
  await repo.finish(ctx.db, upload.id, finished);
  return {
    status_code: media.isImageKind(kind) ? 200 : 202,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(finished),
  };
}

/** A PATCH wrote to an open upload (or began to, before its connection dropped): it expires a day from now. */
export async function wroteTo(ctx: AppContext, id: string): Promise<void> {
  await repo.touch(ctx.db, id);
}

/** An upload was terminated, or its creation failed after it was recorded: it no longer counts. */
export async function dropped(ctx: AppContext, id: string): Promise<void> {
  await repo.forget(ctx.db, id);
}

/** What the database says of a person's upload the store no longer holds. */
export type Done = { finished: TusFinished; length: number } | 'accepting' | null;

export async function doneUpload(ctx: AppContext, id: string, userId: number): Promise<Done> {
  const row = await repo.doneOf(ctx.db, id, userId, aliveSince(tusStore(ctx)));
  if (row?.finished) return { finished: row.finished, length: row.length };
  if (row?.claimedAt && Date.now() - row.claimedAt.getTime() < ACCEPTING_MS) return 'accepting';
  return null;
}

/**
 * Removes resumable uploads whose last write is older than their expiry: from the store (a folder holds this
 * process's alone and is swept whole; a bucket's are removed by id), then from the database, finished ones
 * included. Answers how many the store held.
 */
export async function sweepUploads(ctx: AppContext, now = Date.now()): Promise<number> {
  const store = tusStore(ctx);
  const expired = await repo.expiredBefore(ctx.db, aliveSince(store, now), SWEEP_BATCH);
  const removed = await store.sweep(expired.filter((e) => e.unfinished).map((e) => e.id));
  await repo.forgetAll(
    ctx.db,
    expired.map((e) => e.id),
  );
  return removed;
}
