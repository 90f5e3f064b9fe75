import {
  isAdminRole,
  type Account,
  type Locale,
  type PageQuery,
  type ParsedBody,
  type creatorsApi,
} from '@inkwell/contracts';
import { offsetOf, paged } from '../../platform/pagination';
import type { AuthContext } from '../../platform/auth/authenticate';
import { requirePermission } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { ValidationError, forbidden, notFound } from '../../platform/errors';
import { requireCreator } from '../billing/entitlements';
import { isUniqueViolation } from '../identity/identity.service';
import * as organizations from '../organizations/organizations.repo';
import * as repo from './accounts.repo';

const isOwner = (row: repo.AccountWithOrganization) => row.member_role === 'owner';

export function toAccount(row: repo.AccountWithOrganization, auth: AuthContext | null): Account {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    description: row.description,
    url: row.url,
    contact: row.contact,
    profile_url: row.profile_url,
    banner_url: row.banner_url,
    organization_id: row.organization_id,
    organization: row.organization,
    approved_status: row.approved_status,
    published_status: row.published_status,
    followers_count: row.followers_count,
    is_followed: row.is_followed,
    can_modify: Boolean(auth && (isOwner(row) || isAdminRole(auth.user.role_name))),
    created_at: row.created_at.toISOString(),
  };
}

export async function mine(ctx: AppContext, auth: AuthContext): Promise<Account[]> {
  return (await repo.ofMember(ctx.db, auth.user.id)).map((row) => toAccount(row, auth));
}

export async function byUsername(ctx: AppContext, auth: AuthContext | null, username: string): Promise<Account> {
  const row = await repo.byUsername(ctx.db, username, auth?.user.id ?? null);
  if (!row) throw notFound();
  // Unapproved or unpublished accounts are visible only to their people and administrators.
  const visible = row.approved_status === 'approved' && row.published_status === 'published';
  if (!visible && !(row.member_role || (auth && isAdminRole(auth.user.role_name)))) throw notFound();
  return toAccount(row, auth);
}

export async function create(
  ctx: AppContext,
  auth: AuthContext,
  input: ParsedBody<typeof creatorsApi.createAccount>,
): Promise<Account> {
  await requireCreator(ctx, auth);
  const organization = await organizations.byId(ctx.db, input.organization_id);
  if (!organization || organization.user_id !== auth.user.id) throw forbidden('creators.organization_not_yours');
  if (await repo.usernameTaken(ctx.db, input.username))
    throw new ValidationError({ username: ['validation.username_taken'] });
  let id: number;
  try {
    id = await repo.insertWithOwner(
      ctx.db,
      {
        organization_id: organization.id,
        name: input.name,
        username: input.username,
        description: input.description,
        url: input.url ?? null,
        contact: input.contact ?? null,
        profile_url: input.profile_url ?? null,
        banner_url: input.banner_url ?? null,
        approved_status: ctx.config.accountApproval === 'auto' ? 'approved' : 'pending',
      },
      auth.user.id,
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw new ValidationError({ username: ['validation.username_taken'] });
    throw err;
  }
  return toAccount((await repo.byId(ctx.db, id, auth.user.id))!, auth);
}

/** The account, if the caller may change it: its owner, or an administrator with the permission. */
async function modifiable(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  permission: 'accounts.update' | 'accounts.delete',
) {
  const row = await repo.byId(ctx.db, id, auth.user.id);
  if (!row) throw notFound();
  if (!isOwner(row)) await requirePermission(ctx, auth, permission);
  return row;
}

export async function update(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: ParsedBody<typeof creatorsApi.updateAccount>,
): Promise<Account> {
  await modifiable(ctx, auth, id, 'accounts.update');
  if (await repo.usernameTaken(ctx.db, input.username, id))
    throw new ValidationError({ username: ['validation.username_taken'] });
  try {
    await repo.update(ctx.db, id, {
      name: input.name,
      username: input.username,
      description: input.description,
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.contact !== undefined ? { contact: input.contact } : {}),
      ...(input.profile_url !== undefined ? { profile_url: input.profile_url } : {}),
      ...(input.banner_url !== undefined ? { banner_url: input.banner_url } : {}),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ValidationError({ username: ['validation.username_taken'] });
    throw err;
  }
  return toAccount((await repo.byId(ctx.db, id, auth.user.id))!, auth);
}

export async function remove(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await modifiable(ctx, auth, id, 'accounts.delete');
  await repo.remove(ctx.db, id);
}

export async function explore(ctx: AppContext, auth: AuthContext | null, q: PageQuery, url: string, locale: Locale) {
  const { rows, total } = await repo.explore(ctx.db, auth?.user.id ?? null, q.per_page, offsetOf(q));
  return paged(
    rows.map((row) => toAccount(row, auth)),
    total,
    q,
    url,
    locale,
  );
}
