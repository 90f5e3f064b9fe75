import type { AdminUser, ParsedQuery, UserListItem, usersApi } from '@inkwell/contracts';
import type { Tx } from '../../db/connect';
import { permissionsOfRole, type AuthContext } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { ValidationError, conflict, forbidden, notFound } from '../../platform/errors';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import * as adminRepo from './users.admin.repo';
import { isRoot, requireUserManage, userAccess } from './users.policy';
import * as repo from './users.repo';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * People by name or username, for everyone signed in (public fields). A caller holding `users.view` also
 * finds them by e-mail, sees every person (not yet activated, suspended) and their e-mail, role and status.
 */
export async function list(ctx: AppContext, auth: AuthContext, query: ParsedQuery<typeof usersApi.list>, at: PageAt) {
  const admin = auth.permissions.has('users.view');
  const { rows, total } = await adminRepo.listUsers(ctx.db, {
    q: query.q,
    sort: query.sort,
    admin,
    limit: query.per_page,
    offset: offsetOf(query),
  });
  const items = rows.map((r): UserListItem => ({
    id: r.id,
    name: r.name,
    username: r.username,
    profile_url: r.profile_url,
    ...(admin
      ? {
          email: r.email,
          role_name: r.role_name,
          suspended_at: iso(r.suspended_at),
          created_at: r.created_at.toISOString(),
        }
      : {}),
  }));
  return paged(items, total, query, at);
}

/** The person, their role and what the caller may do to them (users.policy.ts). */
async function target(ctx: AppContext, auth: AuthContext, userId: number) {
  const row = await repo.findUserWithRole(ctx.db, userId);
  if (!row) throw notFound();
  const access = userAccess(auth, {
    id: userId,
    role_name: row.role_name,
    permissions: await permissionsOfRole(ctx, { role_id: row.user.role_id }),
  });
  return { row, access };
}

/** The person as the admin edit screen shows them. */
export async function adminView(ctx: AppContext, auth: AuthContext, userId: number): Promise<AdminUser> {
  const { row, access } = await target(ctx, auth, userId);
  const { user } = row;
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    dob: user.dob,
    role_id: user.role_id,
    role_name: row.role_name,
    profile_url: user.profile_url,
    email_verified_at: iso(user.email_verified_at),
    suspended_at: iso(user.suspended_at),
    created_at: user.created_at.toISOString(),
    can_modify: access.can_modify,
    can_modify_admin_fields: access.can_modify_admin_fields,
    can_change_role: access.can_change_role,
    can_suspend: access.can_suspend,
  };
}

/**
 * Refuses to leave the site without an active root: inside the change's transaction, with every active root
 * locked, someone other than `userId` must still be one.
 */
async function keepAnotherRoot(tx: Tx, rootRoleId: number, userId: number): Promise<void> {
  const roots = await adminRepo.lockActiveHolders(tx, rootRoleId);
  if (!roots.some((id) => id !== userId)) throw conflict('users.last_root');
}

/**
 * Gives the person another role. Not one's own, not a person who outranks the caller, not a role holding a
 * permission the caller lacks, root only from root, and never the last active root's. The person's next
 * request runs with the new role (permissions are read per request).
 */
export async function changeRole(ctx: AppContext, auth: AuthContext, userId: number, roleId: number): Promise<void> {
  const { row, access } = await target(ctx, auth, userId);
  requireUserManage(auth, access, 'can_change_role');
  const role = await adminRepo.findRole(ctx.db, roleId);
  if (!role) throw new ValidationError({ role_id: ['validation.in'] });
  const granted = await permissionsOfRole(ctx, { role_id: role.id });
  if (![...granted].every((p) => auth.permissions.has(p))) throw forbidden('users.role_exceeds');
  if (isRoot({ role_name: role.name }) && !isRoot(auth.user)) throw forbidden('users.root_only');
  if (role.id === row.user.role_id) return;
  await ctx.transaction(async (tx) => {
    if (isRoot(row)) await keepAnotherRoot(tx, row.user.role_id, userId);
    await adminRepo.setRole(tx, userId, role.id);
    await recordAudit(tx, auth, {
      action: 'users.role',
      subject_type: 'user',
      subject_id: userId,
      before: { role_id: row.user.role_id, role_name: row.role_name },
      after: { role_id: role.id, role_name: role.name },
    });
  });
}

/**
 * Suspends or reinstates the person. A suspended person's tokens answer 403 from their next request and
 * sign-in is refused (platform/auth); their devices are kept, so reinstating lets them carry on. Suspending
 * someone already suspended (or reinstating someone who is not) changes nothing.
 */
export async function setSuspension(
  ctx: AppContext,
  auth: AuthContext,
  userId: number,
  suspend: boolean,
): Promise<void> {
  const { row, access } = await target(ctx, auth, userId);
  requireUserManage(auth, access, 'can_suspend');
  const before = row.user.suspended_at;
  if (suspend === Boolean(before)) return;
  await ctx.transaction(async (tx) => {
    if (suspend && isRoot(row)) await keepAnotherRoot(tx, row.user.role_id, userId);
    const after = await adminRepo.setSuspended(tx, userId, suspend);
    ctx.events.publish(tx, {
      type: 'user.suspension_changed',
      actor_id: auth.user.id,
      user_id: userId,
      suspended: suspend,
    });
    await recordAudit(tx, auth, {
      action: suspend ? 'users.suspend' : 'users.reinstate',
      subject_type: 'user',
      subject_id: userId,
      before: { suspended_at: iso(before) },
      after: { suspended_at: iso(after) },
    });
  });
}
