import { randomInt } from 'node:crypto';
import {
  NAME_MAX_LENGTH,
  SOCIAL_PROVIDERS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  isSocialProvider,
  type Locale,
  type ParsedQuery,
  type SocialCallbackResponse,
  type SocialLogin,
  type SocialProvider,
  type identityApi,
} from '@inkwell/contracts';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../../db/errors';
import type { Tx } from '../../db/connect';
import { permissionsOfRole, type AuthContext } from '../../platform/auth/authenticate';
import { hashToken, newToken, safeEqual } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import * as users from '../users';
import * as identityRepo from './identity.repo';
import { OAUTH_STATE_TTL_MS, type StateCookies } from './oauth-state';
import { requireSocialSignInAllowed } from './social-login.policy';
import * as repo from './social-login.repo';
import { ProviderError, providerClient, type ProviderClient, type SocialProfile } from './social-providers';

/**
 * Sign-in and connection through Google, GitHub, Facebook and X.
 *
 * Who a provider sign-in signs in, in order (no path leads into someone else's account, and none into an
 * administrator's: social-login.policy.ts):
 * 1. the person who connected this provider identity (provider + the provider's stable id);
 * 2. else the person whose e-mail is the one the provider says is verified (social-providers.ts says which
 *    providers can say so): the identity is linked to them. If that person never activated their account,
 *    whoever registered it never proved the address, so its password is dropped (a pre-registered password
 *    must not share an account with the mailbox's real owner);
 * 3. else a new, activated person on the free plan (no subscription, role `user`, as registration makes),
 *    without a password. Their address is the verified e-mail; with none, an address that cannot receive
 *    mail (`<provider>-<id>@users.invalid`): the users table needs a unique address, and an unproven one
 *    would let its real owner reset the password into a stranger's account later.
 *    An unverified provider e-mail that someone here already uses is refused with a way forward (sign in
 *    and connect), never linked and never duplicated.
 */

const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
  x: 'X',
};
export const providerName = (p: SocialProvider): string => PROVIDER_NAMES[p];
const PLACEHOLDER_DOMAIN = 'users.invalid';

/** The configured providers, in the contract's order. */
export const configuredProviders = (ctx: AppContext): SocialProvider[] =>
  SOCIAL_PROVIDERS.filter((p) => ctx.config.oauth[p]);

function clientFor(ctx: AppContext, provider: string): { provider: SocialProvider; client: ProviderClient } {
  const config = isSocialProvider(provider) ? ctx.config.oauth[provider] : undefined;
  if (!isSocialProvider(provider) || !config) throw new AppError(404, 'oauth.unknown_provider');
  return { provider, client: providerClient(provider, config, `${ctx.config.publicUrl}/auth/${provider}`) };
}

export function authorize(
  ctx: AppContext,
  cookies: StateCookies,
  reply: FastifyReply,
  name: string,
  auth: AuthContext | null,
): string {
  const { provider, client } = clientFor(ctx, name);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  cookies.issue(reply, {
    provider,
    state,
    codeVerifier,
    userId: auth?.user.id ?? null,
    expiresAt: Date.now() + OAUTH_STATE_TTL_MS,
  });
  return client.authorizationUrl(state, codeVerifier).toString();
}

type CallbackQuery = ParsedQuery<(typeof identityApi)['socialCallback']>;

