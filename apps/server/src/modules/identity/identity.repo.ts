import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { accessTokens, roles, userTokens, users } from '../../db/schema';
import { tokenExpired } from '../../platform/auth/token-expiry';

type Conn = Db | Tx;
type UserRow = typeof users.$inferSelect;
export type OneTimePurpose = 'activation' | 'password_reset';

export async function roleId(db: Conn, name: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  if (!row) throw new Error(`Role ${name} is not seeded`);
  return row.id;
}

export async function insertUser(db: Conn, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function insertAccessToken(
  db: Conn,
  userId: number,
  deviceName: string,
  tokenHash: string,
): Promise<number> {
  const [row] = await db
    .insert(accessTokens)
    .values({ user_id: userId, device_name: deviceName, token_hash: tokenHash, last_used_at: sql`now()` })
    .returning({ id: accessTokens.id });
  return row!.id;
}

/** Drops the person's tokens past their idle or absolute expiry (they no longer sign anyone in). */
export async function deleteExpiredAccessTokens(db: Conn, userId: number): Promise<void> {
  await db.delete(accessTokens).where(and(eq(accessTokens.user_id, userId), tokenExpired()));
}

export async function deleteAccessToken(db: Conn, id: number): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.id, id));
}

/** Replaces any unused token of the same purpose, so only the newest mailed link works. */
export async function insertOneTimeToken(
  db: Conn,
  userId: number,
  purpose: OneTimePurpose,
  tokenHash: string,
  ttlMinutes: number,
): Promise<void> {
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.user_id, userId), eq(userTokens.purpose, purpose), isNull(userTokens.used_at)));
  await db.insert(userTokens).values({
    user_id: userId,
    purpose,
    token_hash: tokenHash,
    expires_at: sql`now() + make_interval(mins => ${ttlMinutes})`,
  });
}

/**
 * Takes the one mail a sign-up with this person's address may cause in `windowMinutes`: false when one has
 * already gone out in the window. Kept as a `register_mail` row of the one-time tokens (no migration, deleted
 * with the person); the person's row is locked so two sign-ups at once cannot both take it.
 */
export async function claimRegisterMail(db: Db, userId: number, windowMinutes: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const mine = and(eq(userTokens.user_id, userId), eq(userTokens.purpose, 'register_mail'));
    const [recent] = await tx
      .select({ id: userTokens.id })
      .from(userTokens)
      .where(and(mine, gt(userTokens.expires_at, sql`now()`)))
      .limit(1);
    if (recent) return false;
    await tx.delete(userTokens).where(mine);
    await tx.insert(userTokens).values({
      user_id: userId,
      purpose: 'register_mail',
      // Nothing is mailed with it: random only because the column is unique.
      token_hash: randomBytes(32).toString('hex'),
      expires_at: sql`now() + make_interval(mins => ${windowMinutes})`,
    });
    return true;
  });
}

/** Marks a valid token used in one statement (single use even under concurrent clicks); returns its user. */
export async function consumeOneTimeToken(
  db: Conn,
  purpose: OneTimePurpose,
  tokenHash: string,
  userId?: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(userTokens.token_hash, tokenHash),
        eq(userTokens.purpose, purpose),
        userId ? eq(userTokens.user_id, userId) : undefined,
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, sql`now()`),
      ),
    )
    .returning({ userId: userTokens.user_id });
  return row?.userId;
}

/** Whether an activation token (used or expired alike) belongs to someone who is active by now. */
export async function activationTokenOfActiveUser(db: Conn, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.user_id))
    .where(
      and(
        eq(userTokens.token_hash, tokenHash),
        eq(userTokens.purpose, 'activation'),
        isNotNull(users.email_verified_at),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function markVerified(db: Conn, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ email_verified_at: sql`coalesce(${users.email_verified_at}, now())`, updated_at: sql`now()` })
    .where(eq(users.id, userId));
}
