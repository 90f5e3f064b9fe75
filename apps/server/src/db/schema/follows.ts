import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { accounts } from './accounts';
import { users } from './users';

/** The follows module's table: who follows which account, and whether they rang its bell. */

export const follows = pgTable(
  'follows',
  {
    user_id: belongsTo(() => users.id),
    account_id: belongsTo(() => accounts.id),
    /** The follower rang the account's bell: each new post of it notifies them. */
    bell: boolean().notNull().default(false),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.account_id] }),
    index('follows_account_idx').on(t.account_id, t.created_at),
    index('follows_bell_idx')
      .on(t.account_id, t.user_id)
      .where(sql`${t.bell}`),
  ],
);
