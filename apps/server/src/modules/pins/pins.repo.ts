import type { PostStatus } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { visiblePostSql } from '../../db/safety';
import { decoratePosts, type PostListRow } from '../posts';

type Conn = Db | Tx;

/**
 * The account's pinned posts as the viewer may see them on its page, in pin order, in one statement: published,
 * and none by someone in a block with them (as on the account's page, mutes are not asked). Whether the account
 * itself is visible is the caller's to ask (`visible` on the rows says it when there are any).
 */
export function pinnedPosts(db: Db, viewer: number, accountId: number): Promise<PostListRow[]> {
  const page = sql`select * from posts p
    where p.account_id = ${accountId} and p.pin_position is not null and p.status = 'published'
      and ${visiblePostSql(viewer, { post: 'p', mutes: false })}`;
  return queryRows<PostListRow>(
    db,
    sql`select * from (${decoratePosts(viewer, page, sql`null::int`)}) pinned order by pinned.pin_position`,
  );
}

/**
 * Locks the account's row until the transaction ends: two people setting its pins at once take turns (each
 * replaces the whole set). `no key update` lets posts be written meanwhile (their foreign key only shares it).
 */
export async function lockAccount(tx: Tx, accountId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select a.id from accounts a where a.id = ${accountId} for no key update`,
  );
  return rows.length > 0;
}

/** Which of these posts are the account's, with their status. */
export function postsOfAccount(db: Conn, accountId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<{ id: number; status: PostStatus }>(
    db as Db,
    sql`select p.id, p.status from posts p where p.account_id = ${accountId} and p.id = any(${sql.param(ids)}::int[])`,
  );
}

/**
 * Replaces the account's pins with `ids`, in order (1, 2, 3): the pins there were go first, so the unique index
 * `posts_pin_key` never sees two posts in one place. A pin is no edit: `updated_at` stays.
 */
export async function replacePins(tx: Tx, accountId: number, ids: number[]): Promise<void> {
  await tx.execute(
    sql`update posts set pin_position = null where account_id = ${accountId} and pin_position is not null`,
  );
  if (ids.length === 0) return;
  await tx.execute(
    sql`update posts p set pin_position = v.position
        from unnest(${sql.param(ids)}::int[]) with ordinality as v(id, position)
        where p.id = v.id and p.account_id = ${accountId}`,
  );
}
