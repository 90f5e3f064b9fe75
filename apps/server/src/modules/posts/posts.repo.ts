import type { ListCursor, Mention, PostLanguage, PostStatus, PostType } from '@inkwell/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { preparedRows } from '../../db/prepared';
import { VISIBLE_POSTS } from '../../db/counters';
import { accounts, counters, posts } from '../../db/schema';
import { publicAccountSql } from '../accounts';
import { unlockedSql } from '../../db/members-only';
import { iBlockedAccountSql, iBlockedSql, mutedAccountSql, visiblePostSql } from '../../db/safety';

type Conn = Db | Tx;

/** A gallery photo as stored (`posts.photos`, `post_versions.photos`): `alt` is missing from those saved before. */
export type StoredPhoto = { url: string; caption: string; alt?: string };

/** What an edit changes and a version keeps: a post's words and media, as stored. */
export type PostContent = Pick<
  PostListRow,
  'title' | 'content' | 'url' | 'featured_photo_url' | 'featured_photo_alt' | 'photos'
>;

/** A post with its account and whether the viewer liked it / belongs to its account, from one query. */
export interface PostListRow {
  id: number;
  slug: string;
  type: PostType;
  title: string | null;
  content: string | null;
  url: string | null;
  featured_photo_url: string | null;
  featured_photo_alt: string | null;
  photos: StoredPhoto[];
  status: PostStatus;
  publish_at: Date | string | null;
  edited_at: Date | string | null;
  pin_position: number | null;
  rejected_reason: string | null;
  rejected_at: Date | string | null;
  visible: boolean;
  account_id: number;
  author_id: number | null;
  account_username: string;
  account_name: string;
  account_profile_url: string | null;
  likes_count: number;
  comments_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  liked: boolean;
  member: boolean;
  is_blocked: boolean;
  is_muted: boolean;
  min_tier_id: number | null;
  min_tier_name: string | null;
  blurred_cover: string | null;
  language: PostLanguage;
  tags: string[];
  mentions: Mention[];
  /** Public, or the viewer's pass opens it (members-only posts); the policy adds the account's people. */
  unlocked: boolean;
  /** `created_at` in microseconds since 1970 (text: beyond what a JSON number holds exactly), for cursors. */
  cursor_us: string;
}

/** The account columns every post row carries (the post's `account` in answers). */
export type PostAccountColumns = Pick<
  PostListRow,
  'account_id' | 'account_username' | 'account_name' | 'account_profile_url'
>;

/** The columns every post query returns; `viewer` 0 means nobody is signed in. */
export const columns = (viewer: number) => sql`
  p.id, p.slug, p.type, p.title, p.content, p.url, p.featured_photo_url, p.featured_photo_alt, p.photos, p.status, p.rejected_reason,
  p.rejected_at, p.visible, p.publish_at, p.edited_at, p.pin_position,
  p.account_id, p.author_id, a.username as account_username, a.name as account_name,
  a.profile_url as account_profile_url, p.likes_count, p.comments_count, p.created_at, p.updated_at,
  exists(select 1 from likes l where l.user_id = ${viewer} and l.likeable_type = 'post' and l.likeable_id = p.id) as liked,
  exists(select 1 from account_users au where au.account_id = p.account_id and au.user_id = ${viewer}) as member,
  (${iBlockedSql(viewer, 'p.author_id')} or ${iBlockedAccountSql(viewer, 'p.account_id')}) as is_blocked,
  ${mutedAccountSql(viewer, 'p.account_id')} as is_muted,
  p.min_tier_id,
  case when p.min_tier_id is not null
    then (select t.name from membership_tiers t where t.id = p.min_tier_id) end as min_tier_name,
  p.blurred_cover, p.language, p.tags, p.mentions,
  ${unlockedSql(viewer, 'p')} as unlocked,
  ((extract(epoch from p.created_at) * 1000000)::bigint)::text as cursor_us`;

const select = (viewer: number, rest: SQL) =>
  sql`select ${columns(viewer)} from posts p join accounts a on a.id = p.account_id ${rest}`;

export const bySlugQuery = (slug: string, viewer: number): SQL => select(viewer, sql`where p.slug = ${slug}`);

export async function bySlug(db: Db, slug: string, viewer: number): Promise<PostListRow | undefined> {
  return (await preparedRows<PostListRow>(db, bySlugQuery(slug, viewer)))[0];
}

