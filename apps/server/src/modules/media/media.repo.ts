import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { mediaFiles } from '../../db/schema';

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

export async function update(db: Db, id: string, values: Partial<typeof mediaFiles.$inferInsert>): Promise<void> {
  await db
    .update(mediaFiles)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(mediaFiles.id, id));
}

/** Progress only moves forward, and only while processing. */
export async function setProgress(db: Db, id: string, progress: number): Promise<void> {
  await db
    .update(mediaFiles)
    .set({ progress })
    .where(and(eq(mediaFiles.id, id), eq(mediaFiles.status, 'processing'), sql`${mediaFiles.progress} < ${progress}`));
}
