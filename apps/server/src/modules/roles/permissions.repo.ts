import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { permissions, rolePermissions, roles } from '../../db/schema';

type Conn = Db | Tx;

/** Qualified (`permissions.id`), not the bare `"id"` drizzle writes in a single-table select. */
const rolesCount = sql<number>`(select count(*)::int from role_permissions rp where rp.permission_id = permissions.id)`;

export interface PermissionRow {
  id: number;
  name: string;
  roles_count: number;
}

/** `%` and `_` typed by a person are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const matching = (search: string | undefined): SQL | undefined =>
  search ? sql`${permissions.name} ilike ${likePattern(search)}` : undefined;

/** One page of permissions by name, and how many match. */
export async function listPermissions(
  db: Conn,
  { search, limit, offset }: { search?: string; limit: number; offset: number },
): Promise<{ rows: PermissionRow[]; total: number }> {
  const where = matching(search);
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: permissions.id, name: permissions.name, roles_count: rolesCount })
      .from(permissions)
      .where(where)
      .orderBy(asc(permissions.name), asc(permissions.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(permissions)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findPermission(db: Conn, id: number): Promise<PermissionRow | undefined> {
  const [row] = await db
    .select({ id: permissions.id, name: permissions.name, roles_count: rolesCount })
    .from(permissions)
    .where(eq(permissions.id, id));
  return row;
}

/** The row, locked until the transaction ends (a rename and a delete of one permission take turns). */
export async function lockPermission(tx: Tx, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await tx
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(eq(permissions.id, id))
    .for('update');
  return row;
}

/** Serialises permission creation, so the count limit holds. */
export async function lockPermissionCreation(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table permissions in share row exclusive mode`);
}

/**
 * These permissions, kept from being deleted until the transaction ends. Taken before a role's links change,
 * so a save and a permission's deletion queue up instead of deadlocking; one deleted meanwhile is missing.
 */
export async function lockPermissionsByIds(tx: Tx, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.id, ids))
    .for('key share');
}

export async function permissionNameTaken(db: Conn, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(
      sql`lower(${permissions.name}) = ${name.toLowerCase()}${exceptId ? sql` and ${permissions.id} <> ${exceptId}` : sql``}`,
    )
    .limit(1);
  return Boolean(row);
}

export async function countPermissions(db: Conn): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(permissions);
  return row?.n ?? 0;
}

export async function insertPermission(db: Conn, name: string): Promise<number> {
  const [row] = await db.insert(permissions).values({ name }).returning({ id: permissions.id });
  return row!.id;
}

export async function renamePermission(db: Conn, id: number, name: string): Promise<void> {
  await db
    .update(permissions)
    .set({ name, updated_at: sql`now()` })
    .where(eq(permissions.id, id));
}

export async function deletePermission(db: Conn, id: number): Promise<void> {
  await db.delete(permissions).where(eq(permissions.id, id));
}

/** The names of the roles holding the permission. */
export async function rolesHolding(db: Conn, permissionId: number): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.role_id))
    .where(eq(rolePermissions.permission_id, permissionId))
    .orderBy(asc(roles.name));
  return rows.map((r) => r.name);
}

export async function grantToRole(db: Conn, roleId: number, permissionId: number): Promise<void> {
  await db.insert(rolePermissions).values({ role_id: roleId, permission_id: permissionId }).onConflictDoNothing();
}

/** Every permission by name (at most MAX_PERMISSIONS rows). */
export async function allPermissions(db: Conn): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .orderBy(asc(permissions.name), asc(permissions.id));
}
