import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { feedAccounts, inFeed } from './posts.repo';
import { fromHorizon, PULL_FOLLOWERS, FEED_CAP, TRIM_SLACK } from './feed.repo';

// The writes that keep stored feeds: building, fan-out on publish, follow and unfollow, trimming and pruning.
// Reading them is feed.repo.ts.

const cap = sql.raw(String(FEED_CAP));

/**
 * Claims the viewer's stored feed for its first build: true when this caller is to build it (a new stored feed, or a
 * build that started long ago and never finished). The claim commits on its own, before the build reads
 * anything: from then on a new post's fan-out sees the stored feed and writes into it, and whatever was written
 * before the claim the build reads itself.
 */
export async function claim(db: Db, viewer: number): Promise<boolean> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`insert into timelines (user_id, building_at) values (${viewer}, now())
        on conflict (user_id) do update set building_at = now()
        where not timelines.ready and (timelines.building_at is null or timelines.building_at < now() - interval '2 minutes')
        returning user_id`,
  );
  return rows.length > 0;
}

/**
 * Fills a claimed stored feed with the newest {@link FEED_CAP} posts of the accounts the viewer follows (all of
 * them, visible or not: what may be shown is asked when reading) and marks it ready, with its horizon at the
 * oldest entry when the followed accounts wrote more than it keeps.
 */
/**
 * Not a draft or a scheduled post: those are written in when they are published (fan-out), with the time they are
 * published; copied before, a post would stand in a stored feed twice, at its draft's time and at its own.
 */
const published = (alias: string) => sql`${sql.raw(alias)}.status not in ('draft', 'scheduled')`;

export async function build(db: Db, viewer: number): Promise<void> {
  await queryRows(
    db,
    sql`with cand as (
          select x.id, x.created_at, f.account_id from ${feedAccounts(viewer)} f
          cross join lateral (
            select p.id, p.created_at from posts p where p.account_id = f.account_id and ${published('p')}
            order by p.created_at desc, p.id desc
            limit ${cap} + 1
          ) x
          where not exists (select 1 from timeline_pulled_accounts tp where tp.account_id = f.account_id)
          order by x.created_at desc, x.id desc
          limit ${cap} + 1
        ),
        kept as (select * from cand order by created_at desc, id desc limit ${cap}),
        edge as (select created_at, id from kept order by created_at, id limit 1),
        written as (
          insert into timeline_entries (user_id, created_at, post_id, account_id)
          select ${viewer}, k.created_at, k.id, k.account_id from kept k
          on conflict do nothing
        )
        update timelines set ready = true, building_at = null,
          horizon_at = case when (select count(*) from cand) > ${cap} then (select created_at from edge) end,
          horizon_id = case when (select count(*) from cand) > ${cap} then (select id from edge) end,
          size = (select count(*) from kept)
        where user_id = ${viewer}`,
  );
}

/**
 * Writes posts (of any accounts) into the stored feeds of their accounts' followers and people, in one transaction:
 * every reader whose stored feed exists and reaches back to the post, except for pulled accounts (an account reaching
 * {@link PULL_FOLLOWERS} followers becomes one here). Answers the readers whose stored feeds grew past the cap and
 * its slack, to trim once this has committed.
 */
export async function fanOut(tx: Tx, postIds: number[]): Promise<number[]> {
  const ids = sql.param(postIds);
  await queryRows(
    tx as unknown as Db,
    sql`insert into timeline_pulled_accounts (account_id)
        select distinct a.id from posts p join accounts a on a.id = p.account_id
        where p.id = any(${ids}::int[]) and a.followers_count >= ${PULL_FOLLOWERS}
        on conflict do nothing`,
  );
  const added = await queryRows<{ user_id: number; n: number }>(
    tx as unknown as Db,
    sql`with written as (
          insert into timeline_entries (user_id, created_at, post_id, account_id)
          select t.user_id, p.created_at, p.id, p.account_id
          from posts p
          cross join lateral (
            select f.user_id from follows f where f.account_id = p.account_id
            union select au.user_id from account_users au where au.account_id = p.account_id
          ) f
          join timelines t on t.user_id = f.user_id
          where p.id = any(${ids}::int[])
            and not exists (select 1 from timeline_pulled_accounts tp where tp.account_id = p.account_id)
            and ${fromHorizon('p')}
          on conflict do nothing
          returning user_id
        )
        select user_id, count(*)::int as n from written group by user_id order by user_id`,
  );
  if (added.length === 0) return [];
  const users = sql.param(added.map((a) => a.user_id));
  // Locked in one order, so two fan-outs reaching the same readers wait for each other instead of deadlocking.
  await queryRows(
    tx as unknown as Db,
    sql`select user_id from timelines where user_id = any(${users}::int[]) order by user_id for no key update`,
  );
  const grown = await queryRows<{ user_id: number }>(
    tx as unknown as Db,
    sql`with bumped as (
          update timelines t set size = t.size + c.n
          from unnest(${users}::int[], ${sql.param(added.map((a) => a.n))}::int[]) as c(user_id, n)
          where t.user_id = c.user_id
          returning t.user_id, t.size
        )
        select user_id from bumped where size > ${FEED_CAP + TRIM_SLACK}`,
  );
  return grown.map((g) => g.user_id);
}

