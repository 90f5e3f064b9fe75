import type { TusFinished, TusKind } from '@inkwell/contracts';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { tusUploads, users } from '../../db/schema';
import { avBytesUsed } from './media.repo';

export interface NewTusUpload {
  id: string;
  user_id: number;
  kind: TusKind;
  length: number;
}

export type Reservation =
  | { reserved: true }
  | { reserved: false; reason: 'too_many' }
  /** `used`: the bytes stored and declared by the other open uploads, which leave too little room. */
  | { reserved: false; reason: 'quota'; used: number };

const isAv = (kind: TusKind) => kind === 'audio' || kind === 'video';

/**
 * Records a new upload if its person has fewer than `maxOpen` open uploads (written to since `since`) and, for
 * audio and video within a quota (null: no limit), if what they keep plus what their open uploads declared leaves
 * room for it. The person's row is locked meanwhile, as `insertWithinQuota` locks it, so two uploads started at
 * once cannot both take the last place or the same room.
 */
export async function reserve(
  db: Db,
  upload: NewTusUpload,
  limits: { maxOpen: number; quota: number | null; since: Date },
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, upload.user_id)).for('no key update');
    const [open] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        av: sql<number>`coalesce(sum(${tusUploads.length}) filter (where ${tusUploads.kind} in ('audio', 'video')), 0)::float8`,
      })
      .from(tusUploads)
      .where(
        and(
          eq(tusUploads.user_id, upload.user_id),
          isNull(tusUploads.claimed_at),
          gt(tusUploads.written_at, limits.since),
        ),
      );
    if (Number(open?.count ?? 0) >= limits.maxOpen) return { reserved: false as const, reason: 'too_many' as const };
    if (isAv(upload.kind) && limits.quota !== null) {
      const used = (await avBytesUsed(tx, upload.user_id)) + Number(open?.av ?? 0);
      if (used + upload.length > limits.quota) return { reserved: false as const, reason: 'quota' as const, used };
    }
    await tx.insert(tusUploads).values(upload);
    return { reserved: true as const };
  });
}

/** An open upload was written to: it expires a day from now. */
export async function touch(db: Db, id: string): Promise<void> {
  await db
    .update(tusUploads)
    .set({ written_at: sql`now()` })
    .where(and(eq(tusUploads.id, id), isNull(tusUploads.claimed_at)));
}

/**
 * Takes a finished upload for one request to accept: `claimed`, or `taken` when another request has it already,
 * or `unknown` for an upload with no row (one begun before rows were kept).
 */
export async function claim(db: Db, id: string): Promise<'claimed' | 'taken' | 'unknown'> {
  const claimed = await db
    .update(tusUploads)
    .set({ claimed_at: sql`now()` })
    .where(and(eq(tusUploads.id, id), isNull(tusUploads.claimed_at)))
    .returning({ id: tusUploads.id });
  if (claimed.length > 0) return 'claimed';
  const [row] = await db.select({ id: tusUploads.id }).from(tusUploads).where(eq(tusUploads.id, id));
  return row ? 'taken' : 'unknown';
}

/** Keeps what an accepted upload answered, for a day from now. */
export async function finish(db: Db, id: string, answer: TusFinished): Promise<void> {
  await db
    .update(tusUploads)
    .set({ finished: answer, written_at: sql`now()` })
    .where(eq(tusUploads.id, id));
}

export async function forget(db: Db, id: string): Promise<void> {
  await db.delete(tusUploads).where(eq(tusUploads.id, id));
}

/**
 * A person's upload that the store no longer holds, as the database knows it since `since`: finished (with its
 * length and answer), or taken by a request to accept it (`claimedAt`).
 */
export async function doneOf(
  db: Db,
  id: string,
  userId: number,
  since: Date,
): Promise<{ length: number; finished: TusFinished | null; claimedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ length: tusUploads.length, finished: tusUploads.finished, claimed_at: tusUploads.claimed_at })
    .from(tusUploads)
    .where(and(eq(tusUploads.id, id), eq(tusUploads.user_id, userId), gt(tusUploads.written_at, since)));
  return row && { length: row.length, finished: row.finished, claimedAt: row.claimed_at };
}

/** Uploads last written to (or finished) before `before`, oldest first; `unfinished`: the store may hold bytes. */
export async function expiredBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<{ id: string; unfinished: boolean }[]> {
  const rows = await db
    .select({ id: tusUploads.id, unfinished: sql<boolean>`${tusUploads.finished} is null` })
    .from(tusUploads)
    .where(lt(tusUploads.written_at, before))
    .orderBy(tusUploads.written_at)
    .limit(limit);
  return rows;
}

export async function forgetAll(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(tusUploads).where(inArray(tusUploads.id, ids));
}
