import type { ListCursor } from '@inkwell/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { type Db } from '../../db/connect';
import { preparedRows } from '../../db/prepared';
import {
  columns,
  cursorOf,
  decoratedPosts,
  feedAccounts,
  followedTotal,
  inFeed,
  inLists,
  int,
  keyOf,
  listRows,
  pageOf,
  type ListWindow,
  type PostListRow,
} from './posts.repo';

/** Entries a stored feed keeps, as many as Mastodon keeps in a home feed; older posts are read from `posts`. */
export const FEED_CAP = 800;
/** Entries a stored feed may gain past the cap before it is trimmed back: trimming on every post would scan it each time. */
export const TRIM_SLACK = 200;
/** From this many followers an account's posts are pulled in when a stored feed is read instead of written into each. */
export const PULL_FOLLOWERS = 10_000;
/**
 * Rows of the public feed's index the deep fallback reads, keeping those of followed accounts, before it asks each
 * followed account's index instead: a reader who follows a good share of what is written finds a page within a
 * few dozen rows; one who follows a few quiet accounts costs one index look-up per followed account.
 */
export const SCAN_BUDGET = 2_000;

const micros = (column: string) => sql.raw(`((extract(epoch from ${column}) * 1000000)::bigint)::text`);

/** `(alias.created_at, alias.<id>) >= the stored feed's horizon` (every row when it has none). */
export const fromHorizon = (alias: string, id = 'id') =>
  sql.raw(`(t.horizon_at is null or (${alias}.created_at, ${alias}.${id}) >= (t.horizon_at, t.horizon_id))`);

const before = (alias: string, id: string, cursor: ListCursor | null): SQL => {
  const key = keyOf(cursor);
  return sql`(${sql.raw(`${alias}.created_at, ${alias}.${id}`)}) < (${key.at}::timestamptz, ${key.id}::int)`;
};

export type FeedState = 'cold' | 'building' | 'ready';

export interface Section {
  state: FeedState;
  /** Where the stored feed's entries stop (null: it holds everything). */
  horizon: ListCursor | null;
  rows: PostListRow[];
  total?: number;
  /** Not read for a day or more: its `read_at` is due. */
  readLongAgo: boolean;
}

interface SectionRow extends PostListRow {
  ready: boolean | null;
  read_long_ago: boolean | null;
  walked: number;
  horizon_us: string | null;
  horizon_id: number | null;
  list_total: number | null;
}

/**
 * One page of the viewer's stored feed and its state, in one round trip: the entries older than the window's
 * cursor and not older than the horizon whose post is visible and whose account the viewer still follows, merged
 * with the posts of the pulled accounts they follow (read from those accounts' indexes), then decorated. A page
 * the stored feed cannot fill is the caller's to complete from `posts`.
 *
 * The entries are first walked down the stored feed's own index, at most `walk` of them and with no condition
 * (`near`), and only those are checked: asked to filter while it walks, PostgreSQL may instead read and sort the
 * whole stored feed, as it estimates the conditions to keep few rows. They are checked in the walk's order until
 * the page is full (the stored feed's state is read as scalars, not joined, so that order reaches the limit): a
 * page of 20 checks about 20 entries, not the whole walk. When the checks leave the page short and the walk
 * stopped at its bound (`walked`), the caller asks again with a longer walk.
 */
export const sectionQuery = (viewer: number, window: ListWindow, walk: number): SQL => {
  const reach = int(window.limit + window.offset);
  return sql`with t as (select ready, horizon_at, horizon_id, read_at from timelines where user_id = ${viewer}),
      near as (
        select te.post_id, te.created_at, te.account_id from timeline_entries te
        where te.user_id = ${viewer} and ${before('te', 'post_id', window.before)}
        order by te.created_at desc, te.post_id desc
        limit ${int(walk)}
      ),
      page as (
        select y.id from (
          (select n.post_id as id, n.created_at
            from (select * from near order by near.created_at desc, near.post_id desc) n
            where (select t.ready from t)
              and ((select t.horizon_at from t) is null
                   or (n.created_at, n.post_id) >= ((select t.horizon_at from t), (select t.horizon_id from t)))
              and ${inFeed(viewer, 'n.account_id')}
              and not exists (select 1 from timeline_pulled_accounts tp where tp.account_id = n.account_id)
              and exists (select 1 from posts p where p.id = n.post_id and p.visible and ${inLists(viewer, 'p')})
            order by n.created_at desc, n.post_id desc
            limit ${reach})
          union all
          (select x.id, x.created_at from t
            cross join timeline_pulled_accounts tp
            cross join lateral (
              select p.id, p.created_at from posts p
              where p.account_id = tp.account_id and p.visible and ${before('p', 'id', window.before)}
                and ${fromHorizon('p')} and ${inLists(viewer, 'p')}
              order by p.created_at desc, p.id desc
              limit ${reach}
            ) x
            where t.ready and ${inFeed(viewer, 'tp.account_id')})
        ) y
        order by y.created_at desc, y.id desc
        ${pageOf(window)}
      )
      select s.ready, ${micros('s.horizon_at')} as horizon_us, s.horizon_id,
             s.read_at < now() - interval '1 day' as read_long_ago,
             (select count(*) from near)::int as walked,
             ${window.counted ? followedTotal(viewer) : sql`null::int`} as list_total, d.*
      from (select 1) one
      left join t s on true
      left join (
        select ${columns(viewer)} from page join posts p on p.id = page.id join accounts a on a.id = p.account_id
      ) d on true
      order by d.created_at desc, d.id desc`;
};

