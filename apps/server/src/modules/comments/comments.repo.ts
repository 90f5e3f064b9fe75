import type { Mention } from '@inkwell/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { removeComment } from '../../db/removal';
import { comments, posts } from '../../db/schema';
import { unlockedSql } from '../../db/members-only';
import { unblockedUserSql } from '../../db/safety';

export interface CommentRow {
  id: number;
  post_id: number;
  parent_id: number | null;
  depth: number;
  user_id: number;
  account_id: number | null;
  content: string;
  mentions: Mention[];
  likes_count: number;
  created_at: Date | string;
  name: string;
  username: string;
  profile_url: string | null;
  liked: boolean;
}

/** The post a comment is on, with whether `userId` (0: nobody signed in) works on its account. */
export async function postFacts(db: Db, postId: number, userId: number | null) {
  const [post] = await db
    .select({
      id: posts.id,
      account_id: posts.account_id,
      author_id: posts.author_id,
      visible: posts.visible,
      // Written out with table names: drizzle leaves columns bare in a one-table select, which turned this
      // into "account_id" = "account_id" (always true) and made every creator a member of every post.
      member:
        userId !== null
          ? sql<boolean>`exists(select 1 from account_users au where au.account_id = "posts"."account_id" and au.user_id = ${userId})`
          : sql<boolean>`false`,
      unlocked: sql<boolean>`${unlockedSql(userId ?? 0, '"posts"')}`,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  return post;
}

/** Comments with their author's (or account's) name and picture and whether the viewer liked them. */
export function commentRows(db: Db, viewer: number, where: SQL): Promise<CommentRow[]> {
  return queryRows<CommentRow>(
    db,
    sql`select c.id, c.post_id, c.parent_id, c.depth, c.user_id, c.account_id, c.content, c.mentions, c.likes_count, c.created_at,
          coalesce(a.name, u.name) as name, coalesce(a.username, u.username) as username,
          coalesce(a.profile_url, u.profile_url) as profile_url,
          exists(select 1 from likes l where l.user_id = ${viewer} and l.likeable_type = 'comment' and l.likeable_id = c.id) as liked
        from comments c
        join users u on u.id = c.user_id
        left join accounts a on a.id = c.account_id
        where ${where}
        order by c.created_at, c.id`,
  );
}

/** A post's whole thread, in the order it is shown, without the comments written by someone in a block with the viewer. */
export const threadRows = (db: Db, viewer: number, postId: number) =>
  commentRows(db, viewer, sql`c.post_id = ${postId} and ${unblockedUserSql(viewer, 'c.user_id')}`);

/** One comment, as the thread shows it. */
export async function commentRow(db: Db, viewer: number, id: number): Promise<CommentRow | undefined> {
  return (await commentRows(db, viewer, sql`c.id = ${id}`))[0];
}

/** Where a comment sits and who wrote it. */
export async function findComment(db: Db, id: number) {
  const [row] = await db
    .select({ depth: comments.depth, post_id: comments.post_id, user_id: comments.user_id })
    .from(comments)
    .where(eq(comments.id, id));
  return row;
}

export type NewComment = Pick<
  CommentRow,
  'post_id' | 'parent_id' | 'depth' | 'user_id' | 'account_id' | 'content' | 'mentions'
>;

/** Writes the comment and counts it on its post; returns its id. */
export async function insertComment(tx: Tx, values: NewComment): Promise<number> {
  const [row] = await tx.insert(comments).values(values).returning({ id: comments.id });
  await tx
    .update(posts)
    .set({ comments_count: sql`${posts.comments_count} + 1` })
    .where(eq(posts.id, values.post_id));
  return row!.id;
}

/** The comment, its replies and their likes; answers how many comments went. */
export const deleteComment = (db: Db, id: number) => removeComment(db, id);
