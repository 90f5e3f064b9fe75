import { sql, type SQL } from 'drizzle-orm';

/*
 * The one place every read path asks what a viewer must not see. Each helper is a condition on a row's columns
 * whose look-ups do not depend on the row: PostgreSQL computes them once per statement (an InitPlan: the
 * viewer's blocks, mutes and words as arrays) and then tests each row against those arrays, so a list costs
 * no extra query per row. Viewer 0 (a guest) has nothing to hide: the helpers become constants.
 */

const col = (column: string) => sql.raw(column);

/** The people in a block with the viewer, whichever of the two made it. */
export const blockedWith = (viewer: number): SQL =>
  sql`(select b.blocked_id from user_blocks b where b.blocker_id = ${viewer}
       union all select b.blocker_id from user_blocks b where b.blocked_id = ${viewer})`;

/** The accounts owned by someone in a block with the viewer: what they write as an account. */
const blockedAccounts = (viewer: number): SQL =>
  sql`(select au.account_id from account_users au
       where au.user_id = any(array${blockedWith(viewer)}) and au.role = 'owner')`;

/** Whether the person in `column` (a user id) is in a block with the viewer. */
export const blockedUserSql = (viewer: number, column: string): SQL =>
  viewer === 0 ? sql`false` : sql`coalesce(${col(column)} = any(array${blockedWith(viewer)}), false)`;

/** Whether the account in `column` has an owner in a block with the viewer. */
export const blockedAccountSql = (viewer: number, column: string): SQL =>
  viewer === 0 ? sql`false` : sql`(${col(column)} = any(array${blockedAccounts(viewer)}))`;

/** Whether the viewer muted the account in `column`. */
export const mutedAccountSql = (viewer: number, column: string): SQL =>
  viewer === 0
    ? sql`false`
    : sql`(${col(column)} = any(array(select m.account_id from account_mutes m where m.user_id = ${viewer})))`;

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
  const blocked = sql`(${blockedUserSql(viewer, `${post}.author_id`)} or ${blockedAccountSql(viewer, `${post}.account_id`)})`;
  if (!mutes) return blocked;
  return sql`(${blocked} or ${mutedAccountSql(viewer, `${post}.account_id`)}
              or ${mutedTextSql(viewer, `${post}.search_text`)})`;
};

/** `not hidden`: the form lists use in their `where`. */
export const visiblePostSql = (viewer: number, aliases: PostAliases): SQL =>
  viewer === 0 ? sql`true` : sql`not ${hiddenPostSql(viewer, aliases)}`;

/** `not blocked` for a row written by the person in `column` (a comment, a notification's actor, a person). */
export const unblockedUserSql = (viewer: number, column: string): SQL =>
  viewer === 0 ? sql`true` : sql`not ${blockedUserSql(viewer, column)}`;

/*
 * What `is_blocked` answers, asked of the rows a page decorates (twenty or so): a primary-key probe per row (and
 * per owner of the row's account) costs less than reading every block of the viewer first.
 */

/** Whether the viewer blocked the person in `column` (their blocks are not told to the blocked). */
export const iBlockedSql = (viewer: number, column: string): SQL =>
  viewer === 0
    ? sql`false`
    : sql`exists (select 1 from user_blocks b where b.blocker_id = ${viewer} and b.blocked_id = ${col(column)})`;

/** Whether the viewer blocked an owner of the account in `column`. */
export const iBlockedAccountSql = (viewer: number, column: string): SQL =>
  viewer === 0
    ? sql`false`
    : sql`exists (select 1 from account_users au where au.account_id = ${col(column)} and au.role = 'owner'
                  and exists (select 1 from user_blocks b where b.blocker_id = ${viewer} and b.blocked_id = au.user_id))`;
