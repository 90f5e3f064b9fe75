import { PERMISSIONS, RENAMED_PERMISSIONS, ROLES } from '@inkwell/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { permissions, rolePermissions, roles } from '../db/schema';

/**
 * Roles and the permission list, on every start (idempotent). The admin role receives each permission
 * the first time that permission appears; later changes made by administrators are kept. Root holds every
 * permission, restored on each start, so no check anywhere needs to know root by name.
 */
export async function seedRolesAndPermissions(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await renameOldPermissions(db);
  const inserted = await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning({ id: permissions.id });
  const root = await roleIdByName(db, 'root');
  const all = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...PERMISSIONS]));
  await db
    .insert(rolePermissions)
    .values(all.map((p) => ({ role_id: root, permission_id: p.id })))
    .onConflictDoNothing();
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

/**
 * Carries roles holding an old permission name over to its new name, then drops the old row, so a database
 * seeded before the rename keeps what each role could do.
 */
async function renameOldPermissions(db: Db): Promise<void> {
  const old = await db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.name, Object.keys(RENAMED_PERMISSIONS)));
  for (const row of old) {
    const name = RENAMED_PERMISSIONS[row.name]!;
    const [target] = await db
      .insert(permissions)
      .values({ name })
      .onConflictDoUpdate({ target: permissions.name, set: { name: sql`excluded.name` } })
      .returning({ id: permissions.id });
    await db.execute(
      sql`insert into role_permissions (role_id, permission_id)
          select role_id, ${target!.id} from role_permissions where permission_id = ${row.id}
          on conflict do nothing`,
    );
    await db.delete(permissions).where(eq(permissions.id, row.id));
  }
}
