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
  requireRoleReader,
  roleEditError,
  roleEditRefusal,
  type RoleEditRefusal,
  type RoleEditor,
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
    const id = await ctx.transaction(async (tx) => {
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

/** What the caller holds, so may grant or take away: their own role's permissions, read now (root: every one). */
async function heldBy(db: Db | Tx, auth: AuthContext): Promise<{ id: number; name: string }[]> {
  return isRootRole({ name: auth.user.role_name })
    ? permissionsRepo.allPermissions(db)
    : repo.permissionsOfRole(db, auth.user.role_id);
}

async function editorOf(db: Db | Tx, auth: AuthContext): Promise<RoleEditor> {
  const held = await heldBy(db, auth);
  return { role_id: auth.user.role_id, role_name: auth.user.role_name, held: new Set(held.map((p) => p.id)) };
}

const idsOf = (list: { id: number }[]) => list.map((p) => p.id);
const names = (list: { name: string }[]) => list.map((p) => p.name).sort();

/**
 * A role, its permissions (root: every one), whether the caller may edit them and why not (roles.policy.ts),
 * and what the caller may grant.
 */
export async function withPermissions(ctx: AppContext, auth: AuthContext, id: number): Promise<RoleWithPermissions> {
  const role = await repo.findRole(ctx.db, id);
  if (!role) throw notFound();
  const [editor, granted] = await Promise.all([
    editorOf(ctx.db, auth),
    isRootRole(role) ? permissionsRepo.allPermissions(ctx.db) : repo.permissionsOfRole(ctx.db, id),
  ]);
  const locked = roleEditRefusal(editor, { ...role, permissions: idsOf(granted) });
  return {
    id: role.id,
    name: role.name,
    system: isSystemRole(role.name),
    editable: locked === null,
    locked_reason: locked,
    permissions: granted,
    grantable: [...editor.held],
  };
}

/** A save the policy refused: why, and the names of what it would have added and removed. */
interface Refusal {
  reason: RoleEditRefusal;
  added: string[];
  removed: string[];
}

/**
 * Saves exactly this list as the role's permissions, as far as roles.policy.ts allows the caller. People of
 * the role are affected from their next request (permissions are read on every request). The change and its
 * audit entry commit together; a refusal is audited after its transaction rolled back, so it stays on record.
 */
export async function setPermissions(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  permissionIds: number[],
): Promise<RoleWithPermissions> {
  const wanted = [...new Set(permissionIds)];
  let refusal: Refusal | undefined;
  try {
    await ctx.transaction(async (tx) => {
      const role = await repo.lockRole(tx, id);
      if (!role) throw notFound();
      const found = await permissionsRepo.lockPermissionsByIds(tx, wanted);
      if (found.length !== wanted.length) throw new ValidationError({ permissions: ['validation.permission_unknown'] });
      const current = await repo.permissionsOfRole(tx, id);
      const currentIds = new Set(idsOf(current));
      const wantedIds = new Set(wanted);
      const added = found.filter((p) => !currentIds.has(p.id));
      const removed = current.filter((p) => !wantedIds.has(p.id));
      const reason = roleEditRefusal(
        await editorOf(tx, auth),
        { ...role, permissions: [...currentIds] },
        { added: idsOf(added), removed: idsOf(removed) },
      );
      if (reason) {
        refusal = { reason, added: names(added), removed: names(removed) };
        throw roleEditError(reason);
      }
      if (added.length === 0 && removed.length === 0) return;
      await repo.replaceRolePermissions(tx, id, wanted);
      await recordAudit(tx, auth, {
        action: 'roles.permissions',
        subject_type: 'role',
        subject_id: id,
        before: { permissions: names(current) },
        after: { permissions: names(found) },
      });
    });
  } catch (err) {
    if (refusal) {
      // The caller hears the refusal even if its record cannot be written (the log keeps it then).
      await recordAudit(ctx.db, auth, {
        action: 'roles.permissions_refused',
        subject_type: 'role',
        subject_id: id,
        after: { reason: refusal.reason, added: refusal.added, removed: refusal.removed },
      }).catch((auditErr: unknown) => ctx.log.error({ err: auditErr, role: id, refusal }, 'role refusal not audited'));
    }
    throw err;
  }
  return withPermissions(ctx, auth, id);
}
