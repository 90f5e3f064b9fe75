import type { SuggestionReason } from '@inkwell/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { preparedRows } from '../../db/prepared';
import { blockedAccountSql, mutedAccountSql } from '../../db/safety';
import { publicAccountSql } from '../accounts';

/*
 * Discovery's reads and the refresh job's writes. A reader's suggestions are ranked at read time over
 * `account_stats` (one row per visible account, rewritten by the job) with what is known about the reader: their
 * languages and topics, and the co-follows of the accounts they follow. No read touches the posts' table but for
 * each suggested account's latest post (one index probe each).
 */

/** How much each signal weighs in a reader's ranking (on top of the account's own growth and engagement). */
export const WEIGHTS = { language: 5, topic: 2, coFollow: 2, featured: 1.5 } as const;
/** The co-follows kept per account: enough for suggestions and "readers also follow". */
const CO_FOLLOWS_KEPT = 20;
/** Follows gained over this many days count as growth. */
const GROWTH_DAYS = 14;
/**
 * A reader's ranking looks at the best accounts in their languages and overall (this many of each), and every
 * account that writes about their topics, shares readers with what they follow, or is featured: the work per request
 * stays the same however many accounts there are. Suggestions past these are not worth a reader's scrolling.
 */
const CANDIDATES = 300;
/** A reason of `growing` needs at least this many new readers in the window. */
const GROWING_MIN = 3;

export interface Reader {
  viewer: number;
  languages: string[];
  tags: string[];
}

export interface SuggestionRow {
  id: number;
  username: string;
  name: string;
  description: string;
  profile_url: string | null;
  followers_count: number;
  is_followed: boolean;
  reason: SuggestionReason;
  via_id: number | null;
  via_username: string | null;
  via_name: string | null;
  topic: string | null;
  language: string;
  latest_post_id: number | null;
  total: number;
}

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** Whether the reader may be shown the account in `alias` (its owners not in a block with them, not muted). */
const shownTo = (viewer: number, alias: string): SQL =>
  sql`${publicAccountSql(alias)} and not ${blockedAccountSql(viewer, `${alias}.id`)}
      and not ${mutedAccountSql(viewer, `${alias}.id`)}`;

/** An account's card columns, its reason's details and its latest visible post, over `ranked r join accounts a`. */
const cardColumns = (viewer: number): SQL => sql`
  a.id, a.username, a.name, a.description, a.profile_url, a.followers_count,
  exists (select 1 from follows f where f.user_id = ${viewer} and f.account_id = a.id) as is_followed,
  r.reason, v.id as via_id, v.username as via_username, v.name as via_name, r.topic, r.language,
  (select p.id from posts p where p.account_id = a.id and p.visible and p.min_tier_id is null
    order by p.created_at desc, p.id desc limit 1) as latest_post_id,
  r.total`;

/** The reason of a ranked row (its strongest signal), in SQL over the columns `suggested` computes. */
const reasonSql = sql`case when co_n > 0 then 'co_follow' when topic is not null then 'topic'
  when mine_language then 'language' when growth >= ${GROWING_MIN} then 'growing'
  when featured then 'featured' else 'popular' end`;

/**
 * The reader's suggestions, best first: visible accounts they do not follow, own, hide, block or mute, ranked by
 * the account's growth and engagement (its stored score), its language and topics against the reader's, the
 * co-follows of what they follow, and being featured; `reason` keeps only those whose strongest reason it is.
 */
