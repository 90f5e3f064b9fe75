import {
  ACTIVATION_TOKEN_TTL_HOURS,
  PASSWORD_RESET_TOKEN_TTL_MINUTES,
  type Locale,
  type LoginResponse,
} from '@inkwell/contracts';
import type { ParsedBody, identityApi } from '@inkwell/contracts';
import { isUniqueViolation } from '../../db/errors';
import type { AuthContext } from '../../platform/auth/authenticate';
import { hashPassword, passwordProblems, verifyPassword } from '../../platform/auth/passwords';
import { hashToken, newToken } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { AppError, ValidationError, forbidden, throwIfFieldErrors, type FieldErrors } from '../../platform/errors';
import { activationMail, passwordResetMail, registerAttemptMail } from '../../platform/mail/templates';
import * as users from '../users';
import * as repo from './identity.repo';
import type { LoginGate } from './login-guard';

type Parsed<K extends keyof typeof identityApi> = ParsedBody<(typeof identityApi)[K]>;

async function sendActivation(ctx: AppContext, user: users.UserRow, locale: Locale): Promise<void> {
  const token = newToken();
  await repo.insertOneTimeToken(ctx.db, user.id, 'activation', hashToken(token), ACTIVATION_TOKEN_TTL_HOURS * 60);
  const link = `${ctx.config.publicUrl}/activate?token=${encodeURIComponent(token)}`;
  await ctx.mail.send(user.email, activationMail(locale, user.name, link));
}

/**
 * The answer (201, the same message) never tells whether an address has an account: only the mailbox learns.
 * A known address is mailed at most once in this long, however often it is tried.
 */
const REGISTER_MAIL_WINDOW_MINUTES = 60;

