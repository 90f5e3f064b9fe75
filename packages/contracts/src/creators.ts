import { z } from 'zod';
import { IdParams, MessageResponse, Timestamp, dataOf } from './common';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { MediaUrl, Username } from './fields';

export const APPROVED_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovedStatus = (typeof APPROVED_STATUSES)[number];
export const PUBLISHED_STATUSES = ['published', 'unpublished'] as const;
export type PublishedStatus = (typeof PUBLISHED_STATUSES)[number];

/** The five rules of the creator terms (spec §5), shown in the terms dialog. */
export const TERMS_RULES = ['no_nudity', 'no_hate', 'copyright', 'legal', 'privacy'] as const;

const OptionalUrl = z
  .string()
  .trim()
  .max(2048)
  .transform((v) => (v === '' ? null : v))
  .pipe(z.url({ protocol: /^https?$/, error: 'validation.url' }).nullable())
  .nullable()
  .optional();

const Description = z.string().trim().min(1).max(DESCRIPTION_MAX_LENGTH);

export const Organization = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  profile_url: z.string().nullable(),
  user_id: z.number().int(),
  approved_status: z.enum(APPROVED_STATUSES),
  published_status: z.enum(PUBLISHED_STATUSES),
  can_modify: z.boolean(),
  created_at: Timestamp,
});
export type Organization = z.infer<typeof Organization>;

export const OrganizationBody = z.object({
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  username: Username,
  description: Description,
  url: OptionalUrl,
  profile_url: MediaUrl.nullable().optional(),
});
export type OrganizationBody = z.input<typeof OrganizationBody>;

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
  can_modify: z.boolean(),
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
  organization_id: z.coerce.number().int().positive(),
  terms: z.literal(true, { error: 'validation.terms' }),
});
export type CreateAccountBody = z.input<typeof CreateAccountBody>;

export const UpdateAccountBody = z.object(accountFields);
export type UpdateAccountBody = z.input<typeof UpdateAccountBody>;

export const UsernameCheckQuery = z.object({ username: z.string().max(100).default('') });
export const UsernameCheck = z.object({ available: z.boolean(), message: z.string() });
export type UsernameCheck = z.infer<typeof UsernameCheck>;

const tags = ['Organizations and accounts'] as const;

export const creatorsApi = {
  myOrganizations: endpoint({
    method: 'GET',
    path: '/user/organizations',
    response: dataOf(z.array(Organization)),
    summary: 'My organizations',
    tags,
  }),
  organizationUsernameCheck: endpoint({
    method: 'GET',
    path: '/organizations/username-check',
    query: UsernameCheckQuery,
    response: UsernameCheck,
    summary: 'Is this organization username free?',
    tags,
  }),
  createOrganization: endpoint({
    method: 'POST',
    path: '/organizations',
    body: OrganizationBody,
    response: dataOf(Organization),
    status: 201,
    summary: 'Create an organization (needs a plan that allows creator accounts)',
    tags,
  }),
  myAccounts: endpoint({
    method: 'GET',
    path: '/user/accounts',
    response: dataOf(z.array(Account)),
    summary: 'Creator accounts I belong to',
    tags,
  }),
  accountUsernameCheck: endpoint({
    method: 'GET',
    path: '/accounts/username-check',
    query: UsernameCheckQuery,
    response: UsernameCheck,
    summary: 'Is this account username free?',
    tags,
  }),
  createAccount: endpoint({
    method: 'POST',
    path: '/accounts',
    body: CreateAccountBody,
    response: dataOf(Account),
    status: 201,
    summary: 'Create a creator account in one of my organizations (403 on the free plan)',
    tags,
  }),
  accountByUsername: endpoint({
    method: 'GET',
    path: '/accounts/by-username/:username',
    params: z.object({ username: z.string().max(100) }),
    response: dataOf(Account),
    summary: 'A creator account by its username',
    tags,
  }),
  updateAccount: endpoint({
    method: 'PUT',
    path: '/accounts/:id',
    params: IdParams,
    body: UpdateAccountBody,
    response: MessageResponse.extend({ data: Account }),
    summary: 'Update a creator account (its owner, or an administrator)',
    tags,
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/accounts/:id',
    params: IdParams,
    response: null,
    status: 204,
    summary: 'Delete a creator account (its owner, or an administrator)',
    tags,
  }),
} as const;
