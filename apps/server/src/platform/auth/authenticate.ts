import { PERMISSIONS, type Permission } from '@inkwell/contracts';
import { and, eq, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { preparedDb, type Db } from '../../db/connect';
import { accessTokens, permissions, rolePermissions, roles, users } from '../../db/schema';
import type { AppContext } from '../context';
import { AppError, forbidden, unauthenticated } from '../errors';
import { tokenExpired } from './token-expiry';
import { bearerToken, hashToken } from './tokens';

export interface AuthUser {
  id: number;
  name: string;
  username: string;
  email: string;
  role_id: number;
  /** A seeded role or one made in the admin area: policies ask `permissions`, not this. */
  role_name: string;
}

export interface AuthContext {
  user: AuthUser;
  tokenId: number;
  /** What the person may do as an administrator, from their role (root: every permission). Policies ask this. */
  permissions: ReadonlySet<Permission>;
}

/** A token past its idle or absolute expiry (token-expiry.ts). */
const sessionExpired = () => new AppError(401, 'auth.session_expired');

/** `last_used_at` is written at most this often per token, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

const known = new Set<string>(PERMISSIONS);
/** Names an administrator created that no code checks guard nothing: only the known ones are kept. */
const knownPermissions = (names: string[] | null): ReadonlySet<Permission> =>
  new Set((names ?? []).filter((n): n is Permission => known.has(n)));

/**
 * The token's person, their role and its permissions, read in one indexed query on every request: nothing is
 * cached, so a changed role, trimmed permissions, a suspension or a sign-out take effect on the next request
 * in every process.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthContext | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  return lookup(ctx, hashToken(token));
}

/**
 * The lookup as a prepared statement, one per database: every request runs it, and PostgreSQL then parses and
 * plans it once per connection (and drizzle builds it once) instead of on every request. Still one query that
 * reads the current rows, so nothing it answers is ever stale.
 */
function prepareLookup(db: Db) {
  return db
    .select({
      tokenId: accessTokens.id,
      lastUsedAt: accessTokens.last_used_at,
      createdAt: accessTokens.created_at,
      expired: tokenExpired(),
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      role_id: users.role_id,
      role_name: roles.name,
      verified: users.email_verified_at,
      suspended: users.suspended_at,
      permissions: sql<string[] | null>`(
        select array_agg(${permissions.name}) from ${rolePermissions}
        join ${permissions} on ${permissions.id} = ${rolePermissions.permission_id}
        where ${rolePermissions.role_id} = ${users.role_id}
      )`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.user_id))
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(eq(accessTokens.token_hash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('auth_lookup');
}

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

async function lookup(ctx: AppContext, tokenHash: string): Promise<AuthContext> {
  let prepared = lookups.get(ctx.db);
  if (!prepared) {
    prepared = prepareLookup(preparedDb(ctx.db));
    lookups.set(ctx.db, prepared);
  }
  const [row] = await prepared.execute({ tokenHash });
  if (!row || !row.verified) throw unauthenticated();
  if (row.suspended) throw forbidden('auth.suspended');
  if (row.expired) {
    await ctx.db.delete(accessTokens).where(eq(accessTokens.id, row.tokenId));
    throw sessionExpired();
  }
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.db
      .update(accessTokens)
      .set({ last_used_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(accessTokens.id, row.tokenId));
  }
  const {
    tokenId,
    lastUsedAt: _l,
    createdAt: _c,
    expired: _e,
    verified: _v,
    suspended: _s,
    permissions: names,
    ...user
  } = row;
  return { tokenId, user, permissions: knownPermissions(names) };
}

/**
 * Of these sessions (access token ids), the ones that still sign their person in, by `lookup`'s rules (the
 * person activated and not suspended, the token not past its expiry), each with its person's id: what a socket
 * opened with them asks on each of its events. One query by primary key; an expired token is left for
 * `lookup` or the next sign-in to delete.
 */
export async function liveSessions(db: Db, tokenIds: number[]): Promise<Map<number, number>> {
  if (tokenIds.length === 0) return new Map();
  const rows = await db
    .select({ id: accessTokens.id, userId: accessTokens.user_id })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.user_id))
    .where(
      and(
        inArray(accessTokens.id, tokenIds),
        isNotNull(users.email_verified_at),
        isNull(users.suspended_at),
        not(tokenExpired()),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.userId]));
}

/** The permissions a role holds (root's row holds all of them: the seed keeps it so on every start). */
export async function permissionsOfRole(ctx: AppContext, role: { role_id: number }): Promise<ReadonlySet<Permission>> {
  const rows = await ctx.db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(eq(rolePermissions.role_id, role.role_id));
  return knownPermissions(rows.map((r) => r.name));
}

/** The route option `permission`: the caller's role must hold it. */
export function requirePermission(auth: AuthContext, permission: Permission): void {
  if (!auth.permissions.has(permission)) throw forbidden();
}
