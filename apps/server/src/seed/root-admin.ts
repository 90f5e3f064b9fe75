import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { roleIdByName } from './system';

export interface RootAdminResult {
  email: string;
  /** Set only when the account was created now with a generated password: print it once. */
  generatedPassword?: string;
  created: boolean;
}

/** Creates the first root user from ADMIN_EMAIL / ADMIN_PASSWORD once; later starts leave it alone. */
export async function ensureRootAdmin(db: Db, email: string, password?: string): Promise<RootAdminResult> {
  const rootRoleId = await roleIdByName(db, 'root');
  const [existing] = await db.select({ email: users.email }).from(users).where(eq(users.role_id, rootRoleId)).limit(1);
  if (existing) return { email: existing.email, created: false };
  const generated = password ? undefined : randomBytes(12).toString('base64url');
  await upsertAdmin(db, { email, password: password ?? generated!, role: 'root', name: 'Inkwell Admin' });
  return { email, generatedPassword: generated, created: true };
}

/** `inkwell admin:create`: creates an administrator, or resets the password and role of an existing one. */
export async function upsertAdmin(
  db: Db,
  input: { email: string; password: string; name?: string; role: 'admin' | 'root' },
): Promise<void> {
  const roleId = await roleIdByName(db, input.role);
  const passwordHash = await hashPassword(input.password);
  const email = input.email.toLowerCase();
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (found) {
    await db
      .update(users)
      .set({ password_hash: passwordHash, role_id: roleId, email_verified_at: sql`coalesce(email_verified_at, now())` })
      .where(eq(users.id, found.id));
    return;
  }
  const base =
    email
      .split('@')[0]!
      .replace(/[^a-z0-9_.]/g, '')
      .slice(0, 20) || 'admin';
  let username = base.length >= 3 ? base : `${base}admin`;
  for (let n = 2; ; n++) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${username}`);
    if (!taken) break;
    username = `${base}${n}`;
  }
  await db.insert(users).values({
    name: input.name ?? 'Administrator',
    username,
    email,
    password_hash: passwordHash,
    role_id: roleId,
    email_verified_at: sql`now()`,
  });
}