export async function suggested(
  db: Db,
  reader: Reader,
  page: { limit: number; offset: number; reason?: SuggestionReason; postedSince?: Date },
): Promise<SuggestionRow[]> {
  const { viewer } = reader;
  const ranked = sql`
    with followed as (select account_id from follows where user_id = ${viewer}),
    co as (
      select cf.other_id, sum(cf.readers)::int as n, (array_agg(cf.account_id order by cf.readers desc, cf.account_id))[1] as via
      from co_follows cf where cf.account_id in (select account_id from followed) group by cf.other_id
    ),
    candidates as (
      (select account_id from account_stats where language = any(${textArray(reader.languages)})
       order by score desc limit ${CANDIDATES})
      union (select account_id from account_stats order by score desc limit ${CANDIDATES})
      union (select account_id from account_stats where tags && ${textArray(reader.tags)})
      union (select other_id from co)
      union (select id from accounts where featured_at is not null)
    ),
    suggested as (
      select s.account_id, s.language, s.growth, coalesce(co.n, 0) as co_n, co.via,
        case when s.tags && ${textArray(reader.tags)}
          then (select t from unnest(s.tags) t where t = any(${textArray(reader.tags)}) limit 1) end as topic,
        s.language = any(${textArray(reader.languages)}) as mine_language,
        a.featured_at is not null as featured,
        s.score
          + case when s.language = any(${textArray(reader.languages)}) then ${WEIGHTS.language}::float8 else 0 end
          + case when s.tags && ${textArray(reader.tags)} then ${WEIGHTS.topic}::float8 else 0 end
          + ${WEIGHTS.coFollow}::float8 * ln(1 + coalesce(co.n, 0))
          + case when a.featured_at is not null then ${WEIGHTS.featured}::float8 else 0 end as rank
      from candidates c
      join account_stats s on s.account_id = c.account_id
      join accounts a on a.id = s.account_id
      left join co on co.other_id = s.account_id
      where ${shownTo(viewer, 'a')}
        and s.account_id not in (select account_id from followed)
        and not exists (select 1 from suggestion_hides h where h.user_id = ${viewer} and h.account_id = s.account_id)
        and not exists (select 1 from account_users au where au.user_id = ${viewer} and au.account_id = s.account_id)
        ${
          page.postedSince
            ? sql`and exists (select 1 from posts p where p.account_id = s.account_id and p.visible
                    and p.created_at > ${page.postedSince.toISOString()}::timestamptz)`
            : sql``
        }
    ),
    reasoned as (select *, ${reasonSql} as reason from suggested),
    r as (
      select *, count(*) over ()::int as total from reasoned
      ${page.reason ? sql`where reason = ${page.reason}` : sql``}
      order by rank desc, account_id desc limit ${page.limit} offset ${page.offset}
    )
    select ${cardColumns(viewer)}
    from r join accounts a on a.id = r.account_id left join accounts v on v.id = r.via
    order by r.rank desc, r.account_id desc`;
  // Planned once per connection (planning cost as much as running it); the weekly digest runs in its transaction.
  return page.postedSince ? queryRows<SuggestionRow>(db, ranked) : preparedRows<SuggestionRow>(db, ranked);
}

/** Accounts by a fixed rule (new creators, featured), as suggestion cards whose reason is `reason`. */
export async function accountCards(
  db: Db,
  viewer: number,
  rule: 'new_creators' | 'featured',
  page: { limit: number; offset: number; now: Date },
): Promise<SuggestionRow[]> {
  const where =
    rule === 'featured'
      ? sql`a.featured_at is not null`
      : sql`a.created_at > ${page.now.toISOString()}::timestamptz - interval '7 days' and a.posts_count > 0`;
  const order = rule === 'featured' ? sql`a.featured_at desc, a.id desc` : sql`a.created_at desc, a.id desc`;
  const reason = rule === 'featured' ? 'featured' : 'growing';
  return queryRows<SuggestionRow>(
    db,
    sql`with r as (
          select a.id as account_id, ${reason}::text as reason, null::int as via, null::text as topic,
                 coalesce(s.language, 'other') as language, count(*) over ()::int as total
          from accounts a left join account_stats s on s.account_id = a.id
          where ${shownTo(viewer, 'a')} and ${where}
          order by ${order} limit ${page.limit} offset ${page.offset})
        select ${cardColumns(viewer)}
        from r join accounts a on a.id = r.account_id left join accounts v on v.id = r.via
        order by ${order}`,
  );
}

