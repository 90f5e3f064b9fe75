import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { mediaFiles, users } from '../../db/schema';

type Conn = Db | Tx;
export type MediaRow = typeof mediaFiles.$inferSelect;

export async function insert(db: Db, values: typeof mediaFiles.$inferInsert): Promise<void> {
  await db.insert(mediaFiles).values(values);
}

export async function byId(db: Db, id: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  return row;
}

export async function ownedBy(db: Db, id: string, userId: number): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, id), eq(mediaFiles.user_id, userId)));
  return row;
}

export async function remove(db: Db, id: string): Promise<void> {
  await db.delete(mediaFiles).where(eq(mediaFiles.id, id));
}

/** False when the row is gone (an abandoned upload removed by the cleanup meanwhile). */
export async function update(db: Db, id: string, values: Partial<typeof mediaFiles.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(mediaFiles)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(mediaFiles.id, id))
    .returning({ id: mediaFiles.id });
  return rows.length > 0;
}

/**
 * Progress only moves forward, and only while the transcode goes on (processing, or a video processed while its
 * last renditions are made); answers whether it moved.
 */
export async function setProgress(db: Db, id: string, progress: number): Promise<boolean> {
  const rows = await db
    .update(mediaFiles)
    .set({ progress })
    .where(
      and(
        eq(mediaFiles.id, id),
        inArray(mediaFiles.status, ['processing', 'processed']),
        sql`${mediaFiles.progress} < ${progress}`,
      ),
    )
    .returning({ id: mediaFiles.id });
  return rows.length > 0;
}