export async function byId(db: Conn, id: number, viewer: number): Promise<PostListRow | undefined> {
  return (await queryRows<PostListRow>(db as Db, select(viewer, sql`where p.id = ${id}`)))[0];
}

/**
 * Which rows of a newest-first list a request wants: those older than `before` (a cursor, or the top of the
 * list), skipping `offset` (page numbers), at most `limit`; `counted` adds the list's total (page numbers
 * only: a cursor page shows no total).
 */
export interface ListWindow {
  before: ListCursor | null;
  limit: number;
  offset: number;
  counted: boolean;
}

export interface ListPage {
  rows: PostListRow[];
  /** Only when the window was `counted`. */
  total?: number;
}

/**
 * Whether a post belongs in the viewer's feeds and search: not by someone in a block with them, not of an
 * account or with a word they muted (db/safety.ts). A post opened by link or on its account's page is not asked.
 */
export const inLists = (viewer: number, post: string): SQL => visiblePostSql(viewer, { post, mutes: true });

/** The newest key there is: a list read from its top compares against it like against a cursor. */
const TOP = { at: 'infinity', id: 2_147_483_647 };

/** A cursor as the `(created_at, id)` it stands for, to the microsecond. */
export function keyOf(cursor: ListCursor | null): { at: string; id: number } {
  if (!cursor) return TOP;
  const millis = Math.floor(cursor.micros / 1000);
  const micros = String(cursor.micros % 1000).padStart(3, '0');
  return { at: new Date(millis).toISOString().replace('Z', `${micros}Z`), id: cursor.id };
}

/** A row's key as read from SQL (`created_at` in microseconds, as text), as a cursor. */
export const cursorOf = (row: { cursor_us: string; id: number }): ListCursor => ({
  micros: Number(row.cursor_us),
  id: row.id,
});

/** `(p.created_at, p.id) < before`, as an index condition on the lists' `(…, created_at, id)` indexes. */
export const olderThan = (alias: string, before: ListCursor | null): SQL => {
  const key = keyOf(before);
  return sql`(${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${key.at}::timestamptz, ${key.id}::int)`;
};

/** A whole number as SQL text (validated page sizes and offsets). */
export const int = (n: number): SQL => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
};

/**
 * `limit … offset …` written into the statement, not sent as parameters: a prepared statement's generic plan
 * cannot see a parameter's value and plans for a tenth of the table (hashing every account and like), while it
 * plans a written limit as the few rows it is.
 */
export const pageOf = (window: ListWindow): SQL => sql`limit ${int(window.limit)} offset ${int(window.offset)}`;

/**
 * Runs a list statement prepared when it is one of the few shapes asked all the time (a cursor page or the first
 * page: offset 0); deeper page numbers, each its own text, are planned on the spot.
 */
export const listRows = <Row>(db: Db, window: ListWindow, query: SQL): Promise<Row[]> =>
  window.offset === 0 ? preparedRows<Row>(db, query) : queryRows<Row>(db, query);

/** Rows carry the list's total in one extra column, so a page is one round trip. */
export type Counted = PostListRow & { list_total: number | null };

export const listPage = async (
  rows: Counted[],
  window: ListWindow,
  fallback: () => Promise<number>,
): Promise<ListPage> => {
  if (!window.counted) return { rows };
  return { rows, total: rows[0]?.list_total ?? (await fallback()) };
};

/**
 * Decorates one page of posts (`page` selects `posts` rows, already ordered and limited) with its account and
 * the viewer's like and membership. Paging first keeps the per-row look-ups to the page's rows: decorated
 * before the limit, PostgreSQL hashes every like the viewer ever gave instead.
 */
export const decorate = (viewer: number, page: SQL, total: SQL) =>
  sql`select ${columns(viewer)}, ${total} as list_total
      from (${page}) p join accounts a on a.id = p.account_id
      order by p.created_at desc, p.id desc`;

const totalOr = (window: ListWindow, total: SQL) => (window.counted ? total : sql`null::int`);

export const decoratedQuery = (viewer: number, ids: number[]): SQL =>
  decorate(viewer, sql`select * from posts p where p.id = any(${sql.param(ids)}::int[])`, sql`null::int`);

