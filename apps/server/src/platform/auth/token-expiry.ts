import { ACCESS_TOKEN_IDLE_DAYS, ACCESS_TOKEN_MAX_AGE_DAYS } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { accessTokens } from '../../db/schema';

/**
 * Sign-in tokens expire two ways, computed from columns the table already has (no expiry column): after
 * ACCESS_TOKEN_IDLE_DAYS without use (`last_used_at`, written at most once a minute by authenticate) and
 * ACCESS_TOKEN_MAX_AGE_DAYS after the sign-in (`created_at`), however busy. The database clock decides, so
 * several app servers agree. An expired token answers 401 and is deleted when presented; the rest go when
 * their person signs in again (the devices list leaves them out).
 */
export const idleExpiresAt = () =>
  sql<Date>`(coalesce(${accessTokens.last_used_at}, ${accessTokens.created_at}) + make_interval(days => ${ACCESS_TOKEN_IDLE_DAYS}))`;

export const absoluteExpiresAt = () =>
  sql<Date>`(${accessTokens.created_at} + make_interval(days => ${ACCESS_TOKEN_MAX_AGE_DAYS}))`;

/** True for a token that may no longer be used. */
export const tokenExpired = () => sql<boolean>`(${idleExpiresAt()} <= now() or ${absoluteExpiresAt()} <= now())`;

export const ABSOLUTE_TOKEN_AGE_MS = ACCESS_TOKEN_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
