import type { PostType } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { decorate, type PostListRow } from './posts.repo';

/** A post being published: what announcing it needs, and who it is announced as. */
export interface Publishing {
  id: number;
  account_id: number;
  type: PostType;
  tags: string[];
  /** Its writer, or (a writer since gone) one of its account's people. */
  actor: number;
}

const publishingColumns = sql`p.id, p.account_id, p.type, p.tags,
  coalesce(p.author_id, (select au.user_id from account_users au where au.account_id = p.account_id
                         order by au.user_id limit 1)) as actor`;

/**
 * The post's row locked first (then its account's, as creating a post locks it): the scheduler takes the same
 * locks in the same order, so the two never wait on each other in a circle. Only a draft or a scheduled post.
 */
export async function lockUnpublished(tx: Tx, id: number): Promise<Publishing | undefined> {
  const [row] = await queryRows<Publishing>(
    tx as Db,
    sql`select ${publishingColumns} from posts p
        where p.id = ${id} and p.status in ('draft', 'scheduled') for update of p`,
  );
  return row;
}

/**
 * Scheduled posts whose time has come, oldest first, their rows locked; rows another worker holds are passed
 * over (`skip locked`), so two schedulers never publish one post twice.
 */
export const claimDue = (tx: Tx, now: Date, limit: number): Promise<Publishing[]> =>
  queryRows<Publishing>(
    tx as Db,
    sql`select ${publishingColumns} from posts p
        where p.status = 'scheduled' and p.publish_at <= ${now.toISOString()}
        order by p.publish_at, p.id limit ${limit} for update of p skip locked`,
  );

/** Published now: first in feeds from this moment (its `created_at`), visible if its account is public. */
export async function markPublished(tx: Tx, id: number, visible: boolean): Promise<void> {
  await tx.execute(
    sql`update posts set status = 'published', publish_at = null, created_at = now(), updated_at = now(),
          visible = ${visible}
        where id = ${id}`,
  );
}

export async function markScheduled(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.execute(
    sql`update posts set status = 'scheduled', publish_at = ${at.toISOString()}, updated_at = now() where id = ${id}`,
  );
}

/** A scheduled post back to a draft; whether it was scheduled. */
export async function markDraft(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx as Db,
    sql`update posts set status = 'draft', publish_at = null, updated_at = now()
        where id = ${id} and status = 'scheduled' returning id`,
  );
  return rows.length > 0;
}

/**
 * The viewer's drafts and scheduled posts (on the accounts they belong to; of one of them if asked), last changed
 * first, through `posts_unpublished_idx`, with their total.
 */
export async function drafts(
  db: Db,
  viewer: number,
  accountId: number | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: PostListRow[]; total: number }> {
  const mine = sql`p.account_id in (select au.account_id from account_users au where au.user_id = ${viewer}
                    ${accountId ? sql`and au.account_id = ${accountId}` : sql``})
                   and p.status in ('draft', 'scheduled')`;
  const [rows, counted] = await Promise.all([
    queryRows<PostListRow>(
      db,
      sql`select * from (${decorate(
        viewer,
        sql`select * from posts p where ${mine} order by p.updated_at desc, p.id desc limit ${limit} offset ${offset}`,
        sql`null::int`,
      )}) d order by d.updated_at desc, d.id desc`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from posts p where ${mine}`),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}
