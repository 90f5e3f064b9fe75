import { pgTable, primaryKey, integer, timestamp, varchar } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { users } from './users';

/**
 * Who was told of an @mention, once per post or comment: an edit that keeps a mention does not tell again, and a
 * twice-delivered event tells once.
 */
export const mentionNotices = pgTable(
  'mention_notices',
  {
    source_type: varchar({ length: 10 }).$type<'post' | 'comment'>().notNull(),
    source_id: integer().notNull(),
    user_id: belongsTo(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source_type, t.source_id, t.user_id] })],
);
