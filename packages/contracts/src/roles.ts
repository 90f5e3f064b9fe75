import { z } from 'zod';
import { Id, IdParams, PageQuery, dataOf, paged } from './common';
import { endpoint } from './endpoint';
import {
  MAX_PERMISSIONS,
  PERMISSION_NAME_MAX_LENGTH,
  PERMISSION_NAME_PATTERN,
  ROLE_NAME_MAX_LENGTH,
  ROLE_NAME_MIN_LENGTH,
} from './permissions';

/*
 * The admin area's roles and permissions endpoints (API.md, Administration). They live apart from `roles.ts`,
 * which `endpoint.ts` reads for the permission names, so the two do not import each other.
 */

export const RoleSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions_count: z.number().int(),
  users_count: z.number().int(),
  /** One of the seeded roles (user, admin, root). */
  system: z.boolean(),
});
export type RoleSummary = z.infer<typeof RoleSummary>;

export const PermissionRef = z.object({ id: z.number().int(), name: z.string() });
export type PermissionRef = z.infer<typeof PermissionRef>;

/**
 * Why a role's permissions are read-only for the caller (each is also the code of the 403/409 a save gets):
 * root's role never changes; `user` and `admin` are root's alone; nobody edits their own role, nor a role
 * holding a permission they lack.
 */
export const ROLE_LOCKED_REASONS = [
  'roles.root_locked',
  'roles.system_root_only',
  'roles.own_role',
  'roles.outranked',
] as const;
export type RoleLockedReason = (typeof ROLE_LOCKED_REASONS)[number];

export const RoleWithPermissions = z.object({
  id: z.number().int(),
  name: z.string(),
  system: z.boolean(),
  /** Whether the caller may change this role's permissions at all; `locked_reason` says why not. */
  editable: z.boolean(),
  /** Null exactly when `editable`. */
  locked_reason: z.enum(ROLE_LOCKED_REASONS).nullable(),
  permissions: z.array(PermissionRef),
  /** Ids of the permissions the caller may grant or take away: those they hold themselves (root: all). */
  grantable: z.array(z.number().int()),
});
export type RoleWithPermissions = z.infer<typeof RoleWithPermissions>;

export const PermissionItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A built-in permission (the code checks it): it cannot be renamed or deleted. */
  system: z.boolean(),
  roles_count: z.number().int(),
});
export type PermissionItem = z.infer<typeof PermissionItem>;

export const RoleNameField = z.string().trim().min(ROLE_NAME_MIN_LENGTH).max(ROLE_NAME_MAX_LENGTH);

export const CreateRoleBody = z.object({ name: RoleNameField });
export type CreateRoleBody = z.input<typeof CreateRoleBody>;

export const SetRolePermissionsBody = z.object({ permissions: z.array(Id).max(MAX_PERMISSIONS) });
export type SetRolePermissionsBody = z.input<typeof SetRolePermissionsBody>;

export const PermissionNameField = z
  .string()
  .trim()
  // An empty name is "required", not also "wrong format".
  .min(1, { abort: true })
  .max(PERMISSION_NAME_MAX_LENGTH)
  .regex(PERMISSION_NAME_PATTERN, { error: 'validation.permission_format' });

export const PermissionBody = z.object({ name: PermissionNameField });
export type PermissionBody = z.input<typeof PermissionBody>;

export const PermissionsQuery = PageQuery.extend({
  /** `all`: every permission in one answer (at most {@link MAX_PERMISSIONS}), in the same paged shape. */
  q: z.enum(['all']).optional(),
  /** Part of the name. */
  search: z.string().trim().max(PERMISSION_NAME_MAX_LENGTH).optional(),
});
export type PermissionsQuery = z.input<typeof PermissionsQuery>;

const adminTags = ['Administration'] as const;

export const rolesApi = {
  /**
   * No contract permission: the roles screen (`roles.manage`) and the user edit screen's role dropdown
   * (`users.role`) both read it; the handler asks for either.
   */
  list: endpoint({
    method: 'GET',
    path: '/roles',
    response: z.object({ data: z.array(RoleSummary) }),
    summary: 'Every role with its counts (requires `roles.manage` or `users.role`)',
    tags: adminTags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/roles',
    body: CreateRoleBody,
    response: dataOf(RoleSummary),
    status: 201,
    summary: 'Add a role (name only; renaming and removing roles are disabled)',
    permission: 'roles.manage',
    tags: adminTags,
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/roles/:id/permissions',
    params: IdParams,
    response: dataOf(RoleWithPermissions),
    summary: 'A role with its permissions, and which of them the caller may grant',
    permission: 'roles.manage',
    tags: adminTags,
  }),
  setPermissions: endpoint({
    method: 'POST',
    path: '/roles/:id/permissions',
    params: IdParams,
    body: SetRolePermissionsBody,
    response: dataOf(RoleWithPermissions),
    summary:
      "Save exactly this list as the role's permissions (root's cannot change, user and admin are root's alone; add or remove only what you hold, on a role not your own that holds nothing you lack)",
    permission: 'roles.manage',
    tags: adminTags,
  }),
} as const;

export const permissionsApi = {
  /**
   * No contract permission: the permissions screen (`permissions.manage`) and the role permissions screen
   * (`roles.manage`, which lists every permission as checkboxes) both read it; the handler asks for either.
   */
  list: endpoint({
    method: 'GET',
    path: '/permissions',
    query: PermissionsQuery,
    response: paged(PermissionItem),
    summary: 'Permissions, paged, or every one with `q=all` (requires `permissions.manage` or `roles.manage`)',
    tags: adminTags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/permissions',
    body: PermissionBody,
    response: dataOf(PermissionItem),
    status: 201,
    summary: 'Add a permission (a label: no code checks it)',
    permission: 'permissions.manage',
    tags: adminTags,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/permissions/:id',
    params: IdParams,
    body: PermissionBody,
    response: dataOf(PermissionItem),
    summary: 'Rename a permission (not a built-in one)',
    permission: 'permissions.manage',
    tags: adminTags,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/permissions/:id',
    params: IdParams,
    response: null,
    status: 204,
    summary: 'Delete a permission and its role links (not a built-in one)',
    permission: 'permissions.manage',
    tags: adminTags,
  }),
} as const;
