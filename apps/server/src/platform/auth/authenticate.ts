import type { Permission, RoleName } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accessTokens, permissions, rolePermissions, roles, users } from '../../db/schema';
import type { AppContext } from '../context';
import { forbidden, unauthenticated } from '../errors';
import { bearerToken, hashToken } from './tokens';

export interface AuthUser {
  id: number;
  name: string;
  username: string;
  email: string;
  role_id: number;
  role_name: RoleName;
}

export interface AuthContext {
  user: AuthUser;
  tokenId: number;
}

/** `last_used_at` is written at most this often per token, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Recently verified tokens, so a busy reader's every request does not look the token up again. Entries
 * live a few seconds; this process forgets a person's at once when they sign out or change credentials
 * (other processes within the TTL).
 */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
const sessions = new Map<string, { auth: AuthContext; at: number }>();

export function forgetSessions(userId: number): void {
  for (const [key, entry] of sessions) if (entry.auth.user.id === userId) sessions.delete(key);
}

export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthContext | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const cached = sessions.get(tokenHash);
  if (cached && Date.now() - cached.at < SESSION_CACHE_MS) return cached.auth;
  const auth = await lookup(ctx, tokenHash);
  if (sessions.size >= SESSION_CACHE_MAX) sessions.clear();
  sessions.set(tokenHash, { auth, at: Date.now() });
  return auth;
}

async function lookup(ctx: AppContext, tokenHash: string): Promise<AuthContext> {
  const [row] = await ctx.db
    .select({
      tokenId: accessTokens.id,
      lastUsedAt: accessTokens.last_used_at,
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      role_id: users.role_id,
      role_name: roles.name,
      verified: users.email_verified_at,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.user_id))
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(eq(accessTokens.token_hash, tokenHash))
    .limit(1);
  if (!row || !row.verified) throw unauthenticated();
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.db
      .update(accessTokens)
      .set({ last_used_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(accessTokens.id, row.tokenId));
  }
  const { tokenId, lastUsedAt: _l, verified: _v, ...user } = row;
  return { tokenId, user: { ...user, role_name: user.role_name as RoleName } };
}

/** Role → permission names, cached briefly: admin screens change them rarely. */
const cache = new Map<number, { at: number; names: Set<string> }>();
const CACHE_MS = 5_000;

export function clearPermissionCache(): void {
  cache.clear();
}

export async function roleHasPermission(ctx: AppContext, roleId: number, permission: Permission): Promise<boolean> {
  const hit = cache.get(roleId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.names.has(permission);
  const rows = await ctx.db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(eq(rolePermissions.role_id, roleId));
  const names = new Set(rows.map((r) => r.name));
  cache.set(roleId, { at: Date.now(), names });
  return names.has(permission);
}

/** Root may do everything; anyone else needs the permission on their role. */
export async function requirePermission(ctx: AppContext, auth: AuthContext, permission: Permission): Promise<void> {
  if (auth.user.role_name === 'root') return;
  if (!(await roleHasPermission(ctx, auth.user.role_id, permission))) throw forbidden();
}
