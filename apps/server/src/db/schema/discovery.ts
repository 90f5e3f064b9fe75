import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, real, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { belongsTo, identity, timestamps } from './columns';
import { posts } from './posts';
import { users } from './users';

/**
 * The discovery module's tables: what a reader told onboarding, what the refresh job learns about accounts (their
 * language, topics, growth, engagement, and whose readers also read them), trending posts, and starter packs.
 */

export const onboarding = pgTable('onboarding', {
  user_id: belongsTo(() => users.id).primaryKey(),
  languages: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  tags: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  done_at: timestamp({ withTimezone: true }),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One row per visible account, rewritten by `discovery.refresh`; suggestions read it, never the posts. */
export const accountStats = pgTable(
  'account_stats',
  {
    account_id: belongsTo(() => accounts.id).primaryKey(),
    /** Its posts' most used language over the last 90 days (`other` when it wrote nothing). */
    language: varchar({ length: 5 }).notNull().default('other'),
    /** Its most used tags over the last 90 days. */
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Follows gained over the last 14 days (an unfollow takes its row away). */
    growth: integer().notNull().default(0),
    /** Likes and comments per post over its last 30 days' posts. */
    engagement: real().notNull().default(0),
    /** What every reader's ranking starts from: growth and engagement, not size. */
    score: real().notNull().default(0),
    refreshed_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_stats_score_idx').on(t.score, t.account_id),
    // A reader's candidates: the best in their languages, and those writing about their topics.
    index('account_stats_language_idx').on(t.language, t.score),
    index('account_stats_tags_idx').using('gin', t.tags),
  ],
);

/** Readers of `account_id` who also follow `other_id`: the few most shared per account. */
export const coFollows = pgTable(
  'co_follows',
  {
    account_id: belongsTo(() => accounts.id),
    other_id: belongsTo(() => accounts.id),
    readers: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.other_id] }), index('co_follows_other_idx').on(t.other_id)],
);

/** Accounts whose readers changed since the last refresh (their co-follows are recounted). */
export const discoveryDirty = pgTable('discovery_dirty', {
  account_id: belongsTo(() => accounts.id).primaryKey(),
});

/** Suggestions a reader closed: never suggested to them again. */
export const suggestionHides = pgTable(
  'suggestion_hides',
  {
    user_id: belongsTo(() => users.id),
    account_id: belongsTo(() => accounts.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.account_id] })],
);

/** The last 48 hours' posts by engagement with time decay, as of the last refresh. */
export const trendingPosts = pgTable(
  'trending_posts',
  {
    post_id: belongsTo(() => posts.id).primaryKey(),
    language: varchar({ length: 5 }).notNull(),
    score: real().notNull(),
  },
  (t) => [
    index('trending_posts_score_idx').on(t.score, t.post_id),
    index('trending_posts_language_idx').on(t.language, t.score, t.post_id),
  ],
);

export const packs = pgTable(
  'packs',
  {
    id: identity(),
    user_id: belongsTo(() => users.id),
    name: varchar({ length: 80 }).notNull(),
    description: varchar({ length: 500 }).notNull().default(''),
    featured_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('packs_user_idx').on(t.user_id, t.id), index('packs_list_idx').on(t.featured_at, t.id)],
);

export const packAccounts = pgTable(
  'pack_accounts',
  {
    pack_id: belongsTo(() => packs.id),
    account_id: belongsTo(() => accounts.id),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.pack_id, t.account_id] }), index('pack_accounts_account_idx').on(t.account_id)],
);