/** The given posts, decorated, newest first (the followed feed's pages read from elsewhere). */
export async function decoratedPosts(db: Db, viewer: number, ids: number[]): Promise<PostListRow[]> {
  if (ids.length === 0) return [];
  return preparedRows<PostListRow>(db, decoratedQuery(viewer, ids));
}

/**
 * Newest first through `posts_public_feed_idx` (in one language: `posts_language_feed_idx`); the total comes from
 * a counter, not a count (in one language it is counted).
 */
export const publicFeedQuery = (viewer: number, window: ListWindow, language?: PostLanguage): SQL =>
  decorate(
    viewer,
    sql`select * from posts p where p.visible ${language ? sql`and p.language = ${language}` : sql``}
        and ${olderThan('p', window.before)} and ${inLists(viewer, 'p')}
        order by p.created_at desc, p.id desc ${pageOf(window)}`,
    totalOr(
      window,
      language
        ? sql`(select count(*)::int from posts c where c.visible and c.language = ${language})`
        : sql`(select value from counters where key = ${VISIBLE_POSTS})`,
    ),
  );

export async function publicFeed(db: Db, viewer: number, window: ListWindow, language?: PostLanguage) {
  const rows = await listRows<Counted>(db, window, publicFeedQuery(viewer, window, language));
  return listPage(rows, window, () =>
    language
      ? queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from posts where visible and language = ${language}`,
        ).then((r) => r[0]?.n ?? 0)
      : counter(db, VISIBLE_POSTS),
  );
}

/**
 * The accounts whose posts make the viewer's followed feed, as a relation of `account_id`: those they follow and
 * those they belong to (a creator's own posts belong in their feed without following themselves). Both halves
 * read an index by user (`follows`' primary key, `account_users_user_id_idx`).
 */
export const feedAccounts = (viewer: number): SQL =>
  sql`(select ff.account_id from follows ff where ff.user_id = ${viewer}
       union select au.account_id from account_users au where au.user_id = ${viewer})`;

/** Whether the account (a column such as `'p.account_id'`, or an id) is one of the viewer's {@link feedAccounts}. */
export const inFeed = (viewer: number, account: string | number): SQL => {
  const id = typeof account === 'number' ? sql`${account}::int` : sql.raw(account);
  return sql`(exists (select 1 from follows ff where ff.user_id = ${viewer} and ff.account_id = ${id})
       or exists (select 1 from account_users au where au.user_id = ${viewer} and au.account_id = ${id}))`;
};

/** The followed feed's total: the published posts of the feed's accounts anyone may see. */
export const followedTotal = (viewer: number): SQL =>
  sql`(select coalesce(sum(fa.posts_count), 0)::int from ${feedAccounts(viewer)} ff
        join accounts fa on fa.id = ff.account_id where ${publicAccountSql('fa')})`;

/**
 * Posts of the accounts the viewer follows or belongs to, read from `posts` (the stored feed's fallback for pages it does not
 * hold). Each followed account contributes at most the rows the page needs, read as ids from its own index (a
 * lateral join over `posts_account_visible_idx`), so the cost follows the page; only the page's ids are then
 * read in full. Deep page numbers cost their offset: infinite scroll pages by cursor instead.
 */
export async function followedFeed(db: Db, viewer: number, window: ListWindow): Promise<ListPage> {
  const total = followedTotal(viewer);
  const rows = await listRows<Counted>(
    db,
    window,
    decorate(
      viewer,
      sql`select p.* from (
            select x.id from ${feedAccounts(viewer)} f
            cross join lateral (
              select p.id, p.created_at from posts p
              where p.account_id = f.account_id and p.visible and ${olderThan('p', window.before)}
                and ${inLists(viewer, 'p')}
              order by p.created_at desc, p.id desc
              limit ${int(window.limit + window.offset)}
            ) x
            order by x.created_at desc, x.id desc
            ${pageOf(window)}
          ) page join posts p on p.id = page.id`,
      totalOr(window, total),
    ),
  );
  return listPage(rows, window, async () => (await queryRows<{ n: number }>(db, sql`select ${total} as n`))[0]?.n ?? 0);
}

export const accountPostsQuery = (
  viewer: number,
  accountId: number,
  type: PostType | undefined,
  window: ListWindow,
): SQL =>
  decorate(
    viewer,
    sql`select * from posts p where p.account_id = ${accountId} and p.status = 'published'
        ${type ? sql`and p.type = ${type}` : sql``} and ${olderThan('p', window.before)}
        order by p.created_at desc, p.id desc ${pageOf(window)}`,
    totalOr(window, type ? sql`coalesce((a.type_counts ->> ${type})::int, 0)` : sql`a.posts_count`),
  );

export async function accountPosts(
  db: Db,
  viewer: number,
  accountId: number,
  type: PostType | undefined,
  window: ListWindow,
): Promise<ListPage> {
  const rows = await listRows<Counted>(db, window, accountPostsQuery(viewer, accountId, type, window));
  return listPage(rows, window, async () => {
    const [account] = await db
      .select({ posts: accounts.posts_count, types: accounts.type_counts })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return account ? (type ? (account.types[type] ?? 0) : account.posts) : 0;
  });
}

/**
 * Posts of every account I belong to, rejected ones too (they are mine to see and fix); drafts and scheduled posts
 * have their own list (`/user/drafts`).
 */
export async function myPosts(db: Db, viewer: number, window: ListWindow): Promise<ListPage> {
  const mine = sql`p.account_id in (select account_id from account_users where user_id = ${viewer})
                   and p.status in ('published', 'rejected')`;
  const [rows, counted] = await Promise.all([
    listRows<PostListRow>(
      db,
      window,
      decorate(
        viewer,
        sql`select * from posts p where ${mine} and ${olderThan('p', window.before)}
            order by p.created_at desc, p.id desc ${pageOf(window)}`,
        sql`null::int`,
      ),
    ),
    window.counted
      ? queryRows<{ n: number }>(db, sql`select count(*)::int as n from posts p where ${mine}`)
      : Promise.resolve([]),
  ]);
  return window.counted ? { rows, total: counted[0]?.n ?? 0 } : { rows };
}

export { VISIBLE_POSTS };

export async function counter(db: Conn, key: string): Promise<number> {
  const [row] = await db.select({ value: counters.value }).from(counters).where(eq(counters.key, key));
  return row?.value ?? 0;
}

export async function bumpCounter(db: Conn, key: string, by: number): Promise<void> {
  await db
    .insert(counters)
    .values({ key, value: by })
    .onConflictDoUpdate({ target: counters.key, set: { value: sql`${counters.value} + ${by}` } });
}

/** Keeps the account's totals (all, and by type) in step with a post appearing or going. */
export async function bumpAccountCounts(db: Conn, accountId: number, type: PostType, by: number): Promise<void> {
  await db
    .update(accounts)
    .set({
      posts_count: sql`greatest(0, ${accounts.posts_count} + ${by})`,
      type_counts: sql`jsonb_set(${accounts.type_counts}, ${`{${type}}`}::text[], to_jsonb(greatest(0, coalesce((${accounts.type_counts}->>${type})::int, 0) + ${by})))`,
    })
    .where(eq(accounts.id, accountId));
}

/** A post's values; derived ones (its search vector) may be SQL. */
export async function insert(db: Conn, values: PgInsertValue<typeof posts>): Promise<number> {
  const [row] = await db.insert(posts).values(values).returning({ id: posts.id });
  return row!.id;
}

export async function update(db: Conn, id: number, values: PgUpdateSetSource<typeof posts>): Promise<void> {
  await db
    .update(posts)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(posts.id, id));
}

/**
 * Deletes the post; its comments go with it (foreign key). Likes point at a post or comment by type and id,
 * which no foreign key follows, so the same statement deletes the likes of the post and of its comments.
 */
export async function remove(
  db: Conn,
  id: number,
): Promise<{ visible: boolean; status: string; account_id: number; type: PostType } | undefined> {
  const [row] = await queryRows<{ visible: boolean; status: string; account_id: number; type: PostType }>(
    db as Db,
    sql`with gone_likes as (
          delete from likes l
          where (l.likeable_type = 'post' and l.likeable_id = ${id})
             or (l.likeable_type = 'comment' and l.likeable_id in (select c.id from comments c where c.post_id = ${id}))
        )
        delete from posts p where p.id = ${id}
        returning p.visible, p.status, p.account_id, p.type`,
  );
  return row;
}

/** Whether the tier is one of the account's (what a members-only post of that account may ask for). */
export async function tierOfAccount(db: Conn, tierId: number, accountId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db as Db,
    sql`select 1 as one from membership_tiers where id = ${tierId} and account_id = ${accountId}`,
  );
  return rows.length > 0;
}
