import type { PostStatus, PostType } from '@inkwell/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { DASHBOARD_TOTALS } from '../../db/counters';
import type { PostListRow } from './posts.repo';

type Conn = Db | Tx;

/** A row of the admin post table: the post, a bounded piece of its text and its account, from one query. */
export interface AdminPostRow extends Pick<
  PostListRow,
  | 'id'
  | 'slug'
  | 'type'
  | 'title'
  | 'rejected_reason'
  | 'account_id'
  | 'account_username'
  | 'account_name'
  | 'account_profile_url'
  | 'likes_count'
  | 'comments_count'
  | 'created_at'
> {
  /** The first few thousand characters of the stored text (HTML for articles): enough for the excerpt. */
  content_head: string | null;
  status: ModeratedStatus;
}

/** Published or rejected: drafts and scheduled posts are their writers' own, never in the admin area. */
type ModeratedStatus = Extract<PostStatus, 'published' | 'rejected'>;

export interface AdminPostFilter {
  q?: string;
  type?: PostType;
  status?: ModeratedStatus;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(filter: AdminPostFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.type) parts.push(sql`p.type = ${filter.type}`);
  if (filter.status) parts.push(sql`p.status = ${filter.status}`);
  if (filter.q) {
    const words = `%${likeEscape(filter.q)}%`;
    const username = `${likeEscape(filter.q.replace(/^@/, '').toLowerCase())}%`;
    parts.push(sql`(p.search_text ilike ${words} or p.slug ilike ${words} or lower(a.username) like ${username})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/**
 * One page of every post, newest first (`posts_created_idx` read backwards), each with its account: one
 * round trip. Unfiltered, the total is the trigger-kept `total.posts` counter; filtered, a count of the matches.
 */
export async function list(
  db: Db,
  filter: AdminPostFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AdminPostRow[]; total: number }> {
  const where = conditions(filter);
  const filtered = sql`where p.status in ('published', 'rejected') ${where ? sql`and ${where}` : sql``}`;
  // The counter counts published and rejected posts alone (migration 0033).
  const total = where
    ? sql`(select count(*)::int from posts p join accounts a on a.id = p.account_id ${filtered})`
    : sql`(select coalesce((select value from counters where key = ${DASHBOARD_TOTALS.posts}), 0))`;
  const rows = await queryRows<AdminPostRow & { list_total: number }>(
    db,
    sql`select p.id, p.slug, p.type, p.title, left(p.content, 4000) as content_head, p.status, p.rejected_reason,
          p.account_id, a.username as account_username, a.name as account_name, a.profile_url as account_profile_url,
          p.likes_count, p.comments_count, p.created_at, ${total} as list_total
        from posts p join accounts a on a.id = p.account_id
        ${filtered}
        order by p.created_at desc, p.id desc
        limit ${limit} offset ${offset}`,
  );
  if (rows[0]) return { rows, total: rows[0].list_total };
  // A page past the end: the total alone.
  const [row] = await queryRows<{ n: number }>(db, sql`select ${total} as n`);
  return { rows, total: row?.n ?? 0 };
}

/** The account a post is on (a post never moves between accounts). */
export async function accountOf(db: Conn, id: number): Promise<number | undefined> {
  const [row] = await queryRows<{ account_id: number }>(db as Db, sql`select account_id from posts where id = ${id}`);
  return row?.account_id;
}

/** The post as moderation needs it, its row locked until the transaction ends. */
export async function lockForModeration(db: Conn, id: number) {
  const [row] = await queryRows<{
    id: number;
    status: PostStatus;
    visible: boolean;
    account_id: number;
    type: PostType;
    rejected_reason: string | null;
  }>(
    db as Db,
    sql`select p.id, p.status, p.visible, p.account_id, p.type, p.rejected_reason from posts p where p.id = ${id} for update`,
  );
  return row;
}

export async function markRejected(tx: Conn, id: number, reason: string): Promise<void> {
  await tx.execute(
    sql`update posts set status = 'rejected', rejected_reason = ${reason}, rejected_at = now(), visible = false,
          updated_at = now()
        where id = ${id}`,
  );
}

export async function markPublished(tx: Conn, id: number, visible: boolean): Promise<void> {
  await tx.execute(
    sql`update posts set status = 'published', rejected_reason = null, rejected_at = null, visible = ${visible},
          updated_at = now()
        where id = ${id}`,
  );
}

export interface MemberAccountRow {
  id: number;
  name: string;
  username: string;
  profile_url: string | null;
  approved_status: 'pending' | 'approved' | 'rejected';
  published_status: 'published' | 'unpublished';
  role: string;
}

/** The accounts a person belongs to (any role), by name, one page with its total. */
export async function accountsOfUser(
  db: Conn,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: MemberAccountRow[]; total: number }> {
  const rows = await queryRows<MemberAccountRow & { list_total: number }>(
    db as Db,
    sql`select a.id, a.name, a.username, a.profile_url, a.approved_status, a.published_status, au.role,
          count(*) over ()::int as list_total
        from account_users au join accounts a on a.id = au.account_id
        where au.user_id = ${userId}
        order by lower(a.name), a.id
        limit ${limit} offset ${offset}`,
  );
  if (rows[0] || offset === 0) return { rows, total: rows[0]?.list_total ?? 0 };
  const [row] = await queryRows<{ n: number }>(
    db as Db,
    sql`select count(*)::int as n from account_users where user_id = ${userId}`,
  );
  return { rows, total: row?.n ?? 0 };
}

export async function userExists(db: Conn, userId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db as Db, sql`select id from users where id = ${userId}`);
  return rows.length > 0;
}
