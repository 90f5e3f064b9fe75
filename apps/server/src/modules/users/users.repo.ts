import { and, desc, eq, ne, not, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { accessTokens, accountUsers, accounts, roles, socialLogins, users } from '../../db/schema';
import { absoluteExpiresAt, idleExpiresAt, tokenExpired } from '../../platform/auth/token-expiry';

type Conn = Db | Tx;
export type UserRow = typeof users.$inferSelect;

export async function findUserWithRole(db: Conn, id: number) {
  const [row] = await db
    .select({ user: users, role_name: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function updateUser(db: Conn, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(users.id, id));
}

const toDate = (v: Date | string) => new Date(v);

/** The person's signed-in devices, newest use first; expired tokens (token-expiry.ts) are not listed. */
export async function listDevices(db: Conn, userId: number) {
  return db
    .select({
      id: accessTokens.id,
      device_name: accessTokens.device_name,
      updated_at: sql<Date>`coalesce(${accessTokens.last_used_at}, ${accessTokens.created_at})`.mapWith(toDate),
      idle_expires_at: idleExpiresAt().mapWith(toDate),
      expires_at: absoluteExpiresAt().mapWith(toDate),
    })
    .from(accessTokens)
    .where(and(eq(accessTokens.user_id, userId), not(tokenExpired())))
    .orderBy(desc(sql`coalesce(${accessTokens.last_used_at}, ${accessTokens.created_at})`), desc(accessTokens.id));
}

export async function deleteDevice(db: Conn, userId: number, tokenId: number): Promise<boolean> {
  const rows = await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.user_id, userId)))
    .returning({ id: accessTokens.id });
  return rows.length > 0;
}

/** How many creator accounts the person belongs to, and how many of those are approved (may publish). */
export async function accountMembership(db: Conn, userId: number): Promise<{ total: number; approved: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      approved: sql<number>`count(*) filter (where ${accounts.approved_status} = 'approved')::int`,
    })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.account_id))
    .where(eq(accountUsers.user_id, userId));
  return { total: row?.total ?? 0, approved: row?.approved ?? 0 };
}

export async function findUserByEmail(db: Conn, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function usernameTaken(db: Conn, username: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.toLowerCase()}`,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function setPasswordHash(db: Conn, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where(eq(users.id, userId));
}

/** Signs out every device of the user except `keepTokenId` (none when absent); answers the tokens deleted. */
export async function revokeTokens(db: Conn, userId: number, keepTokenId?: number): Promise<number[]> {
  const rows = await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.user_id, userId), keepTokenId ? ne(accessTokens.id, keepTokenId) : undefined))
    .returning({ id: accessTokens.id });
  return rows.map((r) => r.id);
}

/** The person's connected social logins, oldest first (the order they were connected). */
export async function listSocialLogins(db: Conn, userId: number) {
  return db
    .select()
    .from(socialLogins)
    .where(eq(socialLogins.user_id, userId))
    .orderBy(socialLogins.created_at, socialLogins.id);
}
