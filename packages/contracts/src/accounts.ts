import { z } from 'zod';
import { Id, IdParams, MessageResponse, PageQuery, Timestamp, dataOf, paged } from './common';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { MediaUrl, Username } from './fields';
import {
  APPROVED_STATUSES,
  AdminCreatorsQuery,
  Description,
  OptionalUrl,
  Organization,
  PUBLISHED_STATUSES,
  UsernameCheck,
  UsernameCheckQuery,
} from './organizations';
import { TimeZone } from './time-zones';

/** The five rules of the creator terms (spec §5), shown in the terms dialog. */
export const TERMS_RULES = ['no_nudity', 'no_hate', 'copyright', 'legal', 'privacy'] as const;

export const Account = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  contact: z.string().nullable(),
  profile_url: z.string().nullable(),
  banner_url: z.string().nullable(),
  organization_id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  approved_status: z.enum(APPROVED_STATUSES),
  published_status: z.enum(PUBLISHED_STATUSES),
  followers_count: z.number().int(),
  is_followed: z.boolean(),
  /** I rang its bell: each new post of it notifies me. */
  bell: z.boolean(),
  /** I blocked its owners (`POST /accounts/{id}/block`). */
  is_blocked: z.boolean(),
  /** I muted it: its posts leave my feeds and search. */
  is_muted: z.boolean(),
  /** Featured by the team (`discovery.manage`) in Explore and suggestions. */
  featured: z.boolean(),
  can_modify: z.boolean(),
  can_delete: z.boolean(),
  /** May read the account's insights: its owners, and administrators with `insights.view`. */
  can_view_insights: z.boolean(),
  /** The IANA zone its insights count days in; only to those who may edit it or read its insights (else null). */
  time_zone: z.string().nullable(),
  created_at: Timestamp,
});
export type Account = z.infer<typeof Account>;

const accountFields = {
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  username: Username,
  description: Description,
  url: OptionalUrl,
  contact: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX_LENGTH)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  profile_url: MediaUrl.nullable().optional(),
  banner_url: MediaUrl.nullable().optional(),
};

export const CreateAccountBody = z.object({
  ...accountFields,
  organization_id: Id,
  terms: z.literal(true, { error: 'validation.terms' }),
});
export type CreateAccountBody = z.input<typeof CreateAccountBody>;

/**
 * The account's fields; approval and publication only from an administrator with `accounts.edit` (an owner
 * sending a different value is refused, the same value is accepted).
 */
export const UpdateAccountBody = z.object({
  ...accountFields,
  /** The zone its insights count days in (days already counted stay where they were). */
  time_zone: TimeZone.optional(),
  approved_status: z.enum(APPROVED_STATUSES).optional(),
  published_status: z.enum(PUBLISHED_STATUSES).optional(),
});
export type UpdateAccountBody = z.input<typeof UpdateAccountBody>;

/** An account in a list: who it is, and whether it is approved and published. */
export const AccountStanding = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  profile_url: z.string().nullable(),
  approved_status: z.enum(APPROVED_STATUSES),
  published_status: z.enum(PUBLISHED_STATUSES),
});

/** A row of the admin accounts table (spec: id, name, username, approved, published). */
export const AdminAccountRow = AccountStanding.extend({
  organization_id: z.number().int(),
  created_at: Timestamp,
});
export type AdminAccountRow = z.infer<typeof AdminAccountRow>;

export const ACCOUNT_ROLES = ['owner', 'editor'] as const;

/** One of an account's people, with the pivot the admin screen shows (spec §3: user_id and role). */
export const AccountPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  profile_url: z.string().nullable(),
  pivot: z.object({ user_id: z.number().int(), role: z.enum(ACCOUNT_ROLES) }),
});
export type AccountPerson = z.infer<typeof AccountPerson>;

const tags = ['Organizations and accounts'] as const;
const adminTags = ['Administration'] as const;

export const accountsApi = {
  mine: endpoint({
    method: 'GET',
    path: '/user/accounts',
    response: dataOf(z.array(Account)),
    summary: 'Creator accounts I belong to',
    tags,
  }),
  usernameCheck: endpoint({
    method: 'GET',
    path: '/accounts/username-check',
    query: UsernameCheckQuery,
    response: UsernameCheck,
    summary: 'Is this account username free?',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/accounts',
    body: CreateAccountBody,
    response: dataOf(Account),
    status: 201,
    summary: 'Create a creator account in one of my organizations (403 on the free plan)',
    tags,
  }),
  byUsername: endpoint({
    method: 'GET',
    path: '/accounts/by-username/:username',
    params: z.object({ username: z.string().max(100) }),
    response: dataOf(Account),
    summary: 'A creator account by its username',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/accounts/:id',
    params: IdParams,
    body: UpdateAccountBody,
    response: MessageResponse.extend({ data: Account }),
    summary: 'Update a creator account (its owner, or an administrator; approval and publication: administrators only)',
    tags,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/accounts/:id',
    params: IdParams,
    response: null,
    status: 204,
    summary: 'Delete a creator account (its owner, or an administrator)',
    tags,
  }),
  explore: endpoint({
    method: 'GET',
    path: '/explore/accounts',
    query: PageQuery,
    response: paged(Account),
    summary: 'Account cards to discover, most followed first',
    tags,
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/accounts',
    query: AdminCreatorsQuery,
    response: paged(AdminAccountRow),
    summary: 'Every creator account, newest first; `status` filters on approval, `q` searches name and username',
    permission: 'accounts.view',
    tags: adminTags,
  }),
  edit: endpoint({
    method: 'GET',
    path: '/accounts/:id/edit',
    params: IdParams,
    response: dataOf(Account),
    summary: 'A creator account with every field, for the admin edit screen',
    permission: 'accounts.view',
    tags: adminTags,
  }),
  organization: endpoint({
    method: 'GET',
    path: '/accounts/:id/organization',
    params: IdParams,
    response: dataOf(Organization),
    summary: 'The organization a creator account belongs to',
    permission: 'accounts.view',
    tags: adminTags,
  }),
  people: endpoint({
    method: 'GET',
    path: '/accounts/:id/users',
    params: IdParams,
    query: PageQuery,
    response: paged(AccountPerson),
    summary: "A creator account's people with their role (owners first)",
    permission: 'accounts.view',
    tags: adminTags,
  }),
} as const;

/** An account a person belongs to, to import posts as (the import screen's account choice). */
export const MemberAccount = AccountStanding.extend({
  /** Their role on it: `owner` or `editor`. */
  role: z.string(),
});
export type MemberAccount = z.infer<typeof MemberAccount>;