/** Accounts this one's readers also follow, most shared readers first, as the viewer may see them. */
export async function alsoFollowed(db: Db, viewer: number, accountId: number, limit: number) {
  return queryRows<{
    id: number;
    username: string;
    name: string;
    description: string;
    profile_url: string | null;
    followers_count: number;
    is_followed: boolean;
  }>(
    db,
    sql`select a.id, a.username, a.name, a.description, a.profile_url, a.followers_count,
               exists (select 1 from follows f where f.user_id = ${viewer} and f.account_id = a.id) as is_followed
        from co_follows cf join accounts a on a.id = cf.other_id
        where cf.account_id = ${accountId} and ${shownTo(viewer, 'a')}
        order by cf.readers desc, a.id desc limit ${limit}`,
  );
}

/** Trending posts' ids, best first, in one language or all, and how many there are. */
export async function trending(db: Db, language: string | undefined, limit: number, offset: number) {
  const rows = await queryRows<{ post_id: number; total: number }>(
    db,
    sql`select post_id, count(*) over ()::int as total from trending_posts
        ${language ? sql`where language = ${language}` : sql``}
        order by score desc, post_id desc limit ${limit} offset ${offset}`,
  );
  return { ids: rows.map((r) => r.post_id), total: rows[0]?.total ?? 0 };
}

export async function hide(db: Db, viewer: number, accountId: number): Promise<void> {
  await db.execute(
    sql`insert into suggestion_hides (user_id, account_id) values (${viewer}, ${accountId}) on conflict do nothing`,
  );
}

/* The refresh job's writes. */

/** Marks the account's readers as changed: its co-follows are recounted on the next refresh. */
export async function markDirty(db: Db, accountId: number): Promise<void> {
  await db.execute(sql`insert into discovery_dirty (account_id) values (${accountId}) on conflict do nothing`);
}

/**
 * Each visible account's language (its posts' most used, 90 days), topics (its five most used tags, 90 days),
 * growth (follows gained over 14 days) and engagement (likes and comments per post, 30 days), and the score
 * every ranking starts from: growth and engagement on a log scale, so a small account gaining readers rises above
 * a large idle one. Accounts no longer visible leave the table.
 */
export async function refreshAccountStats(tx: Tx, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(
    sql`delete from account_stats s where not exists (
          select 1 from accounts a where a.id = s.account_id and ${publicAccountSql('a')})`,
  );
  const rows = await queryRows<{ account_id: number }>(
    tx,
    sql`insert into account_stats as s (account_id, language, tags, growth, engagement, score, refreshed_at)
        select a.id, x.language, x.tags, x.growth, x.engagement,
               2 * ln(1 + x.growth) + ln(1 + x.engagement), ${at}
        from accounts a
        cross join lateral (select
          coalesce((select p.language from posts p
                    where p.account_id = a.id and p.visible and p.created_at > ${at} - interval '90 days'
                    group by p.language order by count(*) desc, p.language limit 1), 'other') as language,
          coalesce((select array_agg(name) from (
                      select t.name from posts p join post_tags pt on pt.post_id = p.id join tags t on t.id = pt.tag_id
                      where p.account_id = a.id and p.visible and p.created_at > ${at} - interval '90 days'
                      group by t.name order by count(*) desc, t.name limit 5) top), '{}') as tags,
          (select count(*)::int from follows f
           where f.account_id = a.id and f.created_at > ${at} - ${`${GROWTH_DAYS} days`}::interval) as growth,
          coalesce((select avg(p.likes_count + p.comments_count)::real from posts p
                    where p.account_id = a.id and p.visible and p.created_at > ${at} - interval '30 days'), 0) as engagement
        ) x
        where ${publicAccountSql('a')}
        on conflict (account_id) do update set language = excluded.language, tags = excluded.tags,
          growth = excluded.growth, engagement = excluded.engagement, score = excluded.score,
          refreshed_at = excluded.refreshed_at
        returning s.account_id`,
  );
  return rows.length;
}