export async function register(ctx: AppContext, input: Parsed<'register'>, locale: Locale): Promise<void> {
  if (!ctx.config.openRegistration) throw forbidden('auth.registration_closed');
  const fields: FieldErrors = { ...passwordProblems(input.password) };
  // A username is public anyway; saying it is taken tells nothing about the address.
  if (await users.usernameTaken(ctx.db, input.username)) fields.username = ['validation.username_taken'];
  throwIfFieldErrors(fields);

  // Hashed for a known address too, so both answers cost the same work.
  const passwordHash = await hashPassword(input.password);
  const holder = await users.findUserByEmail(ctx.db, input.email);
  if (holder) return tellAddressHolder(ctx, holder, locale);
  let user: users.UserRow;
  try {
    user = await repo.insertUser(ctx.db, {
      name: input.name,
      username: input.username,
      email: input.email,
      password_hash: passwordHash,
      role_id: await repo.roleId(ctx.db, 'user'),
      locale,
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Two sign-ups racing for the same name or address: the unique index decides, and the address's loser
    // is answered like any known address.
    const field = users.takenField(err);
    const winner = field.email && (await users.findUserByEmail(ctx.db, input.email));
    if (winner) return tellAddressHolder(ctx, winner, locale);
    throw new ValidationError(field);
  }
  await sendActivation(ctx, user, locale);
}

/**
 * A sign-up with an address that has an account changes nothing; the mailbox's owner hears of it instead (at
 * most once per window, so the address cannot be flooded), in their own language:
 * - active: a notice with links to sign in and to choose a new password;
 * - not yet activated: the activation mail again (most likely they lost the first one). The details just
 *   typed are dropped: whoever proves the mailbox activates the account as it was first registered, else a
 *   stranger could set the password of someone's pending sign-up. A forgotten password is reset as usual.
 */
async function tellAddressHolder(ctx: AppContext, holder: users.UserRow, locale: Locale): Promise<void> {
  if (!(await repo.claimRegisterMail(ctx.db, holder.id, REGISTER_MAIL_WINDOW_MINUTES))) return;
  const language = (holder.locale as Locale) ?? locale;
  if (!holder.email_verified_at) return sendActivation(ctx, holder, language);
  await ctx.mail.send(
    holder.email,
    registerAttemptMail(language, holder.name, {
      signIn: `${ctx.config.publicUrl}/login`,
      resetPassword: `${ctx.config.publicUrl}/forgot-password`,
    }),
  );
}

/**
 * A link opened a second time (a mail client's preview, a second tap) finds its person already active: that is
 * said as such, not as an expired link. Only the token's holder learns it, as with the first opening.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<'activated' | 'already_active'> {
  const hash = hashToken(token);
  const userId = await repo.consumeOneTimeToken(ctx.db, 'activation', hash);
  if (userId) {
    await repo.markVerified(ctx.db, userId);
    return 'activated';
  }
  if (await repo.activationTokenOfActiveUser(ctx.db, hash)) return 'already_active';
  throw new ValidationError({ token: ['validation.token_invalid'] }, 'validation.token_invalid');
}

export async function resendActivation(ctx: AppContext, email: string, locale: Locale): Promise<void> {
  const user = await users.findUserByEmail(ctx.db, email);
  if (user && !user.email_verified_at) await sendActivation(ctx, user, (user.locale as Locale) ?? locale);
}

/** Lets every attempt through (scripts, tests of the service); the route passes the brute-force guard's. */
const openGate: LoginGate = { admit: async () => undefined, failed: async () => undefined, succeeded: () => undefined };

export async function login(
  ctx: AppContext,
  input: Parsed<'login'>,
  locale: Locale,
  gate: LoginGate = openGate,
): Promise<LoginResponse> {
  const user = await users.findUserByEmail(ctx.db, input.email);
  await gate.admit(user?.id);
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !ok) {
    await gate.failed();
    throw new ValidationError({ email: ['auth.failed'] }, 'auth.failed');
  }
  if (!user.email_verified_at) throw new AppError(403, 'auth.not_activated');
  if (user.suspended_at) throw new AppError(403, 'auth.suspended');
  gate.succeeded(user.id);
  await repo.deleteExpiredAccessTokens(ctx.db, user.id);
  const token = newToken();
  await repo.insertAccessToken(ctx.db, user.id, input.device_name, hashToken(token));
  return { token, user: await users.sessionUser(ctx, user.id, locale) };
}

export async function logout(ctx: AppContext, auth: AuthContext): Promise<void> {
  await ctx.transaction(async (tx) => {
    await repo.deleteAccessToken(tx, auth.tokenId);
    ctx.events.publish(tx, {
      type: 'user.sessions_ended',
      actor_id: auth.user.id,
      user_id: auth.user.id,
      token_ids: [auth.tokenId],
    });
  });
}

export async function forgotPassword(ctx: AppContext, email: string, locale: Locale): Promise<void> {
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = newToken();
  await repo.insertOneTimeToken(ctx.db, user.id, 'password_reset', hashToken(token), PASSWORD_RESET_TOKEN_TTL_MINUTES);
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  await ctx.mail.send(user.email, passwordResetMail((user.locale as Locale) ?? locale, user.name, link));
}

/** Returns the person whose password was reset. */
export async function resetPassword(ctx: AppContext, input: Parsed<'resetPassword'>): Promise<number> {
  throwIfFieldErrors(passwordProblems(input.password));
  const user = await users.findUserByEmail(ctx.db, input.email);
  const userId = user && (await repo.consumeOneTimeToken(ctx.db, 'password_reset', hashToken(input.token), user.id));
  if (!user || !userId) throw new ValidationError({ token: ['validation.token_invalid'] }, 'validation.token_invalid');
  await users.setPasswordHash(ctx.db, user.id, await hashPassword(input.password));
  // A reset proves the mailbox: it also activates, and signs out every device.
  await repo.markVerified(ctx.db, user.id);
  await users.endSessions(ctx, ctx.db, { userId: user.id, actorId: user.id });
  return user.id;
}
