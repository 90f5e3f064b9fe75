import {
  type Account,
  type AccountPerson,
  type AdminAccountRow,
  type Organization,
  type PageQuery,
  type Paged,
  type ParsedBody,
  type ParsedQuery,
  type accountsApi,
} from '@inkwell/contracts';
import { recomputePostVisibility } from '../../db/visibility';
import { initialApproval, withUniqueUsername } from '../../platform/approvals';
import { recordAudit } from '../../platform/audit';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { requireCreator } from '../billing';
import { findOrganization, organizationAccess, toOrganization } from '../organizations';
import { accountAccess, publicAccountSql, requireAccount } from './accounts.policy';
import * as repo from './accounts.repo';

/** What the owner writes about the account: shown on its page, kept by the audit log. */
const profileOf = (row: repo.AccountRow) => ({
  name: row.name,
  username: row.username,
  description: row.description,
  url: row.url,
  contact: row.contact,
  profile_url: row.profile_url,
  banner_url: row.banner_url,
});

export function toAccount(row: repo.AccountWithOrganization, auth: AuthContext | null): Account {
  const access = accountAccess(auth, row);
  return {
    id: row.id,
    ...profileOf(row),
    organization_id: row.organization_id,
    organization: row.organization,
    approved_status: row.approved_status,
    published_status: row.published_status,
    followers_count: row.followers_count,
    is_followed: row.is_followed,
    bell: row.bell,
    is_blocked: row.is_blocked,
    is_muted: row.is_muted,
    featured: row.featured_at !== null,
    can_modify: access.can_modify,
    can_delete: access.can_delete,
    can_view_insights: access.can_view_insights,
    time_zone: access.can_modify || access.can_view_insights ? row.time_zone : null,
    created_at: row.created_at.toISOString(),
  };
}

export async function mine(ctx: AppContext, auth: AuthContext): Promise<Account[]> {
  return (await repo.ofMember(ctx.db, auth.user.id)).map((row) => toAccount(row, auth));
}

export async function byUsername(ctx: AppContext, auth: AuthContext | null, username: string): Promise<Account> {
  const row = await repo.byUsername(ctx.db, username, auth?.user.id ?? null);
  if (!row || !accountAccess(auth, row).visible) throw notFound();
  return toAccount(row, auth);
}

export async function create(
  ctx: AppContext,
  auth: AuthContext,
  input: ParsedBody<typeof accountsApi.create>,
): Promise<Account> {
  await requireCreator(ctx, auth);
  const organization = await findOrganization(ctx.db, input.organization_id);
  if (!organization || !organizationAccess(auth, organization).can_add_account)
    throw forbidden('creators.organization_not_yours');
  const id = await withUniqueUsername(
    () => repo.usernameTaken(ctx.db, input.username),
    () =>
      repo.insertWithOwner(
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
          approved_status: initialApproval(ctx.config),
        },
        auth.user.id,
      ),
  );
  const created = (await repo.byId(ctx.db, id, auth.user.id))!;
  // The repo's own transaction has committed: published outside one, heard once this request yields.
  ctx.events.publish(ctx.db, {
    type: 'account.created',
    actor_id: auth.user.id,
    account_id: id,
    organization_id: organization.id,
    approved_status: created.approved_status,
  });
  return toAccount(created, auth);
}

/**
 * The account, if the caller may change it (accounts.policy.ts). One the caller may not even see answers
 * 404, like a missing one, so ids do not reveal hidden accounts.
 */
async function modifiable(ctx: AppContext, auth: AuthContext, id: number, action: 'can_modify' | 'can_delete') {
  const row = await repo.byId(ctx.db, id, auth.user.id);
  if (!row) throw notFound();
  requireAccount(accountAccess(auth, row), action);
  return row;
}

/** The fields an edit changes, as the audit log compares them. */
const audited = (row: repo.AccountRow) => ({
  ...profileOf(row),
  approved_status: row.approved_status,
  published_status: row.published_status,
  time_zone: row.time_zone,
});

/**
 * The owner's edit, or an administrator's (`accounts.edit`), who may also approve, reject, publish and
 * unpublish. A new status takes effect at once: in the same transaction every post of the account is shown or
 * hidden again and the public feed's total moves with it (feeds, search and the account page follow). An
 * administrator's edit leaves an audit entry; a new approval status is told to the owners after commit.
 */
