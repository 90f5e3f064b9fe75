import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, identity } from './columns';
import { accessTokens, users } from './users';

/**
 * A browser registered for Web Push, tied to the sign-in it was made under: signing out (or revoking the
 * device) deletes the token row, and the subscription with it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: identity(),
    user_id: belongsTo(() => users.id),
    token_id: integer().references(() => accessTokens.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: varchar({ length: 200 }).notNull(),
    auth: varchar({ length: 100 }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    last_success_at: timestamp({ withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.user_id)],
);
