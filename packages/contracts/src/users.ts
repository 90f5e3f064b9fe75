import { z } from 'zod';
import { Id, IdParams, MessageResponse, PageQuery, Timestamp, dataOf, paged } from './common';
import { endpoint } from './endpoint';
import { ChangePasswordBody, Device, SessionUser, UpdateUserBody } from './identity';

/** The public face of a person: what anyone signed in may see. */
export const PublicUser = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  profile_url: z.string().nullable(),
});
export type PublicUser = z.infer<typeof PublicUser>;

/** Orders of the people list; without one, a search lists the best matches first and no search the newest. */
export const USER_SORTS = ['newest', 'oldest', 'name'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const USER_QUERY_MAX_LENGTH = 100;

export const UsersQuery = PageQuery.extend({
  /** Part of a name or username (and of an e-mail address, for those holding `users.view`). */
  q: z
    .string()
    .trim()
    .max(USER_QUERY_MAX_LENGTH)
    .optional()
    .transform((v) => v || undefined),
  sort: z.enum(USER_SORTS).optional(),
});
export type UsersQuery = z.input<typeof UsersQuery>;

/**
 * A row of the people list: the public fields for everyone signed in; the rest only for a caller holding
 * `users.view` (the admin table).
 */
export const UserListItem = PublicUser.extend({
  email: z.string().optional(),
  role_name: z.string().optional(),
  suspended_at: Timestamp.nullable().optional(),
  created_at: Timestamp.optional(),
});
export type UserListItem = z.infer<typeof UserListItem>;

/** A person as the admin edit screen shows them, with what the viewer may do to them. */
export const AdminUser = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  /** `YYYY-MM-DD` or null. */
  dob: z.string().nullable(),
  role_id: z.number().int(),
  role_name: z.string(),
  profile_url: z.string().nullable(),
  email_verified_at: Timestamp.nullable(),
  /** Set while the person is suspended: they cannot sign in and their tokens are refused. */
  suspended_at: Timestamp.nullable(),
  created_at: Timestamp,
  /** Edit the profile (`PUT /users/{id}`): one's own, or `users.edit` over someone one outranks. */
  can_modify: z.boolean(),
  /** Also change the e-mail address and birth date: `users.edit` over someone else (root: also their own). */
  can_modify_admin_fields: z.boolean(),
  /** Give another role (`PUT /users/{id}/role`): `users.role` over someone else one outranks. */
  can_change_role: z.boolean(),
  /** Suspend or reinstate: `users.edit` over someone else one outranks. */
  can_suspend: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const ChangeRoleBody = z.object({ role_id: Id });
export type ChangeRoleBody = z.input<typeof ChangeRoleBody>;

export const AdminUserResponse = MessageResponse.extend({ data: AdminUser });
export type AdminUserResponse = z.infer<typeof AdminUserResponse>;

const tags = ['People'] as const;
/** The signed-in person's own profile, devices and password, tagged as identity was. */
const people = ['Identity'] as const;
const admin = ['Administration'] as const;

/**
 * Where two people stand, seen by the viewer: friends; `pending_friend_request` — I asked, they have not
 * answered (I may cancel); `awaiting_friend_request` — they asked me (I may accept or decline). At most one
 * of the three is true.
 */
export const FriendState = z.object({
  is_friend: z.boolean(),
  pending_friend_request: z.boolean(),
  awaiting_friend_request: z.boolean(),
});
export type FriendState = z.infer<typeof FriendState>;

/** Another person's public profile with where the viewer stands with them (`GET /users/{id}`). */
export const Person = PublicUser.extend({
  ...FriendState.shape,
  /** The viewer's own profile: no friend buttons. */
  is_me: z.boolean(),
  /** I blocked this person (a block they made is not shown to me: the blocked are not told). */
  is_blocked: z.boolean(),
});
export type Person = z.infer<typeof Person>;

/** People: one's own profile (`me`, `update`, `changePassword`, devices), another's (`person`), and the admin area's. */
export const usersApi = {
  me: endpoint({
    method: 'GET',
    path: '/user',
    response: dataOf(SessionUser),
    summary: 'The signed-in user',
    tags: people,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/users/:id',
    params: IdParams,
    body: UpdateUserBody,
    response: MessageResponse.extend({ data: SessionUser }),
    summary: 'Update a profile (your own; administrators any)',
    tags: people,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/user/password',
    body: ChangePasswordBody,
    response: MessageResponse,
    summary: 'Change the password; signs out every other device',
    tags: people,
  }),
  devices: endpoint({
    method: 'GET',
    path: '/user/devices',
    response: dataOf(z.array(Device)),
    summary: 'Signed-in devices',
    tags: people,
  }),
  revokeDevice: endpoint({
    method: 'DELETE',
    path: '/user/devices/:id',
    params: IdParams,
    response: null,
    status: 204,
    summary: 'Sign a device out',
    tags: people,
  }),
  person: endpoint({
    method: 'GET',
    path: '/users/:id',
    params: z.object({ id: Id }),
    response: dataOf(Person),
    summary: 'A person’s public profile with is_friend, pending_friend_request and awaiting_friend_request',
    tags,
  }),
  list: endpoint({
    method: 'GET',
    path: '/users',
    query: UsersQuery,
    response: paged(UserListItem),
    summary:
      'Find people by name or username (everyone signed in); with users.view also by e-mail, with e-mail, role and status',
    tags,
  }),
  edit: endpoint({
    method: 'GET',
    path: '/users/:id/edit',
    params: IdParams,
    response: dataOf(AdminUser),
    summary: 'A person as the admin edit screen shows them',
    permission: 'users.view',
    tags: admin,
  }),
  changeRole: endpoint({
    method: 'PUT',
    path: '/users/:id/role',
    params: IdParams,
    body: ChangeRoleBody,
    response: AdminUserResponse,
    summary: 'Give a person another role (not one’s own; not a role holding permissions one lacks)',
    permission: 'users.role',
    tags: admin,
  }),
  suspend: endpoint({
    method: 'POST',
    path: '/users/:id/suspend',
    params: IdParams,
    response: AdminUserResponse,
    summary: 'Suspend a person: sign-in is refused and their tokens answer 403 from the next request',
    permission: 'users.edit',
    tags: admin,
  }),
  reinstate: endpoint({
    method: 'POST',
    path: '/users/:id/reinstate',
    params: IdParams,
    response: AdminUserResponse,
    summary: 'Lift a suspension: the person’s devices work again',
    permission: 'users.edit',
    tags: admin,
  }),
} as const;
