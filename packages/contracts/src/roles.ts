/** Roles and permissions as data: seeded into the database, checked by a route option. */

export const ROLES = ['user', 'admin', 'root'] as const;
export type RoleName = (typeof ROLES)[number];
export const ADMIN_ROLES: readonly RoleName[] = ['admin', 'root'];
export const isAdminRole = (role: string | null | undefined): boolean => role === 'admin' || role === 'root';

export const PERMISSIONS = [
  'insights.view',
  'users.view',
  'users.update',
  'users.role',
  'organizations.view',
  'organizations.update',
  'accounts.view',
  'accounts.update',
  'accounts.delete',
  'posts.view',
  'posts.update',
  'posts.delete',
  'posts.reject',
  'posts.import',
  'comments.delete',
  'roles.view',
  'roles.create',
  'roles.permissions',
  'permissions.view',
  'permissions.create',
  'permissions.update',
  'permissions.delete',
  'plans.view',
  'plans.create',
  'plans.update',
  'plans.delete',
  'subscriptions.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
