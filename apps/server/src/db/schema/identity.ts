import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export type NotificationSettingsStored = Partial<Record<string, { in_app?: boolean; push?: boolean }>>;

export const roles = pgTable('roles', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 50 }).notNull().unique(),
  ...timestamps,
});

export const permissions = pgTable('permissions', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 100 }).notNull().unique(),
  ...timestamps,
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device_name: varchar({ length: 100 }).notNull(),
    token_hash: varchar({ length: 64 }).notNull().unique(),
    last_used_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('access_tokens_user_id_idx').on(t.user_id)],
);

/** Single-use tokens mailed to people: account activation and password reset (and the sign-up mail's hour). */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // `register_mail` is no link: it marks the hour in which a sign-up with this address has mailed its owner.
    purpose: varchar({ length: 20 }).$type<'activation' | 'password_reset' | 'register_mail'>().notNull(),
    token_hash: varchar({ length: 64 }).notNull().unique(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_purpose_idx').on(t.user_id, t.purpose)],
);

/**
 * A person's sign-in through a social provider: one per provider and person, and one person per provider
 * identity (`provider_id` is the provider's stable subject id, never the e-mail, which can change hands).
 */
export const socialLogins = pgTable(
  'social_logins',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar({ length: 20 }).notNull(),
    provider_id: varchar({ length: 255 }).notNull(),
    name: varchar({ length: 200 }),
    email: varchar({ length: 254 }),
    avatar_url: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('social_logins_provider_identity_key').on(t.provider, t.provider_id),
    uniqueIndex('social_logins_user_provider_key').on(t.user_id, t.provider),
  ],
);

/**
 * OAuth `state` values already answered (their SHA-256), kept until the state would have expired anyway: a
 * callback replayed with the same cookie, even within its 10 minutes, finds its state here and is refused.
 */
export const oauthStatesUsed = pgTable(
  'oauth_states_used',
  {
    state_hash: varchar({ length: 64 }).primaryKey(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_used_expires_at_idx').on(t.expires_at)],
);
