import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, identity, timestamps } from './columns';
import { roles } from './roles';

/** The users module's tables: people and their signed-in devices. */

export type NotificationSettingsStored = Partial<Record<string, { in_app?: boolean; push?: boolean }>>;

export const users = pgTable(
  'users',
  {
    id: identity(),
    name: varchar({ length: 100 }).notNull(),
    username: varchar({ length: 30 }).notNull(),
    email: varchar({ length: 254 }).notNull(),
    /** Null for people who only ever signed in through a social provider. */
    password_hash: text(),
    role_id: integer()
      .notNull()
      .references(() => roles.id),
    profile_url: text(),
    dob: date({ mode: 'string' }),
    locale: varchar({ length: 5 }).notNull().default('en'),
    /** Kinds of notification turned off, per channel (`{"like": {"push": false}}`); absent means on. */
    notification_settings: jsonb().$type<NotificationSettingsStored>().notNull().default({}),
    /** Unread notifications shown in the app, kept by a trigger on `notifications` through every change. */
    notifications_unread: integer().notNull().default(0),
    email_verified_at: timestamp({ withTimezone: true }),
    /** Set by an administrator: the person cannot sign in and their tokens stop working. */
    suspended_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_id_idx').on(t.role_id),
    // Substring search over names in any script (Burmese and Thai have no spaces between words).
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    // The admin user search matches a part of an e-mail address too.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // The media cleanup keeps uploads used as profile pictures.
    index('users_profile_url_idx')
      .using('hash', t.profile_url)
      .where(sql`${t.profile_url} is not null`),
  ],
);

/** One row per signed-in device; only the SHA-256 of the token is kept. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: identity(),
    user_id: belongsTo(() => users.id),
    device_name: varchar({ length: 100 }).notNull(),
    token_hash: varchar({ length: 64 }).notNull().unique(),
    last_used_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('access_tokens_user_id_idx').on(t.user_id)],
);
