/** Roles and permissions as data: seeded into the database, checked by a route option and by policies. */

export const ROLES = ['user', 'admin', 'root'] as const;
export type RoleName = (typeof ROLES)[number];

/**
 * Every permission the code checks. Each admin route requires one of these; the seeded `admin` role holds
 * all of them and can be trimmed, root always holds all. They cannot be renamed or deleted from the admin
 * area (a renamed one would guard nothing); permissions created there are labels only.
 */
export const PERMISSIONS = [
  'users.view',
  'users.edit',
  'users.role',
  'organizations.view',
  'organizations.edit',
  'accounts.view',
  'accounts.edit',
  'posts.view',
  'posts.moderate',
  'posts.import',
  'reports.manage',
  'discovery.manage',
  'roles.manage',
  'permissions.manage',
  'plans.manage',
  'subscriptions.view',
  'payouts.manage',
  'payments.refund',
  'insights.view',
  'audit.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const isSystemPermission = (name: string): name is Permission =>
  (PERMISSIONS as readonly string[]).includes(name);

/** Names used before the admin area existed; the seed renames them (or folds them into the new one). */
export const RENAMED_PERMISSIONS: Readonly<Record<string, Permission>> = {
  'users.update': 'users.edit',
  'organizations.update': 'organizations.edit',
  'accounts.update': 'accounts.edit',
  'accounts.delete': 'accounts.edit',
  'posts.update': 'posts.moderate',
  'posts.delete': 'posts.moderate',
  'posts.reject': 'posts.moderate',
  'comments.delete': 'posts.moderate',
  'roles.view': 'roles.manage',
  'roles.create': 'roles.manage',
  'roles.permissions': 'roles.manage',
  'permissions.view': 'permissions.manage',
  'permissions.create': 'permissions.manage',
  'permissions.update': 'permissions.manage',
  'permissions.delete': 'permissions.manage',
  'plans.view': 'plans.manage',
  'plans.create': 'plans.manage',
  'plans.update': 'plans.manage',
  'plans.delete': 'plans.manage',
};

/* ---------------------------------------------------------------------------------------------------------
 * The admin area's roles and permissions screens (API.md, Administration).
 * ------------------------------------------------------------------------------------------------------- */

/** At most this many roles: the role list is one answer (the user edit screen's dropdown), never paged. */
export const MAX_ROLES = 100;
/** At most this many permissions: `?q=all` answers every one, and a role's list is saved in one body. */
export const MAX_PERMISSIONS = 500;
export const ROLE_NAME_MIN_LENGTH = 2;
export const ROLE_NAME_MAX_LENGTH = 50;
export const PERMISSION_NAME_MAX_LENGTH = 100;
/** `resource.action`, lowercase: `posts.review`, `reports_export`. */
export const PERMISSION_NAME_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;

/** A name no created permission may take: a built-in one, or an old name the seed folds into a built-in one. */
export const isReservedPermissionName = (name: string): boolean =>
  isSystemPermission(name) || Object.hasOwn(RENAMED_PERMISSIONS, name);
