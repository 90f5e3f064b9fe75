import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { oauthStatesUsed, socialLogins, users } from '../../db/schema';

type Conn = Db | Tx;
export type SocialLoginRow = typeof socialLogins.$inferSelect;

export async function findLogin(db: Conn, provider: string, providerId: string): Promise<SocialLoginRow | undefined> {
  const [row] = await db
    .select()
    .from(socialLogins)
    .where(and(eq(socialLogins.provider, provider), eq(socialLogins.provider_id, providerId)))
    .limit(1);
  return row;
}

export async function findLoginOfUser(db: Conn, userId: number, provider: string): Promise<SocialLoginRow | undefined> {
  const [row] = await db
    .select()
    .from(socialLogins)
    .where(and(eq(socialLogins.user_id, userId), eq(socialLogins.provider, provider)))
    .limit(1);
  return row;
}

export async function insertLogin(db: Conn, values: typeof socialLogins.$inferInsert): Promise<void> {
  await db.insert(socialLogins).values(values);
}

/** The provider's latest name, address and picture, shown on the connected card. */
export async function refreshLogin(
  db: Conn,
  id: number,
  values: Pick<SocialLoginRow, 'name' | 'email' | 'avatar_url'>,
): Promise<void> {
  await db
    .update(socialLogins)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(socialLogins.id, id));
}

export async function deleteLogin(db: Conn, userId: number, provider: string): Promise<boolean> {
  const rows = await db
    .delete(socialLogins)
    .where(and(eq(socialLogins.user_id, userId), eq(socialLogins.provider, provider)))
    .returning({ id: socialLogins.id });
  return rows.length > 0;
}

export async function countLogins(db: Conn, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(socialLogins).where(eq(socialLogins.user_id, userId));
  return row?.n ?? 0;
}

/** Locks the person's row: a disconnect and a concurrent one cannot both leave them with no way in. */
export async function lockUser(db: Tx, userId: number): Promise<{ password_hash: string | null } | undefined> {
  const [row] = await db
    .select({ password_hash: users.password_hash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return row;
}

/**
 * Records an answered state; false when it was answered before (a replay). Old records go at the same time:
 * past their expiry the cookie that carried them is refused anyway.
 */
export async function consumeState(db: Conn, stateHash: string, expiresAt: Date): Promise<boolean> {
  await db.delete(oauthStatesUsed).where(lt(oauthStatesUsed.expires_at, sql`now()`));
  const rows = await db
    .insert(oauthStatesUsed)
    .values({ state_hash: stateHash, expires_at: expiresAt })
    .onConflictDoNothing()
    .returning({ state_hash: oauthStatesUsed.state_hash });
  return rows.length > 0;
}

/** A person made by a provider sign-in: activated (the provider vouched for them), no password. */
export async function markVerifiedDroppingPassword(db: Conn, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ email_verified_at: sql`now()`, password_hash: null, updated_at: sql`now()` })
    .where(eq(users.id, userId));
}