/**
 * Writes the newest posts of an account the viewer has just followed into their stored feed (those its horizon
 * reaches; all visibilities, like the build), unless the account is pulled or the follow has gone again
 * meanwhile. Answers whether the stored feed grew past the cap and its slack.
 */
export async function backfill(db: Db, viewer: number, accountId: number): Promise<boolean> {
  await queryRows(
    db,
    sql`insert into timeline_pulled_accounts (account_id)
        select a.id from accounts a where a.id = ${accountId} and a.followers_count >= ${PULL_FOLLOWERS}
        on conflict do nothing`,
  );
  const [row] = await queryRows<{ size: number }>(
    db,
    sql`with t as (select user_id, horizon_at, horizon_id from timelines where user_id = ${viewer}),
        written as (
          insert into timeline_entries (user_id, created_at, post_id, account_id)
          select t.user_id, p.created_at, p.id, ${accountId}::int from t
          cross join lateral (
            select p.id, p.created_at from posts p
            where p.account_id = ${accountId} and ${fromHorizon('p')} and ${published('p')}
            order by p.created_at desc, p.id desc
            limit ${cap}
          ) p
          where not exists (select 1 from timeline_pulled_accounts tp where tp.account_id = ${accountId})
            and ${inFeed(viewer, accountId)}
          on conflict do nothing
          returning 1
        )
        update timelines set size = size + (select count(*) from written)::int where user_id = ${viewer}
        returning size`,
  );
  return (row?.size ?? 0) > FEED_CAP + TRIM_SLACK;
}

/**
 * Takes an unfollowed account's posts out of the viewer's stored feed, unless they followed it again meanwhile or
 * belong to it (their own account's posts stay in their feed).
 */
export async function forget(db: Db, viewer: number, accountId: number): Promise<void> {
  await queryRows(
    db,
    sql`delete from timeline_entries te where te.user_id = ${viewer} and te.account_id = ${accountId}
        and not ${inFeed(viewer, accountId)}`,
  );
}

/**
 * Cuts a stored feed back to its newest {@link FEED_CAP} entries and moves its horizon up to the oldest one
 * kept (never down: entries below the horizon, left by a follow racing a trim, are never read).
 */
export async function trim(db: Db, viewer: number): Promise<void> {
  const [edge] = await queryRows<{ created_at: string; post_id: number }>(
    db,
    sql`select created_at::text as created_at, post_id from timeline_entries where user_id = ${viewer}
        order by created_at desc, post_id desc offset ${FEED_CAP - 1} limit 1`,
  );
  if (!edge) {
    await queryRows(
      db,
      sql`update timelines set size = (select count(*) from timeline_entries where user_id = ${viewer})::int
          where user_id = ${viewer}`,
    );
    return;
  }
  await db.transaction(async (tx) => {
    const key = sql`(${edge.created_at}::timestamptz, ${edge.post_id}::int)`;
    const raises = sql`(t.horizon_at is null or ${key} > (t.horizon_at, t.horizon_id))`;
    await queryRows(
      tx as unknown as Db,
      sql`delete from timeline_entries te where te.user_id = ${viewer} and (te.created_at, te.post_id) < ${key}`,
    );
    await queryRows(
      tx as unknown as Db,
      sql`update timelines t set size = ${cap},
            horizon_at = case when ${raises} then ${edge.created_at}::timestamptz else t.horizon_at end,
            horizon_id = case when ${raises} then ${edge.post_id}::int else t.horizon_id end
          where t.user_id = ${viewer}`,
    );
  });
}

/** Notes that the viewer reads their stored feed (written at most once a day: see {@link prune}). */
export async function touch(db: Db, viewer: number): Promise<void> {
  await queryRows(db, sql`update timelines set read_at = now() where user_id = ${viewer}`);
}

/** A stored feed unread this long is dropped; the next read builds it again (Mastodon drops inactive people's feeds). */
export const FEED_IDLE_DAYS = 14;

/**
 * Drops the stored feeds nobody read for {@link FEED_IDLE_DAYS} days, a few hundred at a time (each takes its
 * entries with it), so new posts are no longer written for readers who left. Answers how many went.
 */
export async function prune(db: Db): Promise<number> {
  let dropped = 0;
  for (;;) {
    const gone = await queryRows<{ user_id: number }>(
      db,
      sql`delete from timelines t where t.user_id in (
            select user_id from timelines where read_at < now() - make_interval(days => ${FEED_IDLE_DAYS})
            limit 200 for update skip locked
          )
          returning t.user_id`,
    );
    dropped += gone.length;
    if (gone.length < 200) return dropped;
  }
}
