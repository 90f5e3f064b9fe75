import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { users } from './users';

/**
 * One row per pair of people, the lower id first, whoever asked: a request (`accepted_at` null) or a
 * friendship. One row per pair is what makes two people pressing Add at once end up friends: the second
 * insert finds the first one's row and accepts it.
 */
export const friendships = pgTable(
  'friendships',
  {
    user_low: belongsTo(() => users.id),
    user_high: belongsTo(() => users.id),
    /** Who asked (one of the two). */
    requested_by: integer().notNull(),
    accepted_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_low, t.user_high] }),
    check('friendships_ordered', sql`${t.user_low} < ${t.user_high}`),
    check('friendships_requester', sql`${t.requested_by} in (${t.user_low}, ${t.user_high})`),
    // A person's friends (either side of the pair), newest first.
    index('friendships_low_idx').on(t.user_low, t.accepted_at),
    index('friendships_high_idx').on(t.user_high, t.accepted_at),
  ],
);