/**
 * Recounts the co-follows of the accounts whose readers changed since the last refresh (claimed by deleting their
 * marks, so a second worker finds none): for each, the accounts its readers also follow, the most shared first.
 */
export async function refreshCoFollows(tx: Tx): Promise<number> {
  const dirty = (
    await queryRows<{ account_id: number }>(tx, sql`delete from discovery_dirty returning account_id`)
  ).map((r) => r.account_id);
  if (dirty.length === 0) return 0;
  const ids = sql`${sql.param(dirty)}::int[]`;
  await tx.execute(sql`delete from co_follows where account_id = any(${ids})`);
  await tx.execute(
    sql`insert into co_follows (account_id, other_id, readers)
        select account_id, other_id, readers from (
          select f1.account_id, f2.account_id as other_id, count(*)::int as readers,
                 row_number() over (partition by f1.account_id order by count(*) desc, f2.account_id) as n
          from follows f1 join follows f2 on f2.user_id = f1.user_id and f2.account_id <> f1.account_id
          where f1.account_id = any(${ids})
          group by f1.account_id, f2.account_id) counted
        where n <= ${CO_FOLLOWS_KEPT}`,
  );
  return dirty.length;
}

/**
 * The last 48 hours' public posts by engagement with time decay, as of `now`: (likes + 2 × comments + 1) over
 * (hours old + 2)^1.5, so a fresh post with a few reactions passes an older one with more, and a day later both
 * have sunk. Members-only posts are left out (a teaser is no trend). Rewritten whole: a few thousand rows.
 */
export async function refreshTrending(tx: Tx, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`delete from trending_posts`);
  const rows = await queryRows<{ post_id: number }>(
    tx,
    sql`insert into trending_posts (post_id, language, score)
        select p.id, p.language,
               (p.likes_count + 2 * p.comments_count + 1)
                 / power(extract(epoch from (${at} - p.created_at)) / 3600 + 2, 1.5)
        from posts p
        where p.visible and p.min_tier_id is null
          and p.created_at > ${at} - interval '48 hours' and p.created_at <= ${at}
        returning post_id`,
  );
  return rows.length;
}

/** Features the account (keeping when it was first featured) or stops; undefined when there is no such account. */
export async function setAccountFeatured(tx: Tx, id: number, featured: boolean) {
  const [row] = await queryRows<{ was: boolean }>(
    tx,
    sql`update accounts a set featured_at = ${featured ? sql`coalesce(a.featured_at, now())` : sql`null`}
        from (select featured_at is not null as was from accounts where id = ${id} for update) old
        where a.id = ${id} returning old.was`,
  );
  return row;
}

/** The readers who turned the weekly digest on (in the app or by push), not suspended, by id. */
export async function digestReaders(db: Db | Tx, afterId: number, limit: number) {
  return queryRows<{ id: number; languages: string[] | null; tags: string[] }>(
    db,
    sql`select u.id, o.languages,
               coalesce(o.tags, '{}') || coalesce((select array_agg(t.name) from tag_follows tf join tags t on t.id = tf.tag_id
                                                  where tf.user_id = u.id), '{}') as tags
        from users u left join onboarding o on o.user_id = u.id
        where u.id > ${afterId} and u.suspended_at is null
          and (coalesce((u.notification_settings -> 'digest' ->> 'in_app')::boolean, false)
               or coalesce((u.notification_settings -> 'digest' ->> 'push')::boolean, false))
        order by u.id limit ${limit}`,
  );
}

/** Claims this week's digest (an ISO week like 2026-W48): false when it was sent already. */
export async function claimDigestWeek(tx: Tx, week: string): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`insert into app_state (key, value) values (${`discovery:digest:${week}`}, '{}'::jsonb)
        on conflict do nothing returning key`,
  );
  return rows.length > 0;
}
