import { boolean, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { accounts } from './accounts';
import { posts } from './posts';
import { users } from './users';

/*
 * The posts module's stored feeds. The tables keep their first names (`timelines`, `timeline_entries`,
 * `timeline_pulled_accounts`), as the `timeline.*` jobs do: renaming stored names would take a migration and a
 * queue move for nothing a reader sees.
 */

/**
 * A reader's home feed (fan-out on write, as Mastodon keeps home feeds): the newest posts of the accounts
 * they follow, written when a post appears, so the followed feed reads one short index range however many
 * posts and follows there are. The stored feed holds every post of a followed account from `horizon` on (older
 * ones are read from `posts` directly) and about `FEED_CAP` entries; whether a post may be shown (visible,
 * still followed) is asked at read time, so hiding, rejecting and unfollowing need no writes here.
 */
export const feeds = pgTable('timelines', {
  user_id: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Filled: reads use the entries. While false (the first build runs) reads go to `posts`. */
  ready: boolean().notNull().default(false),
  /** When the running build began: a build that died is taken over after a while. */
  building_at: timestamp({ withTimezone: true, mode: 'string' }),
  /** Entries stop here (inclusive); null while the stored feed holds everything the followed accounts wrote. */
  horizon_at: timestamp({ withTimezone: true, mode: 'string' }),
  horizon_id: integer(),
  /** Entries written since the last trim plus those kept then (an upper bound: deletes are not counted). */
  size: integer().notNull().default(0),
  /** Last read (to the day): a stored feed unread for long is dropped, as Mastodon drops inactive people's feeds. */
  read_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const feedEntries = pgTable(
  'timeline_entries',
  {
    user_id: belongsTo(() => feeds.user_id),
    /** The post's `created_at`, copied so the stored feed pages by its own index. */
    created_at: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    post_id: belongsTo(() => posts.id),
    account_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.created_at, t.post_id] }),
    // A deleted post takes its entries with it (the foreign key's cascade looks them up here).
    index('timeline_entries_post_idx').on(t.post_id),
  ],
);

/**
 * Accounts with so many followers that writing each post into every follower's stored feed costs more than
 * reading it at view time: their posts are not fanned out, and a reader's stored feed pulls them in when read.
 * Once in, an account stays (its followers' stored feeds no longer hold its newer posts).
 */
export const feedPulledAccounts = pgTable('timeline_pulled_accounts', {
  account_id: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
