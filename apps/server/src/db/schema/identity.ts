import { index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, identity, timestamps } from './columns';
import { users } from './users';

/** The identity module's tables: mailed tokens (activation, reset) and social sign-in. */

/** Single-use tokens mailed to people: account activation and password reset (and the sign-up mail's hour). */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: identity(),
    user_id: belongsTo(() => users.id),
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
    id: identity(),
    user_id: belongsTo(() => users.id),
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