/** The first walk: the page and a margin for entries the checks leave out. */
export const shortWalk = (window: ListWindow) => 2 * (window.limit + window.offset) + 20;
/** The second: the whole stored feed (it holds at most the cap and its slack, give or take a fan-out). */
const longWalk = (window: ListWindow) => window.limit + window.offset + FEED_CAP + TRIM_SLACK;

export async function section(db: Db, viewer: number, window: ListWindow): Promise<Section> {
  let walk = shortWalk(window);
  let rows = await listRows<SectionRow>(db, window, sectionQuery(viewer, window, walk));
  if (rows.filter((r) => r.id !== null).length < window.limit && rows[0]?.walked === walk) {
    walk = longWalk(window);
    rows = await listRows<SectionRow>(db, window, sectionQuery(viewer, window, walk));
  }
  const head = rows[0];
  const state: FeedState = !head || head.ready === null ? 'cold' : head.ready ? 'ready' : 'building';
  const horizon =
    head?.horizon_us != null && head.horizon_id != null
      ? cursorOf({ cursor_us: head.horizon_us, id: head.horizon_id })
      : null;
  const posts = rows.filter((r) => r.id !== null);
  return {
    state,
    horizon,
    rows: posts,
    readLongAgo: Boolean(head?.read_long_ago),
    ...(window.counted ? { total: head?.list_total ?? 0 } : {}),
  };
}

export interface Keyed {
  id: number;
  cursor_us: string;
}

interface Scanned extends PostListRow {
  followed: boolean;
  /** The row's place in the scan: the scan's last row comes back even when not followed, as a marker. */
  n: string;
}

/**
 * The followed feed's posts just older than `from`, looked for in the public feed's index, decorated: its next
 * {@link SCAN_BUDGET} rows, keeping those of followed accounts (at most `limit`). The budget's last row comes back
 * too, as a marker of how far the scan went; none means the scan reached the oldest post.
 */
export const scanQuery = (viewer: number, from: ListCursor | null, limit: number): SQL =>
  sql`with found as (
        select s.id, s.followed, s.n from (
          select p.id, p.created_at,
                 -- Asked only of followed rows: the scan reads up to its budget, most of them not followed.
                 (${inFeed(viewer, 'p.account_id')} and ${inLists(viewer, 'p')}) as followed,
                 row_number() over (order by p.created_at desc, p.id desc) as n
          from posts p
          where p.visible and ${before('p', 'id', from)}
          order by p.created_at desc, p.id desc
          limit ${int(SCAN_BUDGET)}
        ) s
        where s.followed or s.n = ${int(SCAN_BUDGET)}
        order by s.created_at desc, s.id desc
        limit ${int(limit + 1)}
      )
      select ${columns(viewer)}, found.followed, found.n::text as n
      from found join posts p on p.id = found.id join accounts a on a.id = p.account_id
      order by p.created_at desc, p.id desc`;

/**
 * The followed feed's `limit` posts just older than `from`, from the followed accounts' own indexes: each
 * account's newest post older than `from`, then the posts of the accounts whose newest are among the `limit`
 * newest (no other account can have a post among the next `limit`). Costs one index look-up per followed account.
 */
export const headsQuery = (viewer: number, from: ListCursor | null, limit: number): SQL =>
  sql`with heads as (
        select f.account_id from ${feedAccounts(viewer)} f
        cross join lateral (
          select p.created_at, p.id from posts p
          where p.account_id = f.account_id and p.visible and ${before('p', 'id', from)} and ${inLists(viewer, 'p')}
          order by p.created_at desc, p.id desc
          limit 1
        ) h
        order by h.created_at desc, h.id desc
        limit ${int(limit)}
      )
      select x.id, ${micros('x.created_at')} as cursor_us from heads
      cross join lateral (
        select p.id, p.created_at from posts p
        where p.account_id = heads.account_id and p.visible and ${before('p', 'id', from)}
          and ${inLists(viewer, 'p')}
        order by p.created_at desc, p.id desc
        limit ${int(limit)}
      ) x
      order by x.created_at desc, x.id desc
      limit ${int(limit)}`;

/**
 * The followed feed's next `limit` posts older than `from`, decorated, read from `posts` (past the stored feed's
 * horizon, or while it is being built): the scan of the public index first (a reader who follows a good share of
 * what is written finds a page within a few dozen rows); what it leaves missing past its budget comes from the
 * followed accounts' own indexes.
 */
export async function deepPage(db: Db, viewer: number, from: ListCursor | null, limit: number): Promise<PostListRow[]> {
  const scanned = await preparedRows<Scanned>(db, scanQuery(viewer, from, limit));
  const found = scanned.filter((r) => r.followed).slice(0, limit);
  const marker = scanned.find((r) => Number(r.n) === SCAN_BUDGET);
  if (found.length >= limit || !marker) return found;
  // Every followed post down to the marker was found: the rest is older than it.
  const rest = await preparedRows<Keyed>(db, headsQuery(viewer, cursorOf(marker), limit - found.length));
  return [
    ...found,
    ...(await decoratedPosts(
      db,
      viewer,
      rest.map((r) => r.id),
    )),
  ];
}
