import type { Permission } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import { forbidden } from '../../platform/errors';

/** A person as the rule needs them: who they are and what their role lets them do. */
export interface UserFacts {
  id: number;
  role_name: string;
  permissions: ReadonlySet<Permission>;
}

export interface UserAccess {
  self: boolean;
  /**
   * The editor may act on the person as an administrator: nobody does so to root, nor to a person holding a
   * permission the editor lacks (else an administrator could change root's e-mail, reset the password and sign
   * in as root).
   */
  outranks: boolean;
  /** Edit the profile: one's own, or an administrator with `users.update` who outranks the person. */
  can_modify: boolean;
  /**
   * Change the e-mail (the sign-in) and birth date: an administrator who may edit the person; one's own only
   * for root, whom nobody else may edit.
   */
  can_modify_admin_fields: boolean;
  /**
   * Give the person another role: an administrator with `users.role` who outranks them; never oneself. Root,
   * whom nobody outranks, has their role taken only by another root (never the last one: users.admin.service.ts).
   */
  can_change_role: boolean;
  /** Suspend or reinstate the person: `users.edit` on the same terms as changing the role. */
  can_suspend: boolean;
}

/** Root is named here and in the seed only; everywhere else asks for permissions. */
export const isRoot = (person: { role_name: string }): boolean => person.role_name === 'root';

export function userAccess(auth: AuthContext, target: UserFacts): UserAccess {
  const self = auth.user.id === target.id;
  const outranks =
    !isRoot(target) && (isRoot(auth.user) || [...target.permissions].every((p) => auth.permissions.has(p)));
  const may = (permission: Permission) => auth.permissions.has(permission) && outranks && !self;
  // A root who left must be removable by another root; their profile stays theirs (can_modify).
  const manage = (permission: Permission) =>
    may(permission) || (auth.permissions.has(permission) && !self && isRoot(auth.user) && isRoot(target));
  return {
    self,
    outranks,
    can_modify: self || may('users.edit'),
    can_modify_admin_fields: self ? isRoot(target) : may('users.edit'),
    can_change_role: manage('users.role'),
    can_suspend: manage('users.edit'),
  };
}

/** The answer to editing someone else's profile: 403, saying why when the editor is an administrator. */
export function requireUserEdit(auth: AuthContext, access: UserAccess): void {
  if (access.can_modify) return;
  throw auth.permissions.has('users.edit') ? forbidden('users.outranked') : forbidden();
}

/**
 * The answer to changing a person's role (`can_change_role`) or suspension (`can_suspend`): 403 saying why
 * (oneself, or a person who outranks the caller).
 */
export function requireUserManage(
  auth: AuthContext,
  access: UserAccess,
  action: 'can_change_role' | 'can_suspend',
): void {
  if (access[action]) return;
  if (access.self) throw forbidden(action === 'can_change_role' ? 'users.own_role' : 'users.own_suspension');
  const permission: Permission = action === 'can_change_role' ? 'users.role' : 'users.edit';
  throw auth.permissions.has(permission) ? forbidden('users.outranked') : forbidden();
}
