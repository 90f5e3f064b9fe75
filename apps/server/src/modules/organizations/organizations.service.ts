import {
  Username,
  type AdminOrganization,
  type AdminOrganizationRow,
  type Locale,
  type Organization,
  type ParsedBody,
  type ParsedQuery,
  type UsernameCheck,
  type organizationsApi,
} from '@inkwell/contracts';
import { initialApproval, withUniqueUsername } from '../../platform/approvals';
import { recordAudit } from '../../platform/audit';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import { requireCreator } from '../billing';
import { organizationAccess } from './organizations.policy';
import * as repo from './organizations.repo';

export function toOrganization(row: repo.OrganizationRow, auth: AuthContext | null): Organization {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    description: row.description,
    url: row.url,
    profile_url: row.profile_url,
    user_id: row.user_id,
    approved_status: row.approved_status,
    published_status: row.published_status,
    can_modify: organizationAccess(auth, row).can_modify,
    created_at: row.created_at.toISOString(),
  };
}

export async function mine(ctx: AppContext, auth: AuthContext): Promise<Organization[]> {
  return (await repo.byUser(ctx.db, auth.user.id)).map((row) => toOrganization(row, auth));
}

/**
 * `{available, message}` for a username as typed (spec: checked when the field loses focus). The message
 * explains the answer in the caller's language.
 */
export async function checkUsername(
  taken: (username: string) => Promise<boolean>,
  raw: string,
  locale: Locale,
): Promise<UsernameCheck> {
  if (!raw.trim()) return { available: false, message: t(locale, 'creators.username_empty') };
  const parsed = Username.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key =
      issue.code === 'too_small'
        ? 'validation.string_min'
        : issue.code === 'too_big'
          ? 'validation.string_max'
          : 'validation.username_format';
    return { available: false, message: t(locale, key, { min: 3, max: 30 }) };
  }
  return (await taken(parsed.data))
    ? { available: false, message: t(locale, 'validation.username_taken') }
    : { available: true, message: t(locale, 'creators.username_available', { username: parsed.data }) };
}

export async function create(
  ctx: AppContext,
  auth: AuthContext,
  input: ParsedBody<typeof organizationsApi.create>,
): Promise<Organization> {
  await requireCreator(ctx, auth);
  const row = await withUniqueUsername(
    () => repo.usernameTaken(ctx.db, input.username),
    () =>
      repo.insert(ctx.db, {
        user_id: auth.user.id,
        name: input.name,
        username: input.username,
        description: input.description,
        url: input.url ?? null,
        profile_url: input.profile_url ?? null,
        approved_status: initialApproval(ctx.config),
      }),
  );
  return toOrganization(row, auth);
}

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

function toAdminOrganization(row: repo.OrganizationWithCreator, auth: AuthContext): AdminOrganization {
  return { ...toOrganization(row, auth), creator_name: row.user.name, user: row.user };
}

/** The admin table: every organization, newest first, filtered by approval and by words in its names. */
export async function adminList(ctx: AppContext, q: ParsedQuery<typeof organizationsApi.adminList>, at: PageAt) {
  const { rows, total } = await repo.adminPage(ctx.db, { status: q.status, q: q.q }, q.per_page, offsetOf(q));
  return paged(
    rows.map((row): AdminOrganizationRow => ({
      id: row.id,
      name: row.name,
      username: row.username,
      creator_name: row.creator_name,
      approved_status: row.approved_status,
      published_status: row.published_status,
      created_at: iso(row.created_at),
    })),
    total,
    q,
    at,
  );
}

export async function forEdit(ctx: AppContext, auth: AuthContext, id: number): Promise<AdminOrganization> {
  const row = await repo.withCreator(ctx.db, id);
  if (!row) throw notFound();
  return toAdminOrganization(row, auth);
}

/** The fields an administrator changes, as the audit log compares them. */
const audited = (row: repo.OrganizationRow) => ({
  name: row.name,
  username: row.username,
  description: row.description,
  url: row.url,
  profile_url: row.profile_url,
  approved_status: row.approved_status,
  published_status: row.published_status,
});

/**
 * An administrator's change, approval and publication included, with its audit entry in the same transaction.
 * A new approval status is told to the organization's creator (after commit). Accounts keep their own status:
 * what readers see of them follows the account's approval, not the organization's.
 */
export async function adminUpdate(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: ParsedBody<typeof organizationsApi.update>,
): Promise<AdminOrganization> {
  await withUniqueUsername(
    () => repo.usernameTaken(ctx.db, input.username, id),
    () =>
      ctx.transaction(async (tx) => {
        const before = await repo.withCreator(tx, id, true);
        if (!before) throw notFound();
        const values = {
          name: input.name,
          username: input.username,
          description: input.description,
          url: input.url === undefined ? before.url : input.url,
          profile_url: input.profile_url === undefined ? before.profile_url : input.profile_url,
          approved_status: input.approved_status,
          published_status: input.published_status,
        };
        await repo.update(tx, id, values);
        await recordAudit(tx, auth, {
          action: 'organizations.edit',
          subject_type: 'organization',
          subject_id: id,
          before: audited(before),
          after: audited({ ...before, ...values }),
        });
        if (before.approved_status !== input.approved_status) {
          ctx.events.publish(tx, {
            type: 'organization.approval_changed',
            actor_id: auth.user.id,
            organization_id: id,
            from: before.approved_status,
            to: input.approved_status,
          });
        }
      }),
  );
  return forEdit(ctx, auth, id);
}
