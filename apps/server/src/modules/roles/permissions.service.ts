import {
  MAX_PERMISSIONS,
  isReservedPermissionName,
  isSystemPermission,
  type PermissionItem,
  type ParsedQuery,
  type permissionsApi,
} from '@inkwell/contracts';
import { isUniqueViolation } from '../../db/errors';
import type { Tx } from '../../db/connect';
import { recordAudit } from '../../platform/audit';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, ValidationError, conflict, notFound } from '../../platform/errors';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import * as repo from './permissions.repo';
import { requirePermissionReader } from './roles.policy';
import * as rolesRepo from './roles.repo';

const toItem = (row: repo.PermissionRow): PermissionItem => ({ ...row, system: isSystemPermission(row.name) });

const nameTaken = () => new ValidationError({ name: ['validation.permission_taken'] });
const builtIn = () => conflict('permissions.built_in');

/**
 * Permissions by name, paged. `q=all` keeps the same paged shape with pages of {@link MAX_PERMISSIONS}, which
 * is also how many permissions may exist, so its first page holds every one (the role permissions screen).
 */
export async function list(
  ctx: AppContext,
  auth: AuthContext,
  query: ParsedQuery<typeof permissionsApi.list>,
  at: PageAt,
) {
  requirePermissionReader(auth);
  const page = { page: query.page, per_page: query.q === 'all' ? MAX_PERMISSIONS : query.per_page };
  const { rows, total } = await repo.listPermissions(ctx.db, {
    search: query.search || undefined,
    limit: page.per_page,
    offset: offsetOf(page),
  });
  return paged(rows.map(toItem), total, page, at);
}

/** Refuses a name no created permission may take (a built-in one or an old name the seed carries over). */
function requireFreeName(name: string): void {
  if (isReservedPermissionName(name)) throw new ValidationError({ name: ['validation.permission_reserved'] });
}

async function item(ctx: AppContext, id: number): Promise<PermissionItem> {
  return toItem((await repo.findPermission(ctx.db, id))!);
}

/** A unique index refusing the name (two saves racing) answers the same 422 as the check before it. */
async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/** Adds a permission, a label no code checks. Root holds it at once (root always holds every permission). */
export async function create(ctx: AppContext, auth: AuthContext, name: string): Promise<PermissionItem> {
  requireFreeName(name);
  const id = await uniquely(() =>
    ctx.transaction(async (tx) => {
      await repo.lockPermissionCreation(tx);
      if (await repo.permissionNameTaken(tx, name)) throw nameTaken();
      if ((await repo.countPermissions(tx)) >= MAX_PERMISSIONS)
        throw new AppError(409, 'permissions.limit_reached', { max: MAX_PERMISSIONS });
      const created = await repo.insertPermission(tx, name);
      const root = await rolesRepo.roleIdByName(tx, 'root');
      if (root) await repo.grantToRole(tx, root, created);
      await recordAudit(tx, auth, {
        action: 'permissions.create',
        subject_type: 'permission',
        subject_id: created,
        after: { name },
      });
      return created;
    }),
  );
  return item(ctx, id);
}

/** The permission's row locked for a change; built-in ones never change. */
async function changeable(tx: Tx, id: number): Promise<{ id: number; name: string }> {
  const row = await repo.lockPermission(tx, id);
  if (!row) throw notFound();
  if (isSystemPermission(row.name)) throw builtIn();
  return row;
}

export async function rename(ctx: AppContext, auth: AuthContext, id: number, name: string): Promise<PermissionItem> {
  await uniquely(() =>
    ctx.transaction(async (tx) => {
      const row = await changeable(tx, id);
      if (row.name === name) return;
      requireFreeName(name);
      if (await repo.permissionNameTaken(tx, name, id)) throw nameTaken();
      await repo.renamePermission(tx, id, name);
      await recordAudit(tx, auth, {
        action: 'permissions.update',
        subject_type: 'permission',
        subject_id: id,
        before: { name: row.name },
        after: { name },
      });
    }),
  );
  return item(ctx, id);
}

/** Deletes a permission; the roles holding it lose it (the links go with it). */
export async function remove(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const row = await changeable(tx, id);
    const holders = await repo.rolesHolding(tx, id);
    await repo.deletePermission(tx, id);
    await recordAudit(tx, auth, {
      action: 'permissions.delete',
      subject_type: 'permission',
      subject_id: id,
      before: { name: row.name, roles: holders },
      after: null,
    });
  });
}
