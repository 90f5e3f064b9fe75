import {
  Dob,
  Email,
  isAdminRole,
  isLocale,
  type Locale,
  type Device,
  type ParsedBody,
  type SessionUser,
  type RoleName,
  type identityApi,
} from '@inkwell/contracts';
import { forgetSessions, requirePermission, type AuthContext } from '../../platform/auth/authenticate';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { AppContext } from '../../platform/context';
import { ValidationError, notFound, throwIfFieldErrors, type FieldErrors } from '../../platform/errors';
import { userBilling } from '../billing/billing.service';
import * as identityRepo from '../identity/identity.repo';
import { isUniqueViolation, passwordProblems, uniqueFieldOf } from '../identity/identity.service';
import * as repo from './users.repo';

type Body<K extends keyof typeof identityApi> = ParsedBody<(typeof identityApi)[K]>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The signed-in user as the client keeps it in its session. */
export async function sessionUser(ctx: AppContext, userId: number, locale: Locale = 'en'): Promise<SessionUser> {
  const row = await repo.findUserWithRole(ctx.db, userId);
  if (!row) throw notFound();
  const { user } = row;
  const [billing, membership] = await Promise.all([
    userBilling(ctx, userId, locale),
    repo.accountMembership(ctx.db, userId),
  ]);
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    profile_url: user.profile_url,
    dob: user.dob,
    locale: isLocale(user.locale) ? user.locale : 'en',
    role_name: row.role_name as RoleName,
    can_compose: membership.approved > 0,
    create_account: billing.creates_accounts || isAdminRole(row.role_name),
    has_account: membership.total > 0,
    logins: [],
    plan: billing.plan,
    active_plan: billing.active_plan,
    active_subscription: billing.active_subscription,
    subscriptions: billing.subscriptions,
    email_verified_at: iso(user.email_verified_at),
    created_at: user.created_at.toISOString(),
  };
}

export async function updateProfile(
  ctx: AppContext,
  auth: AuthContext,
  userId: number,
  input: Body<'updateUser'>,
  locale: Locale = 'en',
): Promise<SessionUser> {
  const own = auth.user.id === userId;
  if (!own) await requirePermission(ctx, auth, 'users.update');
  if (!(await repo.findUserWithRole(ctx.db, userId))) throw notFound();
  const fields: FieldErrors = {};
  if (await identityRepo.usernameTaken(ctx.db, input.username, userId)) fields.username = ['validation.username_taken'];
  // People cannot change their own e-mail here (it is their sign-in); administrators can, and the birth date.
  const adminFields = own ? {} : parseAdminFields(input, fields);
  if (adminFields.email) {
    const holder = await identityRepo.findUserByEmail(ctx.db, adminFields.email);
    if (holder && holder.id !== userId) fields.email = ['validation.email_taken'];
  }
  throwIfFieldErrors(fields);
  try {
    await repo.updateUser(ctx.db, userId, {
      name: input.name,
      username: input.username,
      ...(input.profile_url !== undefined ? { profile_url: input.profile_url } : {}),
      ...(input.locale && isLocale(input.locale) ? { locale: input.locale } : {}),
      ...adminFields,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ValidationError(uniqueFieldOf(err));
    throw err;
  }
  forgetSessions(userId);
  return sessionUser(ctx, userId, locale);
}

function parseAdminFields(input: Body<'updateUser'>, fields: FieldErrors): { email?: string; dob?: string | null } {
  const out: { email?: string; dob?: string | null } = {};
  if (input.email !== undefined) {
    const email = Email.safeParse(input.email);
    if (email.success) out.email = email.data;
    else fields.email = ['validation.email'];
  }
  if (input.dob !== undefined) {
    const dob = Dob.safeParse(input.dob);
    if (dob.success) out.dob = dob.data;
    else fields.dob = ['validation.invalid'];
  }
  return out;
}

export async function changePassword(ctx: AppContext, auth: AuthContext, input: Body<'changePassword'>): Promise<void> {
  const row = await repo.findUserWithRole(ctx.db, auth.user.id);
  if (!row) throw notFound();
  const fields: FieldErrors = {};
  if (!(await verifyPassword(row.user.password_hash, input.current_password)))
    fields.current_password = ['validation.current_password'];
  Object.assign(fields, passwordProblems(input.password));
  throwIfFieldErrors(fields);
  await identityRepo.setPasswordHash(ctx.db, auth.user.id, await hashPassword(input.password));
  await identityRepo.revokeTokens(ctx.db, auth.user.id, auth.tokenId);
  forgetSessions(auth.user.id);
}

export async function devices(ctx: AppContext, auth: AuthContext): Promise<Device[]> {
  const rows = await repo.listDevices(ctx.db, auth.user.id);
  return rows.map((d) => ({
    id: d.id,
    device_name: d.device_name,
    updated_at: d.updated_at.toISOString(),
    current: d.id === auth.tokenId,
  }));
}

export async function revokeDevice(ctx: AppContext, auth: AuthContext, tokenId: number): Promise<void> {
  // Another person's device id answers like a missing one: ids are not an oracle.
  if (!(await repo.deleteDevice(ctx.db, auth.user.id, tokenId))) throw notFound();
  forgetSessions(auth.user.id);
}
