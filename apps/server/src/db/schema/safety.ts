import { sql } from 'drizzle-orm';
import { check, customType, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { belongsTo } from './columns';
import { users } from './users';

/* The safety module's tables: blocks, mutes, muted words. */

/**
 * `blocker_id` blocked `blocked_id`. One row, read both ways: a block keeps both people apart, whoever made it
 * (the primary key serves "whom I blocked", the index "who blocked me").
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blocker_id: belongsTo(() => users.id),
    blocked_id: belongsTo(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blocker_id, t.blocked_id] }),
    index('user_blocks_blocked_idx').on(t.blocked_id, t.blocker_id),
    check('user_blocks_not_self', sql`${t.blocker_id} <> ${t.blocked_id}`),
  ],
);

/** The muter no longer sees the account's posts in feeds and search. */
export const accountMutes = pgTable(
  'account_mutes',
  {
    user_id: belongsTo(() => users.id),
    account_id: belongsTo(() => accounts.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.account_id] })],
);

/** A muted word as its owner wrote it (NFC) and as it is matched (`needle`: lower case, NFC). */
export const mutedWords = pgTable(
  'muted_words',
  {
    user_id: belongsTo(() => users.id),
    word: text().notNull(),
    needle: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.needle] })],
);

/**
 * A person's muted words as the one regular expression feeds match them with (modules/safety/muted-pattern.ts):
 * written with the words, so no read builds it.
 */
export const mutedPatterns = pgTable('muted_patterns', {
  user_id: belongsTo(() => users.id).primaryKey(),
  pattern: text().notNull(),
});

/** A set of ids as sorted, merged ranges: whether an id is in it is a binary search. */
const idRanges = customType<{ data: string }>({ dataType: () => 'int4multirange' });

/**
 * What each person must not see, as one row read by primary key (db/safety.ts): kept by triggers on
 * `user_blocks`, `account_mutes` and the owners in `account_users` (migration 0031), so every path that blocks,
 * mutes, makes or removes an owner, or deletes someone keeps it true. Null: none.
 */
export const safetySets = pgTable('safety_sets', {
  user_id: belongsTo(() => users.id).primaryKey(),
  /** The people in a block with this person, whichever of the two made it. */
  blocked_users: idRanges(),
  /** The accounts owned by those people. */
  blocked_accounts: idRanges(),
  /** The accounts this person muted. */
  muted_accounts: idRanges(),
  /** Both of the above: what leaves this person's feeds and search. */
  hidden_accounts: idRanges(),
  /** The people this person blocked (what `is_blocked` answers; not told to the blocked). */
  my_blocks: idRanges(),
  /** The accounts owned by the people this person blocked. */
  my_blocked_accounts: idRanges(),
});
