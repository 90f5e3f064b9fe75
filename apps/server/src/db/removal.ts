import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from './connect';
import { VISIBLE_POSTS } from './counters';

/*
 * Deletes that keep every stored count true. Likes point at a post or a comment by type and id, which no
 * foreign key follows, so each delete removes the likes of what it removes itself; comments gone with
 * their post, parent or account lower the count of any post that stays. Each is set-based SQL run inside
 * the caller's transaction.
 */

type Conn = Db | Tx;

/**
 * The start of a statement that deletes the comments `roots` selects (`id, post_id`), their replies at any depth
 * and the likes of all of them; `gone` holds the `post_id` of each comment deleted.
 */
const commentsGone = (roots: SQL) =>
  sql`with recursive doomed as (
          ${roots}
          union
          select r.id, r.post_id from comments r join doomed d on r.parent_id = d.id
        ),
        gone_likes as (
          delete from likes l using doomed d where l.likeable_type = 'comment' and l.likeable_id = d.id
        ),
        gone as (
          delete from comments c using doomed d where c.id = d.id returning c.post_id
        )`;

/**
 * A comment and its replies, with the likes of all of them; the post's `comments_count` drops by every
 * comment removed. Answers how many went (0 when the comment was already gone).
 */
export async function removeComment(db: Conn, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db as Db,
    sql`${commentsGone(sql`select c.id, c.post_id from comments c where c.id = ${id}`)},
        per_post as (
          select g.post_id, count(*)::int as n from gone g group by g.post_id
        ),
        lowered as (
          update posts p set comments_count = greatest(0, p.comments_count - pp.n)
          from per_post pp where p.id = pp.post_id
        )
        select coalesce(sum(pp.n), 0)::int as n from per_post pp`,
  );
  return row?.n ?? 0;
}

/**
 * Everything that goes with a creator account, before the account row itself is deleted (its posts, and
 * the comments made as it, then leave by foreign key):
 * - comments made as the account on other accounts' posts, with their replies and likes, lowering those
 *   posts' `comments_count`;
 * - the likes of the account's posts and of every comment on them;
 * - the account's visible posts from the public feed's total.
 * The caller holds the account row locked, so no post or comment is added as the account meanwhile.
 */
export async function removeAccountContent(db: Conn, accountId: number): Promise<void> {
  await db.execute(
    sql`${commentsGone(
      sql`select c.id, c.post_id from comments c join posts p on p.id = c.post_id
          where c.account_id = ${accountId} and p.account_id <> ${accountId}`,
    )}
        update posts p set comments_count = greatest(0, p.comments_count - g.n)
        from (select gone.post_id, count(*)::int as n from gone group by gone.post_id) g
        where p.id = g.post_id`,
  );
  await db.execute(
    sql`with own_posts as (
          select p.id, p.visible from posts p where p.account_id = ${accountId}
        ),
        gone_likes as (
          delete from likes l
          where (l.likeable_type = 'post' and l.likeable_id in (select o.id from own_posts o))
             or (l.likeable_type = 'comment' and l.likeable_id in (
                  select c.id from comments c join own_posts o on o.id = c.post_id))
        )
        update counters set value = value - (select count(*)::int from own_posts o where o.visible)
        where key = ${VISIBLE_POSTS}`,
  );
}
