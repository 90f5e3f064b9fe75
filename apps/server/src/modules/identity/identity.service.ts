import {
  ACTIVATION_TOKEN_TTL_HOURS,
  PASSWORD_RESET_TOKEN_TTL_MINUTES,
  type Locale,
  type LoginResponse,
} from '@inkwell/contracts';
import type { ParsedBody, identityApi } from '@inkwell/contracts';
import { isUniqueViolation, uniqueFieldOf } from '../../db/errors';
import type { AuthContext } from '../../platform/auth/authenticate';
import { hashPassword, passwordProblems, verifyPassword } from '../../platform/auth/passwords';
import { hashToken, newToken } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { AppError, ValidationError, forbidden, throwIfFieldErrors, type FieldErrors } from '../../platform/errors';
import { activationMail, passwordResetMail } from '../../platform/mail/templates';
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

export async function register(ctx: AppContext, input: Parsed<'register'>, locale: Locale): Promise<void> {
  if (!ctx.config.openRegistration) throw forbidden('auth.registration_closed');
  const fields: FieldErrors = { ...passwordProblems(input.password) };
  if (await users.usernameTaken(ctx.db, input.username)) fields.username = ['validation.username_taken'];
  if (await users.findUserByEmail(ctx.db, input.email)) fields.email = ['validation.email_taken'];
  throwIfFieldErrors(fields);

  const passwordHash = await hashPassword(input.password);
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
    // Two sign-ups racing for the same name or address: the unique index decides.
    if (isUniqueViolation(err)) throw new ValidationError(uniqueFieldOf(err));
    throw err;
  }
  await sendActivation(ctx, user, locale);
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
  await repo.deleteAccessToken(ctx.db, auth.tokenId);
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
  await users.revokeTokens(ctx.db, user.id);
  return user.id;
}