export async function callback(
  ctx: AppContext,
  cookies: StateCookies,
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  query: CallbackQuery,
  auth: AuthContext | null,
  locale: Locale,
): Promise<SocialCallbackResponse> {
  const { provider, client } = clientFor(ctx, name);
  const attempt = cookies.read(request, provider);
  // Whatever happens next, this attempt is over in this browser.
  cookies.clear(reply, provider);
  const log = request.log.child({ provider });
  if (
    !attempt ||
    !query.state ||
    !safeEqual(attempt.state, query.state) ||
    attempt.expiresAt <= Date.now() ||
    !(await repo.consumeState(ctx.db, hashToken(attempt.state), new Date(attempt.expiresAt)))
  ) {
    log.warn({ hasCookie: Boolean(attempt) }, 'social sign-in refused: missing, foreign, expired or reused state');
    throw new AppError(400, 'oauth.state_invalid');
  }
  const params = { provider: providerName(provider) };
  if (query.error || !query.code) {
    log.warn({ error: query.error, description: query.error_description }, 'provider returned no code');
    throw new AppError(400, query.error === 'access_denied' ? 'oauth.denied' : 'oauth.provider_error', params);
  }
  if (attempt.userId !== null && auth?.user.id !== attempt.userId) {
    log.warn('social connect refused: the session that started it is not the one finishing it');
    throw new AppError(403, 'oauth.connect_session', params);
  }

  let profile: SocialProfile;
  try {
    profile = await client.profile(query.code, attempt.codeVerifier);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log.warn({ err }, 'provider exchange failed');
    throw err.kind === 'code_invalid'
      ? new AppError(400, 'oauth.code_invalid', params)
      : new AppError(502, 'oauth.provider_unavailable', params);
  }

  if (attempt.userId !== null) {
    await connect(ctx, attempt.userId, provider, profile);
    log.info({ userId: attempt.userId }, 'social login connected');
    return { user: await users.sessionUser(ctx, attempt.userId, locale), connected: true };
  }

  const userId = await personFor(ctx, provider, profile, locale);
  const row = await users.findUserWithRole(ctx.db, userId);
  if (!row) throw notFound();
  if (row.user.suspended_at) throw new AppError(403, 'auth.suspended');
  requireSocialSignInAllowed(await permissionsOfRole(ctx, row.user), providerName(provider));
  await identityRepo.deleteExpiredAccessTokens(ctx.db, userId);
  const token = newToken();
  await identityRepo.insertAccessToken(ctx.db, userId, query.device_name, hashToken(token));
  log.info({ userId }, 'social sign-in');
  return { token, user: await users.sessionUser(ctx, userId, locale), connected: false };
}

const loginValues = (profile: SocialProfile) => ({
  name: profile.name?.slice(0, 200) ?? null,
  email: profile.email && profile.email.length <= 254 ? profile.email : null,
  avatar_url: profile.avatarUrl && /^https?:\/\//i.test(profile.avatarUrl) ? profile.avatarUrl : null,
});

/** Links the provider's identity to the person, so it signs them in from now on. */
const linkLogin = (tx: Tx, userId: number, provider: SocialProvider, profile: SocialProfile) =>
  repo.insertLogin(tx, { user_id: userId, provider, provider_id: profile.providerId, ...loginValues(profile) });

async function personFor(
  ctx: AppContext,
  provider: SocialProvider,
  profile: SocialProfile,
  locale: Locale,
): Promise<number> {
  const known = await repo.findLogin(ctx.db, provider, profile.providerId);
  if (known) {
    await repo.refreshLogin(ctx.db, known.id, loginValues(profile));
    return known.user_id;
  }
  const params = { provider: providerName(provider) };
  const holder = profile.email ? await users.findUserByEmail(ctx.db, profile.email) : undefined;
  if (holder && profile.emailVerified) {
    // Refused before the identity is linked: an administrator's account gains no way in by its e-mail.
    requireSocialSignInAllowed(await permissionsOfRole(ctx, holder), params.provider);
    if (await repo.findLoginOfUser(ctx.db, holder.id, provider))
      throw new AppError(409, 'oauth.provider_already_connected', params);
    await ctx.transaction(async (tx) => {
      if (!holder.email_verified_at) await repo.markVerifiedDroppingPassword(tx, holder.id);
      await linkLogin(tx, holder.id, provider, profile);
    });
    return holder.id;
  }
  if (holder) throw new AppError(409, 'oauth.email_in_use', params);
  if (!ctx.config.openRegistration) throw forbidden('auth.registration_closed');
  return createPerson(ctx, provider, profile, locale);
}

