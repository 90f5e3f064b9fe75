import {
  Username,
  isAdminRole,
  type Locale,
  type Organization,
  type ParsedBody,
  type UsernameCheck,
  type creatorsApi,
} from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { ValidationError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { isUniqueViolation } from '../identity/identity.service';
import { requireCreator } from '../billing/entitlements';
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
    can_modify: Boolean(auth && (auth.user.id === row.user_id || isAdminRole(auth.user.role_name))),
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
  input: ParsedBody<typeof creatorsApi.createOrganization>,
): Promise<Organization> {
  await requireCreator(ctx, auth);
  if (await repo.usernameTaken(ctx.db, input.username))
    throw new ValidationError({ username: ['validation.username_taken'] });
  try {
    const row = await repo.insert(ctx.db, {
      user_id: auth.user.id,
      name: input.name,
      username: input.username,
      description: input.description,
      url: input.url ?? null,
      profile_url: input.profile_url ?? null,
      approved_status: ctx.config.accountApproval === 'auto' ? 'approved' : 'pending',
    });
    return toOrganization(row, auth);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ValidationError({ username: ['validation.username_taken'] });
    throw err;
  }
}
