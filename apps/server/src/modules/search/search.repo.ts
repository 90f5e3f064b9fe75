import type { PostLanguage, PostType, PublicUser, SearchCursor, SearchSince } from '@inkwell/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { unlockedSql } from '../../db/members-only';
import { blockedAccountSql, mutedAccountSql, unblockedUserSql, visiblePostSql } from '../../db/safety';
import { publicAccountSql } from '../accounts';

/*
 * Search reads. Posts are matched by their words (`search_vector`: ICU's words of Burmese, Thai and every other
 * script, in the `simple` configuration) and, for parts of words and typos, by trigram substring on their text.
 * Every list is ranked by a whole-number score and paged by (score, id), so a page neither repeats nor skips a
 * row while nothing is written meanwhile.
 */

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const prefixPattern = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const afterCursor = (cursor: SearchCursor | undefined): SQL =>
  cursor ? sql`(s.score, s.id) < (${cursor.score}::bigint, ${cursor.id}::int)` : sql`true`;

export interface PostSearch {
  viewer: number;
  q: string;
  /** The query's words, joined by spaces (as posts' words are stored). */
  words: string;
  language?: PostLanguage;
  postType?: PostType;
  since?: SearchSince;
  before?: SearchCursor;
  limit: number;
  /**
   * `words`: posts with every word of the query (the GIN index); `parts`: posts with the query only inside longer
   * words or misspelt (trigrams), asked only when the words fill less than a page — their scores rank below every
   * word match, so one cursor pages through both.
   */
  match: 'words' | 'parts';
}

export interface PostHitRow {
  id: number;
  slug: string;
  type: PostType;
  title: string | null;
  search_text: string;
  language: PostLanguage;
  likes_count: number;
  comments_count: number;
  username: string;
  name: string;
  profile_url: string | null;
  created_at: Date | string;
  readable: boolean;
  score: string;
}

/**
 * The matches a query ranks: its newest thousand. A word in a tenth of all posts still answers at once; the
 * page order within them is the score's.
 */
export const SEARCH_CANDIDATES = 1000;
/** Parts of words are a fallback: their newest two hundred (a short query inside a common word is everywhere). */
const PARTS_CANDIDATES = 200;

const SINCE: Record<SearchSince, string> = { day: '1 day', week: '7 days', month: '1 month', year: '1 year' };

/**
 * Posts anyone may see (`posts.visible`) that the viewer has not blocked or muted, matching the words (or
 * containing the query), best first among the newest {@link SEARCH_CANDIDATES} matches. The score, highest first:
 * - 10,000,000 for matching by words (a part of a word or a typo found by trigrams ranks below every word match);
 * - the text match (`ts_rank`, title words weigh more), × 100,000;
 * - engagement, ln(1 + likes + 2 × comments) × 2,000;
 * - recency, 100 per day since 1970 (a post a month newer gains 3,000).
 * A members-only post the viewer may not read is matched on its title only: its words are its members'.
 */
export async function searchPosts(db: Db | Tx, s: PostSearch): Promise<PostHitRow[]> {
  const readable = sql`(${unlockedSql(s.viewer, 'p')}
    or exists (select 1 from account_users au where au.account_id = p.account_id and au.user_id = ${s.viewer}))`;
  const query = sql`plainto_tsquery('simple', ${s.words})`;
  const byWords = sql`(p.search_vector @@ ${query})`;
  const filters = [
    s.language ? sql`p.language = ${s.language}` : undefined,
    s.postType ? sql`p.type = ${s.postType}` : undefined,
    s.since ? sql`p.created_at > now() - ${SINCE[s.since]}::interval` : undefined,
  ].filter((f): f is SQL => f !== undefined);
  const matching = s.match === 'words' ? byWords : sql`not ${byWords} and p.search_text ilike ${likePattern(s.q)}`;
  // Three steps, so the costly work is done on few rows: the newest matches (at most SEARCH_CANDIDATES, found
  // from the GIN or trigram index, or down the newest-first index for a very common word), then their scores and
  // the page after the cursor (with room for rows the last step leaves out), then who may see what.
  return queryRows<PostHitRow>(
    db as Db,
    sql`
    with candidates as materialized (
      select p.id from posts p
      where p.visible ${filters.length ? sql`and ${sql.join(filters, sql` and `)}` : sql``} and ${matching}
      order by p.created_at desc, p.id desc
      limit ${s.match === 'words' ? SEARCH_CANDIDATES : PARTS_CANDIDATES}
    ),
    scored as (
      select p.id,
             ((case when ${byWords} then 10000000 else 0 end)
               + round(ts_rank(p.search_vector, ${query}) * 100000)
               + round(ln(1 + p.likes_count + 2 * p.comments_count) * 2000)
               + floor(extract(epoch from p.created_at) / 864))::bigint as score
      from candidates c join posts p on p.id = c.id
    ),
    page as (
      select s.id, s.score from scored s where ${afterCursor(s.before)}
      order by s.score desc, s.id desc limit ${s.limit * 3 + 10}
    )
    select p.id, p.slug, p.type, p.title, p.search_text, p.language, p.likes_count, p.comments_count,
           a.username, a.name, a.profile_url, p.created_at, r.readable, pg.score
    from page pg
    join posts p on p.id = pg.id
    join accounts a on a.id = p.account_id
    cross join lateral (select ${readable} as readable) r
    where ${visiblePostSql(s.viewer, { post: 'p', mutes: true })}
      and (r.readable
           or ts_filter(p.search_vector, '{a}') @@ ${query}
           or coalesce(p.title, '') ilike ${likePattern(s.q)})
    order by pg.score desc, pg.id desc
    limit ${s.limit}`,
  );
}