async function createPerson(
  ctx: AppContext,
  provider: SocialProvider,
  profile: SocialProfile,
  locale: Locale,
): Promise<number> {
  const email =
    profile.emailVerified && profile.email
      ? profile.email.toLowerCase()
      : `${provider}-${profile.providerId}@${PLACEHOLDER_DOMAIN}`;
  const name = (profile.name ?? profile.handle ?? `${providerName(provider)} ${profile.providerId}`).slice(
    0,
    NAME_MAX_LENGTH,
  );
  const roleId = await identityRepo.roleId(ctx.db, 'user');
  for (let attempt = 0; ; attempt++) {
    const username = await freeUsername(ctx, profile.handle ?? profile.name ?? provider, attempt);
    try {
      return await ctx.transaction(async (tx) => {
        const user = await identityRepo.insertUser(tx, {
          name,
          username,
          email,
          password_hash: null,
          role_id: roleId,
          locale,
          email_verified_at: new Date(),
        });
        await linkLogin(tx, user.id, provider, profile);
        return user.id;
      });
    } catch (err) {
      // Someone took the username meanwhile: try another. The same identity signing up twice at once: the
      // first one made the person.
      if (isUniqueViolation(err, 'users_username_lower_key') && attempt < 3) continue;
      if (isUniqueViolation(err, 'social_logins_provider_identity_key')) {
        const made = await repo.findLogin(ctx.db, provider, profile.providerId);
        if (made) return made.user_id;
      }
      if (isUniqueViolation(err, 'users_email_lower_key'))
        throw new AppError(409, 'oauth.email_in_use', { provider: providerName(provider) });
      throw err;
    }
  }
}

/** A username from the profile's handle: a–z, digits, `_` and `.`, unique, with a number added when taken. */
async function freeUsername(ctx: AppContext, handle: string, attempt: number): Promise<string> {
  let base = handle
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s-]+/g, '_')
    .replace(/[^a-z0-9_.]/g, '')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, USERNAME_MAX_LENGTH - 5);
  // Burmese or Thai names leave nothing in a–z: such a person starts as `user…`, and can rename themselves.
  const bare = base.length < USERNAME_MIN_LENGTH;
  if (bare) base = `user${base}`;
  const tries = attempt === 0 && !bare ? [base] : [];
  for (let i = 0; i < 5; i++) tries.push(`${base}${randomInt(10, 10_000)}`);
  for (const candidate of tries) if (!(await users.usernameTaken(ctx.db, candidate))) return candidate;
  return `${base}${randomInt(10_000, 100_000)}`;
}

async function connect(
  ctx: AppContext,
  userId: number,
  provider: SocialProvider,
  profile: SocialProfile,
): Promise<void> {
  const params = { provider: providerName(provider) };
  const known = await repo.findLogin(ctx.db, provider, profile.providerId);
  if (known && known.user_id !== userId) throw new AppError(409, 'oauth.login_taken', params);
  if (known) {
    await repo.refreshLogin(ctx.db, known.id, loginValues(profile));
    return;
  }
  if (await repo.findLoginOfUser(ctx.db, userId, provider))
    throw new AppError(409, 'oauth.provider_already_connected', params);
  try {
    await repo.insertLogin(ctx.db, {
      user_id: userId,
      provider,
      provider_id: profile.providerId,
      ...loginValues(profile),
    });
  } catch (err) {
    if (isUniqueViolation(err, 'social_logins_provider_identity_key'))
      throw new AppError(409, 'oauth.login_taken', params);
    if (isUniqueViolation(err)) throw new AppError(409, 'oauth.provider_already_connected', params);
    throw err;
  }
}

export const logins = (ctx: AppContext, auth: AuthContext): Promise<SocialLogin[]> =>
  users.socialLogins(ctx, auth.user.id);

/** Disconnects one of the caller's own logins, unless nothing else would let them sign in. */
export async function disconnect(ctx: AppContext, auth: AuthContext, provider: string): Promise<void> {
  if (!isSocialProvider(provider)) throw notFound();
  await ctx.transaction(async (tx) => {
    const person = await repo.lockUser(tx, auth.user.id);
    if (!person || !(await repo.findLoginOfUser(tx, auth.user.id, provider))) throw notFound();
    if (!person.password_hash && (await repo.countLogins(tx, auth.user.id)) <= 1)
      throw new AppError(409, 'oauth.last_login', { provider: providerName(provider) });
    await repo.deleteLogin(tx, auth.user.id, provider);
  });
}
