import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { users } from './users';

/** The likes module's table: a person's like of a post or a comment (by type and id: no foreign key). */

export const likes = pgTable(
  'likes',
  {
    user_id: belongsTo(() => users.id),
    likeable_type: varchar({ length: 10 }).$type<'post' | 'comment'>().notNull(),
    likeable_id: integer().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.likeable_type, t.likeable_id] }),
    index('likes_target_idx').on(t.likeable_type, t.likeable_id, t.created_at),
  ],
);
