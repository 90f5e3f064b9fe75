import type { NotificationKind } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, identity } from './columns';
import { accounts } from './accounts';
import { comments } from './comments';
import { posts } from './posts';
import { users } from './users';

export type NotificationType = NotificationKind;

/**
 * One notification for one person, written in their language when it was made. Kinds that come in floods
 * (likes on one post within an hour, messages of one chat while unread) are one row, updated as more come
 * (`group_key`, `actors_count`). `in_app` is off when the person turned the kind off in the app but on for push:
 * such a row only carries the push and is neither listed nor counted.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: identity(),
    user_id: belongsTo(() => users.id),
    type: varchar({ length: 20 }).$type<NotificationType>().notNull(),
    actor_id: integer().references(() => users.id, { onDelete: 'cascade' }),
    account_id: integer().references(() => accounts.id, { onDelete: 'cascade' }),
    post_id: integer().references(() => posts.id, { onDelete: 'cascade' }),
    comment_id: integer().references(() => comments.id, { onDelete: 'cascade' }),
    title: text().notNull().default(''),
    body: text().notNull().default(''),
    icon: text().notNull().default(''),
    url: text().notNull().default('/'),
    tag: varchar({ length: 60 }).notNull().default(''),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    group_key: varchar({ length: 60 }),
    grouped_since: timestamp({ withTimezone: true }),
    actors_count: integer().notNull().default(1),
    in_app: boolean().notNull().default(true),
    push: boolean().notNull().default(true),
    /** Last sent by Web Push: a grouped notification is pushed again only after a quiet minute. */
    pushed_at: timestamp({ withTimezone: true }),
    read_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.created_at),
    index('notifications_group_idx')
      .on(t.user_id, t.group_key)
      .where(sql`${t.group_key} is not null`),
  ],
);
