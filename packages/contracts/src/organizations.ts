import { z } from 'zod';
import { IdParams, MessageResponse, PageQuery, Timestamp, dataOf, paged } from './common';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { MediaUrl, Username } from './fields';

export const APPROVED_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovedStatus = (typeof APPROVED_STATUSES)[number];
export const PUBLISHED_STATUSES = ['published', 'unpublished'] as const;
export type PublishedStatus = (typeof PUBLISHED_STATUSES)[number];

/** A web address a creator may leave empty (organizations and the accounts in them). */
export const OptionalUrl = z
  .string()
  .trim()
  .max(2048)
  .transform((v) => (v === '' ? null : v))
  .pipe(z.url({ protocol: /^https?$/, error: 'validation.url' }).nullable())
  .nullable()
  .optional();

/** The description of an organization or of an account in it. */
export const Description = z.string().trim().min(1).max(DESCRIPTION_MAX_LENGTH);

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

export const UsernameCheckQuery = z.object({ username: z.string().max(100).default('') });
export const UsernameCheck = z.object({ available: z.boolean(), message: z.string() });
export type UsernameCheck = z.infer<typeof UsernameCheck>;

/** The admin tables of organizations and accounts: a page, an approval status to show, words in the name or username. */
export const AdminCreatorsQuery = PageQuery.extend({
  status: z.enum(APPROVED_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
});
export type AdminCreatorsQuery = z.input<typeof AdminCreatorsQuery>;

/** A row of the admin organizations table (spec: id, name, creator name, approved, published). */
export const AdminOrganizationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  creator_name: z.string(),
  approved_status: z.enum(APPROVED_STATUSES),
  published_status: z.enum(PUBLISHED_STATUSES),
  created_at: Timestamp,
});
export type AdminOrganizationRow = z.infer<typeof AdminOrganizationRow>;

/** A person as the admin screens name them (an organization's creator, an account's people). */
export const PersonRef = z.object({ id: z.number().int(), name: z.string(), username: z.string() });

/** An organization for the admin edit screen: every field, its creator's name and the creator (spec §3). */
export const AdminOrganization = Organization.extend({ creator_name: z.string(), user: PersonRef });
export type AdminOrganization = z.infer<typeof AdminOrganization>;

/** What an administrator may change on an organization, approval and publication included. */
export const AdminOrganizationBody = OrganizationBody.extend({
  approved_status: z.enum(APPROVED_STATUSES),
  published_status: z.enum(PUBLISHED_STATUSES),
});
export type AdminOrganizationBody = z.input<typeof AdminOrganizationBody>;

const tags = ['Organizations and accounts'] as const;
const adminTags = ['Administration'] as const;

export const organizationsApi = {
  mine: endpoint({
    method: 'GET',
    path: '/user/organizations',
    response: dataOf(z.array(Organization)),
    summary: 'My organizations',
    tags,
  }),
  usernameCheck: endpoint({
    method: 'GET',
    path: '/organizations/username-check',
    query: UsernameCheckQuery,
    response: UsernameCheck,
    summary: 'Is this organization username free?',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/organizations',
    body: OrganizationBody,
    response: dataOf(Organization),
    status: 201,
    summary: 'Create an organization (needs a plan that allows creator accounts)',
    tags,
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/organizations',
    query: AdminCreatorsQuery,
    response: paged(AdminOrganizationRow),
    summary: 'Every organization, newest first; `status` filters on approval, `q` searches name and username',
    permission: 'organizations.view',
    tags: adminTags,
  }),
  edit: endpoint({
    method: 'GET',
    path: '/organizations/:id/edit',
    params: IdParams,
    response: dataOf(AdminOrganization),
    summary: 'An organization with every field and its creator, for the admin edit screen',
    permission: 'organizations.view',
    tags: adminTags,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/organizations/:id',
    params: IdParams,
    body: AdminOrganizationBody,
    response: MessageResponse.extend({ data: AdminOrganization }),
    summary: 'Change an organization, its approval and publication included (administrators)',
    permission: 'organizations.edit',
    tags: adminTags,
  }),
} as const;
