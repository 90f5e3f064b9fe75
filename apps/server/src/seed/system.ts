import { PERMISSIONS, ROLES } from '@inkwell/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { permissions, rolePermissions, roles } from '../db/schema';

/**
 * Roles and the permission list, on every start (idempotent). The admin role receives each permission
 * the first time that permission appears; later changes made by administrators are kept.
 */
export async function seedRolesAndPermissions(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  const inserted = await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning({ id: permissions.id });
  if (inserted.length === 0) return;
  const adminRoles = await db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.name, ['admin', 'root']));
  await db
    .insert(rolePermissions)
    .values(adminRoles.flatMap((r) => inserted.map((p) => ({ role_id: r.id, permission_id: p.id }))))
    .onConflictDoNothing();
}

export async function roleIdByName(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`Role ${name} missing`);
  return row.id;
}
