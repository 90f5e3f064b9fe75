import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, identity } from './columns';
import { posts } from './posts';
import { users } from './users';

/** The tags module's tables: #tags found in posts (in any script), and the readers who follow them. */

export const tags = pgTable(
  'tags',
  {
    id: identity(),
    /** NFC, case-folded (`normalizeTag`): what a tag page is named by. */
    name: varchar({ length: 50 }).notNull(),
    /** Posts naming it; kept by triggers on `post_tags`, so deletes (and cascades) keep it true. */
    posts_count: integer().notNull().default(0),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_name_key').on(t.name),
    // Search-as-you-type: a prefix of any script, read byte-wise whatever the database's collation.
    index('tags_name_prefix_idx').using('btree', sql`${t.name} varchar_pattern_ops`),
  ],
);

export const postTags = pgTable(
  'post_tags',
  {
    post_id: belongsTo(() => posts.id),
    tag_id: belongsTo(() => tags.id),
    /** The post's, so a tag page reads newest first from this table's index alone. */
    created_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.post_id, t.tag_id] }),
    index('post_tags_page_idx').on(t.tag_id, t.created_at, t.post_id),
    // Trending reads the last day's rows.
    index('post_tags_recent_idx').on(t.created_at),
  ],
);

export const tagFollows = pgTable(
  'tag_follows',
  {
    user_id: belongsTo(() => users.id),
    tag_id: belongsTo(() => tags.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.tag_id] }), index('tag_follows_tag_idx').on(t.tag_id)],
);