export async function update(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: ParsedBody<typeof accountsApi.update>,
): Promise<Account> {
  const row = await modifiable(ctx, auth, id, 'can_modify');
  const admin = auth.permissions.has('accounts.edit');
  const changesStatus =
    (input.approved_status !== undefined && input.approved_status !== row.approved_status) ||
    (input.published_status !== undefined && input.published_status !== row.published_status);
  if (changesStatus && !admin) throw forbidden('creators.status_admin_only');
  await withUniqueUsername(
    () => repo.usernameTaken(ctx.db, input.username, id),
    () =>
      ctx.transaction(async (tx) => {
        const before = await repo.lockById(tx, id);
        if (!before) throw notFound();
        const values = {
          name: input.name,
          username: input.username,
          description: input.description,
          ...(input.url !== undefined ? { url: input.url } : {}),
          ...(input.contact !== undefined ? { contact: input.contact } : {}),
          ...(input.profile_url !== undefined ? { profile_url: input.profile_url } : {}),
          ...(input.banner_url !== undefined ? { banner_url: input.banner_url } : {}),
          ...(input.time_zone !== undefined ? { time_zone: input.time_zone } : {}),
          ...(admin && input.approved_status ? { approved_status: input.approved_status } : {}),
          ...(admin && input.published_status ? { published_status: input.published_status } : {}),
        };
        const after: repo.AccountRow = { ...before, ...values };
        await repo.update(tx, id, values);
        const statusChanged =
          after.approved_status !== before.approved_status || after.published_status !== before.published_status;
        if (statusChanged) await recomputePostVisibility(tx, id, publicAccountSql('a'));
        // The owner editing their own account is not an administrator's act; anyone else's edit, or a status, is.
        if (row.member_role !== 'owner' || statusChanged) {
          await recordAudit(tx, auth, {
            action: 'accounts.edit',
            subject_type: 'account',
            subject_id: id,
            before: audited(before),
            after: audited(after),
          });
        }
        if (after.approved_status !== before.approved_status) {
          ctx.events.publish(tx, {
            type: 'account.approval_changed',
            actor_id: auth.user.id,
            account_id: id,
            from: before.approved_status,
            to: after.approved_status,
          });
        }
      }),
  );
  return toAccount((await repo.byId(ctx.db, id, auth.user.id))!, auth);
}

export async function remove(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await modifiable(ctx, auth, id, 'can_delete');
  await repo.remove(ctx.db, id);
  ctx.events.publish(ctx.db, { type: 'account.deleted', actor_id: auth.user.id, account_id: id });
}

export async function explore(ctx: AppContext, auth: AuthContext | null, q: PageQuery, at: PageAt) {
  const { rows, total } = await repo.explore(ctx.db, auth?.user.id ?? null, q.per_page, offsetOf(q));
  return paged(
    rows.map((row) => toAccount(row, auth)),
    total,
    q,
    at,
  );
}

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

/** The admin table: every creator account, newest first, filtered by approval and by words in its names. */
export async function adminList(ctx: AppContext, q: ParsedQuery<typeof accountsApi.adminList>, at: PageAt) {
  const { rows, total } = await repo.adminPage(ctx.db, { status: q.status, q: q.q }, q.per_page, offsetOf(q));
  return paged(
    rows.map((row): AdminAccountRow => ({
      id: row.id,
      name: row.name,
      username: row.username,
      profile_url: row.profile_url,
      approved_status: row.approved_status,
      published_status: row.published_status,
      organization_id: row.organization_id,
      created_at: iso(row.created_at),
    })),
    total,
    q,
    at,
  );
}

/** The account for the admin edit screen (the route holds `accounts.view`, so it is visible whatever its status). */
export async function forEdit(ctx: AppContext, auth: AuthContext, id: number): Promise<Account> {
  const row = await repo.byId(ctx.db, id, auth.user.id);
  if (!row || !accountAccess(auth, row).visible) throw notFound();
  return toAccount(row, auth);
}

/** The organization the account belongs to. */
export async function organizationOf(ctx: AppContext, auth: AuthContext, id: number): Promise<Organization> {
  const row = await repo.byId(ctx.db, id, auth.user.id);
  if (!row || !accountAccess(auth, row).visible) throw notFound();
  const organization = await findOrganization(ctx.db, row.organization_id);
  if (!organization) throw notFound();
  return toOrganization(organization, auth);
}

/** The account's people with their role (the pivot the admin screen shows), owners first. */
export async function peopleOf(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  q: PageQuery,
  at: PageAt,
): Promise<Paged<AccountPerson>> {
  const row = await repo.byId(ctx.db, id, auth.user.id);
  if (!row || !accountAccess(auth, row).visible) throw notFound();
  const { rows, total } = await repo.people(ctx.db, id, q.per_page, offsetOf(q));
  return paged(
    rows.map((p) => ({
      id: p.id,
      name: p.name,
      username: p.username,
      profile_url: p.profile_url,
      pivot: { user_id: p.id, role: p.role },
    })),
    total,
    q,
    at,
  );
}
