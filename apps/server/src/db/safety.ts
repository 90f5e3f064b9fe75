import { sql, type SQL } from 'drizzle-orm';

/*
 * The one place every read path asks what a viewer must not see. Each helper is a condition on a row's columns
 * whose look-ups do not depend on the row: PostgreSQL reads them once per statement (an InitPlan: one row of
 * `safety_sets` by primary key, kept by triggers, migration 0031) and then tests each row against them, so a list
 * costs no extra query per row. Viewer 0 (a guest) has nothing to hide: the helpers become constants.
 *
 * The ids are kept as multiranges: testing an id is a binary search, where `= any(array)` compared it with every
 * element, and gathering a hundred blocks and their owners' accounts in every statement cost more than the page.
 */

const col = (column: string) => sql.raw(column);

/** The people in a block with the viewer, whichever of the two made it (a set of user ids, read from the blocks). */
export const blockedWith = (viewer: number): SQL =>
  sql`(select b.blocked_id from user_blocks b where b.blocker_id = ${viewer}
       union all select b.blocker_id from user_blocks b where b.blocked_id = ${viewer})`;

type SafetySet =
  'blocked_users' | 'blocked_accounts' | 'muted_accounts' | 'hidden_accounts' | 'my_blocks' | 'my_blocked_accounts';

/** Whether the id in `column` is in one of the viewer's safety sets (false when they have none). */
const inSet = (viewer: number, column: string, set: SafetySet): SQL =>
  sql`coalesce(${col(column)} <@ (select s.${sql.raw(set)} from safety_sets s where s.user_id = ${viewer}), false)`;

/** Whether the person in `column` (a user id) is in a block with the viewer. */
export const blockedUserSql = (viewer: number, column: string): SQL =>
  viewer === 0 ? sql`false` : inSet(viewer, column, 'blocked_users');

/** Whether the account in `column` has an owner in a block with the viewer: what they write as an account. */
export const blockedAccountSql = (viewer: number, column: string): SQL =>
  viewer === 0 ? sql`false` : inSet(viewer, column, 'blocked_accounts');

/** Whether the viewer muted the account in `column`. */
export const mutedAccountSql = (viewer: number, column: string): SQL =>
  viewer === 0 ? sql`false` : inSet(viewer, column, 'muted_accounts');

/**
 * The viewer's muted words as one regular expression (modules/safety/muted-pattern.ts: each word's
 * metacharacters escaped, so a word matches only itself; shared prefixes merged), or null when they have none.
 * Found anywhere in a post's text, so a Burmese or Thai word is found in text written without spaces.
 * PostgreSQL caches the compiled expression; 100 words of at most 50 characters bound its size.
 */
const mutedPattern = (viewer: number): SQL =>
  sql`(select mp.pattern from muted_patterns mp where mp.user_id = ${viewer})`;

/**
 * How much of a post's text muted words are looked for in: its title and beginning, where a reader meets them
 * in a feed. A bound keeps the cost of a hundred words per row the same for a status and a long article.
 */
export const MUTED_TEXT_CHARS = 3000;

/**
 * Whether the text in `column` holds one of the viewer's muted words (stored in lower case; `~` on `lower()`
 * costs a third of the case-insensitive `~*`). The `case` reads the text only for a viewer who muted words: the
 * others pay one index probe per statement.
 */
const mutedTextSql = (viewer: number, column: string): SQL =>
  sql`(case when ${mutedPattern(viewer)} is not null
            then coalesce(lower(left(${col(column)}, ${sql.raw(String(MUTED_TEXT_CHARS))})) ~ ${mutedPattern(viewer)}, false)
            else false end)`;

export interface PostAliases {
  /** The post's alias (`p`): its `author_id`, `account_id` and `search_text` are read. */
  post: string;
  /** Also leave out what the viewer muted (feeds and search; not a post opened by link, nor an account's page). */
  mutes: boolean;
}

/**
 * Whether a post stays out of the viewer's lists: written by someone in a block with them, or on an account
 * owned by such a person; with `mutes`, also on an account they muted or holding one of their muted words.
 */
export const hiddenPostSql = (viewer: number, { post, mutes }: PostAliases): SQL => {
  if (viewer === 0) return sql`false`;
  const author = blockedUserSql(viewer, `${post}.author_id`);
  if (!mutes) return sql`(${author} or ${blockedAccountSql(viewer, `${post}.account_id`)})`;
  return sql`(${author} or ${inSet(viewer, `${post}.account_id`, 'hidden_accounts')}
              or ${mutedTextSql(viewer, `${post}.search_text`)})`;
};

/** `not hidden`: the form lists use in their `where`. */
export const visiblePostSql = (viewer: number, aliases: PostAliases): SQL =>
  viewer === 0 ? sql`true` : sql`not ${hiddenPostSql(viewer, aliases)}`;

/** `not blocked` for a row written by the person in `column` (a comment, a notification's actor, a person). */
export const unblockedUserSql = (viewer: number, column: string): SQL =>
  viewer === 0 ? sql`true` : sql`not ${blockedUserSql(viewer, column)}`;

/** Whether the viewer blocked the person in `column`: what `is_blocked` answers (not told to the blocked). */
export const iBlockedSql = (viewer: number, column: string): SQL =>
  viewer === 0 ? sql`false` : inSet(viewer, column, 'my_blocks');

/** Whether the viewer blocked an owner of the account in `column`. */
export const iBlockedAccountSql = (viewer: number, column: string): SQL =>
  viewer === 0 ? sql`false` : inSet(viewer, column, 'my_blocked_accounts');
