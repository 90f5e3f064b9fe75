import type { DomainEvent, LikeResult } from '@inkwell/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connect';
import { comments, likes, posts } from '../../db/schema';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { postAccess, requirePost } from '../posts';

type Target = 'post' | 'comment';

async function bump(tx: Tx, type: Target, id: number, by: number): Promise<number> {
  const table = type === 'post' ? posts : comments;
  const [row] = await tx
    .update(table)
    .set({ likes_count: sql`greatest(0, ${table.likes_count} + ${by})` })
    .where(eq(table.id, id))
    .returning({ likes_count: table.likes_count });
  return row?.likes_count ?? 0;
}

/**
 * A toggle: removes my like if there is one, else adds it. Either step changes the count only when it
 * changed a row, so concurrent toggles leave `likes_count` equal to the likes that exist.
 */
export async function toggleLike(ctx: AppContext, auth: AuthContext, type: Target, id: number): Promise<LikeResult> {
  // Written out with table names: drizzle leaves columns bare in a one-table select.
  const member = sql<boolean>`exists(select 1 from account_users au where au.account_id = "posts"."account_id" and au.user_id = ${auth.user.id})`;
  const target =
    type === 'post'
      ? (
          await ctx.db
            .select({ account: posts.account_id, post: posts.id, visible: posts.visible, member })
            .from(posts)
            .where(eq(posts.id, id))
        )[0]
      : (
          await ctx.db
            .select({
              account: posts.account_id,
              post: posts.id,
              visible: posts.visible,
              member,
              author: comments.user_id,
            })
            .from(comments)
            .innerJoin(posts, eq(posts.id, comments.post_id))
            .where(eq(comments.id, id))
        )[0];
  // Whoever may see the post may like it and its comments, as they may comment on it (posts.policy.ts).
  if (!target) throw notFound();
  requirePost(postAccess(auth, target));
  const me = auth.user.id;
  // What happened, published with the change and heard after it commits (notifications, realtime).
  const event = (liked: boolean): DomainEvent =>
    'author' in target
      ? {
          type: liked ? 'comment.liked' : 'comment.unliked',
          actor_id: me,
          account_id: target.account,
          post_id: target.post,
          comment_id: id,
          comment_author_id: target.author as number,
        }
      : { type: liked ? 'post.liked' : 'post.unliked', actor_id: me, account_id: target.account, post_id: target.post };
  return ctx.db.transaction(async (tx) => {
    const mine = and(eq(likes.user_id, me), eq(likes.likeable_type, type), eq(likes.likeable_id, id));
    if ((await tx.delete(likes).where(mine).returning()).length > 0) {
      ctx.events.publish(tx, event(false));
      return { liked: false, likes_count: await bump(tx, type, id, -1) };
    }
    const added =
      (
        await tx
          .insert(likes)
          .values({ user_id: me, likeable_type: type, likeable_id: id })
          .onConflictDoNothing()
          .returning()
      ).length > 0;
    const count = await bump(tx, type, id, added ? 1 : 0);
    if (added) ctx.events.publish(tx, event(true));
    return { liked: true, likes_count: count };
  });
}
