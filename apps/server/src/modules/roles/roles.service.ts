import { MAX_ROLES, type RoleSummary, type RoleWithPermissions } from '@inkwell/contracts';
import { isUniqueViolation } from '../../db/errors';
import type { Db, Tx } from '../../db/connect';
import { recordAudit } from '../../platform/audit';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, ValidationError, notFound } from '../../platform/errors';
import * as permissionsRepo from './permissions.repo';
import {
  isRootRole,
  isSystemRole,
  requireEditableRole,
  requireGrantable,
  requireRoleReader,
  roleEditable,
} from './roles.policy';
import * as repo from './roles.repo';

const toSummary = (row: repo.RoleRow): RoleSummary => ({ ...row, system: isSystemRole(row.name) });

const nameTaken = () => new ValidationError({ name: ['validation.role_taken'] });

/** Every role with its counts: for the roles screen and the user edit screen's role dropdown. */
export async function list(ctx: AppContext, auth: AuthContext): Promise<RoleSummary[]> {
  requireRoleReader(auth);
  return (await repo.listRoles(ctx.db)).map(toSummary);
}

/** Adds a role with no permissions. Names are unique whatever their case (`Editor` and `editor` clash). */
export async function create(ctx: AppContext, auth: AuthContext, name: string): Promise<RoleSummary> {
  try {
    const id = await ctx.db.transaction(async (tx) => {
      await repo.lockRoleCreation(tx);
      if (await repo.roleNameTaken(tx, name)) throw nameTaken();
      if ((await repo.countRoles(tx)) >= MAX_ROLES) throw new AppError(409, 'roles.limit_reached', { max: MAX_ROLES });
      const created = await repo.insertRole(tx, name);
      await recordAudit(tx, auth, {
        action: 'roles.create',
        subject_type: 'role',
        subject_id: created,
        after: { name },
      });
      return created;
    });
    return toSummary((await repo.roleSummary(ctx.db, id))!);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/** What the caller may grant: the permissions of their own role, read now (root: every permission). */
async function heldBy(db: Db | Tx, auth: AuthContext): Promise<{ id: number; name: string }[]> {
  return isRootRole({ name: auth.user.role_name })
    ? permissionsRepo.allPermissions(db)
    : repo.permissionsOfRole(db, auth.user.role_id);
}

/** A role, its permissions (root: every one), whether they may be edited, and what the caller may grant. */
export async function withPermissions(ctx: AppContext, auth: AuthContext, id: number): Promise<RoleWithPermissions> {
  const role = await repo.findRole(ctx.db, id);
  if (!role) throw notFound();
  const [held, granted] = await Promise.all([
    heldBy(ctx.db, auth),
    isRootRole(role) ? permissionsRepo.allPermissions(ctx.db) : repo.permissionsOfRole(ctx.db, id),
  ]);
  return {
    id: role.id,
    name: role.name,
    system: isSystemRole(role.name),
    editable: roleEditable(role),
    permissions: granted,
    grantable: held.map((p) => p.id),
  };
}

/**
 * Saves exactly this list as the role's permissions. Root's cannot change; a permission may be added only by
 * someone who holds it; removing is always allowed. People of the role are affected from their next request
 * (permissions are read on every request). The change and its audit entry commit together.
 */
export async function setPermissions(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  permissionIds: number[],
): Promise<RoleWithPermissions> {
  const wanted = [...new Set(permissionIds)];
  await ctx.db.transaction(async (tx) => {
    const role = await repo.lockRole(tx, id);
    if (!role) throw notFound();
    requireEditableRole(role);
    const found = await permissionsRepo.lockPermissionsByIds(tx, wanted);
    if (found.length !== wanted.length) throw new ValidationError({ permissions: ['validation.permission_unknown'] });
    const current = await repo.permissionsOfRole(tx, id);
    const currentIds = new Set(current.map((p) => p.id));
    const added = wanted.filter((p) => !currentIds.has(p));
    if (added.length > 0) requireGrantable(added, new Set((await heldBy(tx, auth)).map((p) => p.id)));
    if (added.length === 0 && wanted.length === current.length) return;
    await repo.replaceRolePermissions(tx, id, wanted);
    const names = (list: { name: string }[]) => list.map((p) => p.name).sort();
    await recordAudit(tx, auth, {
      action: 'roles.permissions',
      subject_type: 'role',
      subject_id: id,
      before: { permissions: names(current) },
      after: { permissions: names(found) },
    });
  });
  return withPermissions(ctx, auth, id);
}