/** Bytes of audio and video the person keeps now (a sum over `media_files_usage_idx`). */
export async function avBytesUsed(db: Conn, userId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${mediaFiles.size_bytes}), 0)::float8` })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.user_id, userId), inArray(mediaFiles.kind, ['audio', 'video'])));
  return Number(row?.used ?? 0);
}

/**
 * Records an audio or video upload if it fits in the person's quota (null: no limit). The person's row is
 * locked meanwhile, so two uploads at once cannot both squeeze into the same room.
 */
export async function insertWithinQuota(
  db: Db,
  values: typeof mediaFiles.$inferInsert & { user_id: number; size_bytes: number },
  quotaBytes: number | null,
): Promise<{ stored: true } | { stored: false; used: number }> {
  return db.transaction(async (tx) => {
    if (quotaBytes !== null) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, values.user_id)).for('no key update');
      const used = await avBytesUsed(tx, values.user_id);
      if (used + values.size_bytes > quotaBytes) return { stored: false as const, used };
    }
    await tx.insert(mediaFiles).values(values);
    return { stored: true as const };
  });
}

/**
 * Marks the uploads behind these storage keys as attached (to a post); answers the keys found. Taking the
 * rows' locks here also orders a post's save against the cleanup deleting the same file.
 */
export async function markAttached(db: Conn, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .update(mediaFiles)
    .set({ attached_at: sql`coalesce(${mediaFiles.attached_at}, now())` })
    .where(inArray(mediaFiles.output_key, keys))
    .returning({ key: mediaFiles.output_key });
  return new Set(rows.map((r) => r.key!));
}

export type Stored = Pick<MediaRow, 'id' | 'output_key' | 'poster_key' | 'source_key' | 'file_keys'>;

/** Uploads nothing has been attached to, created before `before`, oldest first. */
export async function unattachedBefore(db: Db, before: Date, limit: number): Promise<Stored[]> {
  return db
    .select({
      id: mediaFiles.id,
      output_key: mediaFiles.output_key,
      poster_key: mediaFiles.poster_key,
      source_key: mediaFiles.source_key,
      file_keys: mediaFiles.file_keys,
    })
    .from(mediaFiles)
    .where(and(isNull(mediaFiles.attached_at), lt(mediaFiles.created_at, before)))
    .orderBy(asc(mediaFiles.created_at))
    .limit(limit);
}

/**
 * Deletes the candidates that are still unattached and that nothing points at (a post's file, featured
 * photo or gallery; a person's, organization's or account's picture), each check an index lookup. Answers
 * the deleted rows, whose files the caller removes.
 */
export async function deleteUnreferenced(db: Db, candidates: { id: string; url: string | null }[]): Promise<Stored[]> {
  if (candidates.length === 0) return [];
  const list = sql.join(
    candidates.map((c) => sql`(${c.id}::varchar, ${c.url}::text)`),
    sql`, `,
  );
  return queryRows<Stored>(
    db,
    sql`
    delete from media_files m
    using (values ${list}) as c(id, url)
    where m.id = c.id
      and m.attached_at is null
      and not exists (select 1 from posts p where p.url = c.url)
      and not exists (select 1 from posts p where p.featured_photo_url = c.url)
      and not exists (
        select 1 from posts p where p.photos @> jsonb_build_array(jsonb_build_object('url', c.url))
      )
      and not exists (select 1 from users u where u.profile_url = c.url)
      and not exists (select 1 from organizations o where o.profile_url = c.url)
      and not exists (select 1 from accounts a where a.profile_url = c.url)
      and not exists (select 1 from accounts a where a.banner_url = c.url)
    returning m.id, m.output_key, m.poster_key, m.source_key, m.file_keys`,
  );
}

/** Candidates the cleanup kept because something points at them: never looked at again. */
export async function markAttachedByIds(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mediaFiles)
    .set({ attached_at: sql`now()` })
    .where(and(inArray(mediaFiles.id, ids), isNull(mediaFiles.attached_at)));
}

/**
 * Originals still kept for uploads whose transcode ended: failed, or processed to the last rendition (left by an
 * interrupted worker, or older). A video processed below 100 still needs its original for its top renditions.
 */
export async function leftoverOriginals(db: Db, limit: number): Promise<{ id: string; source_key: string }[]> {
  const rows = await db
    .select({ id: mediaFiles.id, source_key: mediaFiles.source_key })
    .from(mediaFiles)
    .where(
      and(
        isNotNull(mediaFiles.source_key),
        // As `media_files_leftover_source_idx` says it, so the index serves it.
        sql`(${mediaFiles.status} = 'failed' or (${mediaFiles.status} = 'processed' and ${mediaFiles.progress} = 100))`,
      ),
    )
    .orderBy(asc(mediaFiles.created_at))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, source_key: r.source_key! }));
}

/** Forgets the original once its file is deleted (only if it is still the same one). */
export async function clearSource(db: Db, id: string, key: string): Promise<void> {
  await db
    .update(mediaFiles)
    .set({ source_key: null })
    .where(and(eq(mediaFiles.id, id), eq(mediaFiles.source_key, key)));
}

/**
 * Whether `url` is a finished upload of `userId`'s of this kind: `yours` and `ready`, or why not. Chat
 * pictures (and posts) point only at their sender's own uploads, never at someone else's or a hot link.
 */
export async function ownUpload(
  db: Conn,
  key: string | undefined,
  userId: number,
  kind: 'image' | 'audio' | 'video',
): Promise<'ok' | 'not_yours' | 'not_ready'> {
  if (!key) return 'not_yours';
  const [file] = await db
    .select({ status: mediaFiles.status, kind: mediaFiles.kind })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.output_key, key), eq(mediaFiles.user_id, userId)))
    .limit(1);
  if (!file || file.kind !== kind) return 'not_yours';
  return file.status === 'processed' ? 'ok' : 'not_ready';
}

/**
 * Every file stored for the uploads behind these output keys (a post's `url`): what a members-only post's lock
 * moves beside the file it names.
 */
export async function uploadFiles(db: Conn, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ files: mediaFiles.file_keys })
    .from(mediaFiles)
    .where(inArray(mediaFiles.output_key, keys));
  return rows.flatMap((r) => r.files);
}

/** The key of an upload's main file (what a post's `url` names), by the upload's id. */
export async function uploadKeyOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ key: mediaFiles.output_key }).from(mediaFiles).where(eq(mediaFiles.id, id));
  return row?.key ?? null;
}
