import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { comments, likes, posts } from '../../db/schema';

export type LikeTarget = 'post' | 'comment';

/** The post behind a like's target (the post itself, or the comment's), with whether `userId` works on its account. */
export interface LikeTargetFacts {
  account: number;
  post: number;
  visible: boolean;
  member: boolean;
  /** Set for a comment: who wrote it. */
  author?: number;
}

export async function targetFacts(
  db: Db,
  type: LikeTarget,
  id: number,
  userId: number,
): Promise<LikeTargetFacts | undefined> {
  // Written out with table names: drizzle leaves columns bare in a one-table select.
  const member = sql<boolean>`exists(select 1 from account_users au where au.account_id = "posts"."account_id" and au.user_id = ${userId})`;
  if (type === 'post') {
    const [row] = await db
      .select({ account: posts.account_id, post: posts.id, visible: posts.visible, member })
      .from(posts)
      .where(eq(posts.id, id));
    return row;
  }
  const [row] = await db
    .select({ account: posts.account_id, post: posts.id, visible: posts.visible, member, author: comments.user_id })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.post_id))
    .where(eq(comments.id, id));
  return row;
}

const mine = (userId: number, type: LikeTarget, id: number) =>
  and(eq(likes.user_id, userId), eq(likes.likeable_type, type), eq(likes.likeable_id, id));

/** Removes the person's like; true when there was one. */
export async function deleteLike(tx: Tx, userId: number, type: LikeTarget, id: number): Promise<boolean> {
  return (
    (
      await tx
        .delete(likes)
        .where(mine(userId, type, id))
        .returning()
    ).length > 0
  );
}

/** Adds the person's like; false when it was there already. */
export async function insertLike(tx: Tx, userId: number, type: LikeTarget, id: number): Promise<boolean> {
  const added = await tx
    .insert(likes)
    .values({ user_id: userId, likeable_type: type, likeable_id: id })
    .onConflictDoNothing()
    .returning();
  return added.length > 0;
}

/** Moves the target's `likes_count` by `by` (never below zero); returns the new count. */
export async function bumpLikes(tx: Tx, type: LikeTarget, id: number, by: number): Promise<number> {
  const table = type === 'post' ? posts : comments;
  const [row] = await tx
    .update(table)
    .set({ likes_count: sql`greatest(0, ${table.likes_count} + ${by})` })
    .where(eq(table.id, id))
    .returning({ likes_count: table.likes_count });
  return row?.likes_count ?? 0;
}
