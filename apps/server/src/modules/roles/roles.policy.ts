import { ROLES, type RoleLockedReason } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import { type AppError, conflict, forbidden } from '../../platform/errors';

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

/** Why a save is refused: the role is locked, or the change touches a permission the editor lacks. */
export type RoleEditRefusal = RoleLockedReason | 'roles.grant_not_held' | 'roles.remove_not_held';

/** The editor as the rule needs them: their role, and the ids of the permissions it holds. */
export interface RoleEditor {
  role_id: number;
  role_name: string;
  held: ReadonlySet<number>;
}

/** The role being edited: its name and the ids of the permissions it holds now. */
export interface RoleFacts {
  id: number;
  name: string;
  permissions: readonly number[];
}

/** What a save would change: ids added to and removed from the role. */
export interface RoleChange {
  added: readonly number[];
  removed: readonly number[];
}

const NO_CHANGE: RoleChange = { added: [], removed: [] };

/**
 * What the editor may do with a role, and why not: null when they may save `change` (without one, whether
 * they may edit the role at all, for the screen's `editable`). Nobody raises a role above themselves or cuts
 * one above them down, so a narrow `roles.manage` holder cannot rewrite the seeded roles:
 * - root's role never changes (it always holds every permission);
 * - the seeded `user` and `admin` roles are root's alone (everyone gets `user`; `admin` is the template of
 *   the full administrator);
 * - nobody edits their own role: it is also their peers', whom they do not outrank, and a slip (taking away
 *   `roles.manage`) could not be undone by themselves;
 * - nobody edits a role holding a permission they lack (it outranks them, as users.policy.ts says of people);
 * - nobody adds or removes a permission they do not hold.
 * Root holds every permission whatever `held` says. The checks on the change come before "outranked" so the
 * answer names the permission-level reason when there is one.
 */
export function roleEditRefusal(editor: RoleEditor, role: RoleFacts): RoleLockedReason | null;
export function roleEditRefusal(editor: RoleEditor, role: RoleFacts, change: RoleChange): RoleEditRefusal | null;
export function roleEditRefusal(
  editor: RoleEditor,
  role: RoleFacts,
  change: RoleChange = NO_CHANGE,
): RoleEditRefusal | null {
  if (isRootRole(role)) return 'roles.root_locked';
  if (isRootRole({ name: editor.role_name })) return null;
  if (isSystemRole(role.name)) return 'roles.system_root_only';
  if (editor.role_id === role.id) return 'roles.own_role';
  const holds = (id: number) => editor.held.has(id);
  if (!change.added.every(holds)) return 'roles.grant_not_held';
  if (!change.removed.every(holds)) return 'roles.remove_not_held';
  if (!role.permissions.every(holds)) return 'roles.outranked';
  return null;
}

/** The answer to a refused save: root's role is a conflict with what root is (409), the rest are 403. */
export const roleEditError = (reason: RoleEditRefusal): AppError =>
  reason === 'roles.root_locked' ? conflict(reason) : forbidden(reason);