export interface Ranked {
  score: string;
}

/**
 * Activated people whose name or username contains the query, closest first (trigram similarity), but nobody
 * in a block with the viewer. Substring matching finds Burmese and Thai names, which have no spaces.
 */
export async function searchUsers(db: Db, viewer: number, q: string, before: SearchCursor | undefined, limit: number) {
  const pattern = likePattern(q);
  return queryRows<PublicUser & Ranked>(
    db,
    sql`
    select * from (
      select id, name, username, profile_url,
             round(greatest(similarity(name, ${q}), similarity(username, ${q})) * 1000000)::bigint as score
      from users
      where email_verified_at is not null and suspended_at is null and ${unblockedUserSql(viewer, 'users.id')}
        and (name ilike ${pattern} or username ilike ${pattern})
    ) s
    where ${afterCursor(before)}
    order by s.score desc, s.id desc
    limit ${limit}`,
  );
}

export interface AccountHitRow extends Ranked {
  id: number;
  username: string;
  name: string;
  description: string;
  profile_url: string | null;
  followers_count: number;
}

/**
 * Creator accounts anyone may see by name, username or description, closest first and then the most followed;
 * not those the viewer muted, nor those run by someone in a block with them.
 */
export async function searchAccounts(
  db: Db,
  viewer: number,
  q: string,
  before: SearchCursor | undefined,
  limit: number,
) {
  const pattern = likePattern(q);
  return queryRows<AccountHitRow>(
    db,
    sql`
    select * from (
      select id, username, name, description, profile_url, followers_count,
             (round(similarity(name || ' ' || username || ' ' || description, ${q}) * 1000000)
               + least(followers_count, 999))::bigint as score
      from accounts
      where ${publicAccountSql('accounts')}
        and not ${blockedAccountSql(viewer, 'accounts.id')} and not ${mutedAccountSql(viewer, 'accounts.id')}
        and (name || ' ' || username || ' ' || description) ilike ${pattern}
    ) s
    where ${afterCursor(before)}
    order by s.score desc, s.id desc
    limit ${limit}`,
  );
}

export interface TagHitRow extends Ranked {
  id: number;
  name: string;
  posts_count: number;
}

/** Tags that begin with the query (normalised), the most used first; then tags that contain it. */
export async function searchTags(db: Db, tag: string, before: SearchCursor | undefined, limit: number) {
  return queryRows<TagHitRow>(
    db,
    sql`
    select * from (
      select id, name, posts_count,
             ((case when name like ${prefixPattern(tag)} then 1000000000 else 0 end) + least(posts_count, 999999999))::bigint
               as score
      from tags
      where posts_count > 0 and name like ${likePattern(tag)}
    ) s
    where ${afterCursor(before)}
    order by s.score desc, s.id desc
    limit ${limit}`,
  );
}

/**
 * Search-as-you-type: accounts, people and tags whose names begin with the query (each from an index), the most
 * followed or used first.
 */
export async function suggest(db: Db, viewer: number, q: string, tag: string, each: number) {
  const prefix = prefixPattern(q);
  const [accounts, users, tags] = await Promise.all([
    queryRows<Omit<AccountHitRow, 'score'>>(
      db,
      sql`select id, username, name, description, profile_url, followers_count from accounts
          where ${publicAccountSql('accounts')}
            and not ${blockedAccountSql(viewer, 'accounts.id')} and not ${mutedAccountSql(viewer, 'accounts.id')}
            and (name ilike ${prefix} or username ilike ${prefix})
          order by followers_count desc, id limit ${each}`,
    ),
    queryRows<PublicUser>(
      db,
      sql`select id, name, username, profile_url from users
          where email_verified_at is not null and suspended_at is null and ${unblockedUserSql(viewer, 'users.id')}
            and (name ilike ${prefix} or username ilike ${prefix})
          order by id limit ${each}`,
    ),
    tag
      ? queryRows<Omit<TagHitRow, 'score'>>(
          db,
          sql`select id, name, posts_count from tags where name like ${prefixPattern(tag)} and posts_count > 0
              order by posts_count desc, id limit ${each}`,
        )
      : Promise.resolve([]),
  ]);
  return { accounts, users, tags };
}
