import { ROLES } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import { conflict, forbidden } from '../../platform/errors';

/** Root is named here and in the seed only: it holds every permission, always. */
export const isRootRole = (role: { name: string }): boolean => role.name === 'root';

/** One of the seeded roles (user, admin, root). */
export const isSystemRole = (name: string): boolean => (ROLES as readonly string[]).includes(name);

/**
 * The role list is read by the roles screen (`roles.manage`) and by the user edit screen's role dropdown
 * (`users.role`): either permission may read it.
 */
export function requireRoleReader(auth: AuthContext): void {
  if (!auth.permissions.has('roles.manage') && !auth.permissions.has('users.role')) throw forbidden();
}

/**
 * The permission list is read by the permissions screen (`permissions.manage`) and by the role permissions
 * screen (`roles.manage`), which shows every permission as a checkbox: either permission may read it.
 */
export function requirePermissionReader(auth: AuthContext): void {
  if (!auth.permissions.has('permissions.manage') && !auth.permissions.has('roles.manage')) throw forbidden();
}

/** Whether the role's permissions may be edited: root's never (it always holds all of them). */
export const roleEditable = (role: { name: string }): boolean => !isRootRole(role);

export function requireEditableRole(role: { name: string }): void {
  if (!roleEditable(role)) throw conflict('roles.root_locked');
}

/**
 * Nobody raises a role above themselves: every permission added must be one the caller holds (`held`, the
 * ids of the caller's own role's permissions, or every id for root). Taking permissions away is allowed.
 */
export function requireGrantable(added: readonly number[], held: ReadonlySet<number>): void {
  if (added.some((id) => !held.has(id))) throw forbidden('roles.grant_not_held');
}
