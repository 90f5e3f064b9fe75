import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { permissions, rolePermissions, roles } from '../../db/schema';

type Conn = Db | Tx;

/*
 * Correlated counts are written with qualified names (`roles.id`): drizzle writes bare column names in a
 * single-table select, and a bare `"id"` inside a subquery over `users` would mean the user's id.
 */
const permissionsCount = sql<number>`(select count(*)::int from role_permissions rp where rp.role_id = roles.id)`;
const usersCount = sql<number>`(select count(*)::int from users u where u.role_id = roles.id)`;

export interface RoleRow {
  id: number;
  name: string;
  permissions_count: number;
  users_count: number;
}

/** Every role with how many permissions it holds and how many people have it (at most MAX_ROLES rows). */
export async function listRoles(db: Conn): Promise<RoleRow[]> {
  return db
    .select({ id: roles.id, name: roles.name, permissions_count: permissionsCount, users_count: usersCount })
    .from(roles)
    .orderBy(asc(roles.id));
}

export async function roleSummary(db: Conn, id: number): Promise<RoleRow | undefined> {
  const [row] = await db
    .select({ id: roles.id, name: roles.name, permissions_count: permissionsCount, users_count: usersCount })
    .from(roles)
    .where(eq(roles.id, id));
  return row;
}

export async function findRole(db: Conn, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, id));
  return row;
}

/** The role's row, locked until the transaction ends: two saves of one role's permissions take turns. */
export async function lockRole(tx: Tx, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, id)).for('update');
  return row;
}

/**
 * Serialises role creation: the name check (case-insensitive, which the unique index is not) and the count
 * limit then hold until the new row commits. Reads and permission saves are not blocked.
 */
export async function lockRoleCreation(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table roles in share row exclusive mode`);
}

export async function roleNameTaken(db: Conn, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = ${name.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}

export async function countRoles(db: Conn): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(roles);
  return row?.n ?? 0;
}

export async function insertRole(db: Conn, name: string): Promise<number> {
  const [row] = await db.insert(roles).values({ name }).returning({ id: roles.id });
  return row!.id;
}

export async function roleIdByName(db: Conn, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row?.id;
}

/** The permissions a role holds, by name. */
export async function permissionsOfRole(db: Conn, roleId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: permissions.id, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(eq(rolePermissions.role_id, roleId))
    .orderBy(asc(permissions.name), asc(permissions.id));
}

/** Replaces the role's permissions with exactly these. */
export async function replaceRolePermissions(tx: Tx, roleId: number, permissionIds: number[]): Promise<void> {
  await tx.delete(rolePermissions).where(eq(rolePermissions.role_id, roleId));
  if (permissionIds.length === 0) return;
  await tx
    .insert(rolePermissions)
    .values(permissionIds.map((permission_id) => ({ role_id: roleId, permission_id })))
    .onConflictDoNothing();
}
