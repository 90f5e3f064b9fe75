import {
  Dob,
  Email,
  isLocale,
  type Locale,
  type Device,
  type ParsedBody,
  type SessionUser,
  type SocialLogin,
  isSocialProvider,
  type usersApi,
} from '@inkwell/contracts';
import type { Db, Tx } from '../../db/connect';
import { isUniqueViolation, uniqueFieldOf } from '../../db/errors';
import { permissionsOfRole, type AuthContext } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit';
import { hashPassword, passwordProblems, verifyPassword } from '../../platform/auth/passwords';
import type { AppContext } from '../../platform/context';
import { ValidationError, notFound, throwIfFieldErrors, type FieldErrors } from '../../platform/errors';
import { exemptFromPlans, userBilling } from '../billing';
import { requireUserEdit, userAccess } from './users.policy';
import * as repo from './users.repo';

type Body<K extends keyof typeof usersApi> = ParsedBody<(typeof usersApi)[K]>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The field errors of a unique violation on `users`: the e-mail address or the username is taken. */
export function takenField(err: unknown): FieldErrors {
  return uniqueFieldOf(err) === 'email'
    ? { email: ['validation.email_taken'] }
    : { username: ['validation.username_taken'] };
}

/** The person's social logins as `User.logins` shows them. */
export async function socialLogins(ctx: AppContext, userId: number): Promise<SocialLogin[]> {
  const rows = await repo.listSocialLogins(ctx.db, userId);
  return rows.flatMap((r) =>
    isSocialProvider(r.provider)
      ? [
          {
            provider: r.provider,
            provider_id: r.provider_id,
            name: r.name,
            email: r.email,
            avatar_url: r.avatar_url,
            created_at: r.created_at.toISOString(),
          },
        ]
      : [],
  );
}

/** The signed-in user as the client keeps it in its session. */
export async function sessionUser(ctx: AppContext, userId: number, locale: Locale = 'en'): Promise<SessionUser> {
  const row = await repo.findUserWithRole(ctx.db, userId);
  if (!row) throw notFound();
  const { user } = row;
  const [billing, membership, permissions, logins] = await Promise.all([
    userBilling(ctx, userId, locale),
    repo.accountMembership(ctx.db, userId),
    permissionsOfRole(ctx, { role_id: user.role_id }),
    socialLogins(ctx, userId),
  ]);
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    profile_url: user.profile_url,
    dob: user.dob,
    locale: isLocale(user.locale) ? user.locale : 'en',
    role_name: row.role_name,
    permissions: [...permissions],
    can_compose: membership.approved > 0,
    create_account: billing.creates_accounts || exemptFromPlans(permissions),
    has_account: membership.total > 0,
    logins,
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
  input: Body<'update'>,
  locale: Locale = 'en',
): Promise<SessionUser> {
  const target = await repo.findUserWithRole(ctx.db, userId);
  if (!target) throw notFound();
  const access = userAccess(auth, {
    id: userId,
    role_name: target.role_name,
    permissions: await permissionsOfRole(ctx, { role_id: target.user.role_id }),
  });
  requireUserEdit(auth, access);
  const own = access.self;
  const fields: FieldErrors = {};
  if (await repo.usernameTaken(ctx.db, input.username, userId)) fields.username = ['validation.username_taken'];
  // People cannot change their own e-mail here (it is their sign-in); administrators can, and the birth
  // date, for the people they outrank; root, whom nobody outranks, changes their own (users.policy.ts).
  const adminFields = access.can_modify_admin_fields ? parseAdminFields(input, fields) : {};
  if (adminFields.email) {
    const holder = await repo.findUserByEmail(ctx.db, adminFields.email);
    if (holder && holder.id !== userId) fields.email = ['validation.email_taken'];
  }
  throwIfFieldErrors(fields);
  const { user } = target;
  const profile = {
    name: input.name,
    username: input.username,
    ...(input.profile_url !== undefined ? { profile_url: input.profile_url } : {}),
    ...adminFields,
  };
  try {
    await ctx.transaction(async (tx) => {
      await repo.updateUser(tx, userId, {
        ...profile,
        ...(input.locale && isLocale(input.locale) ? { locale: input.locale } : {}),
      });
      const oldEmail = user.email;
      if (adminFields.email && adminFields.email !== oldEmail.toLowerCase()) {
        // The e-mail is the sign-in and the way to reset a password: whoever held the old sessions is signed
        // out, and the old address hears of it, so a takeover cannot go unnoticed.
        await endSessions(ctx, tx, { userId, actorId: auth.user.id, keep: own ? auth.tokenId : undefined });
        ctx.events.publish(tx, {
          type: 'user.email_changed',
          actor_id: auth.user.id,
          user_id: userId,
          old_email: oldEmail,
          new_email: adminFields.email,
        });
      }
      // An administrator's change to someone else is audited; one's own profile is not an admin action.
      const before = {
        name: user.name,
        username: user.username,
        email: user.email,
        dob: user.dob,
        profile_url: user.profile_url,
      };
      const after = { ...before, ...profile };
      const changed = (Object.keys(before) as (keyof typeof before)[]).some((k) => before[k] !== after[k]);
      if (!own && changed) {
        await recordAudit(tx, auth, { action: 'users.edit', subject_type: 'user', subject_id: userId, before, after });
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ValidationError(takenField(err));
    throw err;
  }
  return sessionUser(ctx, userId, locale);
}

function parseAdminFields(input: Body<'update'>, fields: FieldErrors): { email?: string; dob?: string | null } {
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
  const passwordHash = await hashPassword(input.password);
  await ctx.transaction(async (tx) => {
    await repo.setPasswordHash(tx, auth.user.id, passwordHash);
    await endSessions(ctx, tx, { userId: auth.user.id, actorId: auth.user.id, keep: auth.tokenId });
  });
}

/**
 * Signs the person out on every device but `keep`: their tokens go, and once `conn` commits their open sockets
 * close too (`user.sessions_ended`).
 */
export async function endSessions(
  ctx: AppContext,
  conn: Db | Tx,
  who: { userId: number; actorId: number; keep?: number },
): Promise<void> {
  const ended = await repo.revokeTokens(conn, who.userId, who.keep);
  if (ended.length === 0) return;
  ctx.events.publish(conn, {
    type: 'user.sessions_ended',
    actor_id: who.actorId,
    user_id: who.userId,
    token_ids: ended,
  });
}

export async function devices(ctx: AppContext, auth: AuthContext): Promise<Device[]> {
  const rows = await repo.listDevices(ctx.db, auth.user.id);
  return rows.map((d) => ({
    id: d.id,
    device_name: d.device_name,
    updated_at: d.updated_at.toISOString(),
    current: d.id === auth.tokenId,
    idle_expires_at: d.idle_expires_at.toISOString(),
    expires_at: d.expires_at.toISOString(),
  }));
}

export async function revokeDevice(ctx: AppContext, auth: AuthContext, tokenId: number): Promise<void> {
  const revoked = await ctx.transaction(async (tx) => {
    if (!(await repo.deleteDevice(tx, auth.user.id, tokenId))) return false;
    ctx.events.publish(tx, {
      type: 'user.sessions_ended',
      actor_id: auth.user.id,
      user_id: auth.user.id,
      token_ids: [tokenId],
    });
    return true;
  });
  // Another person's device id answers like a missing one: ids are not an oracle.
  if (!revoked) throw notFound();
}
