import type { SocialProvider } from '@inkwell/contracts';
import {
  ArcticFetchError,
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2RequestError,
  OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
  decodeIdToken,
} from 'arctic';
import type { OAuthClientConfig } from '../../config';

/**
 * The four providers as OAuth 2.0 authorization-code clients (arctic's generic `OAuth2Client`: its provider
 * classes hard-code their endpoints, and ours must be pointable at a loopback server in tests).
 *
 * What each one tells us about the person's e-mail, which decides whether it may link an existing person:
 * - Google (OpenID Connect, PKCE): `email_verified` from the userinfo endpoint.
 * - GitHub: the addresses from `/user/emails`; only the primary one marked `verified` counts.
 * - Facebook: the Graph API gives an address without saying whether it was confirmed, so it is kept on the
 *   login for display but never links and never becomes a new person's address.
 * - X (PKCE): gives no e-mail to an ordinary app (`users.email` needs X's approval), so none.
 */
export interface SocialProfile {
  providerId: string;
  name: string | null;
  /** As the provider reports it, shown on the connected card. */
  email: string | null;
  /** True only when the provider says the person proved they own `email`. */
  emailVerified: boolean;
  avatarUrl: string | null;
  /** A handle to derive a username from (GitHub login, X username, the e-mail's local part). */
  handle: string | null;
}

/** Why a provider exchange failed: the person's doing (denied, bad code) or the provider's (down, nonsense). */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'code_invalid' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

interface ProviderSpec {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scopes: string[];
  pkce: boolean;
  /** Facebook takes the secret in the form body, not HTTP Basic (as arctic's own Facebook client sends it). */
  secretInBody?: boolean;
  profile(
    userinfo: unknown,
    fetchJson: FetchJson,
    tokens: OAuth2Tokens,
    client: OAuthClientConfig,
  ): Promise<SocialProfile>;
}

type FetchJson = (url: string) => Promise<unknown>;

const PROVIDER_TIMEOUT_MS = 10_000;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const idOf = (v: unknown): string | null => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : str(v));
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function requireId(v: unknown): string {
  const id = idOf(v);
  if (!id || id.length > 255) throw new ProviderError('unavailable', 'profile without a usable id');
  return id;
}

const GITHUB_API = 'https://api.github.com';

const specs: Record<SocialProvider, ProviderSpec> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    async profile(userinfo, _fetch, tokens, client) {
      const u = obj(userinfo);
      const sub = requireId(u.sub);
      // The ID token came straight from the token endpoint over TLS (OIDC Core 3.1.3.7): its subject and
      // audience must agree with the userinfo answer, or the two answers are not about one sign-in.
      if ('id_token' in obj(tokens.data)) {
        const claims = obj(decodeIdToken(tokens.idToken()));
        const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
        if (claims.sub !== sub || !aud.includes(client.clientId))
          throw new ProviderError('unavailable', 'ID token does not match the userinfo answer');
      }
      const email = str(u.email);
      return {
        providerId: sub,
        name: str(u.name),
        email,
        emailVerified: Boolean(email) && (u.email_verified === true || u.email_verified === 'true'),
        avatarUrl: str(u.picture),
        handle: email ? email.split('@')[0]! : str(u.given_name),
      };
    },
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: `${GITHUB_API}/user`,
    scopes: ['read:user', 'user:email'],
    pkce: false,
    async profile(userinfo, fetchJson, _tokens, client) {
      const u = obj(userinfo);
      const emails = await fetchJson(client.emailsUrl ?? `${GITHUB_API}/user/emails`);
      const primary = (Array.isArray(emails) ? emails : []).map(obj).find((e) => e.primary === true);
      const verified = primary && primary.verified === true ? str(primary.email) : null;
      const email = verified ?? str(primary?.email) ?? str(u.email);
      return {
        providerId: requireId(u.id),
        name: str(u.name) ?? str(u.login),
        email,
        emailVerified: Boolean(verified) && verified === email,
        avatarUrl: str(u.avatar_url),
        handle: str(u.login),
      };
    },
  },
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/v21.0/me?fields=id,name,email,picture.type(large)',
    scopes: ['email', 'public_profile'],
    pkce: false,
    secretInBody: true,
    async profile(userinfo) {
      const u = obj(userinfo);
      const email = str(u.email);
      return {
        providerId: requireId(u.id),
        name: str(u.name),
        email,
        emailVerified: false,
        avatarUrl: str(obj(obj(u.picture).data).url),
        handle: str(u.name) ?? (email ? email.split('@')[0]! : null),
      };
    },
  },
  x: {
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me?user.fields=profile_image_url',
    scopes: ['users.read', 'tweet.read'],
    pkce: true,
    async profile(userinfo) {
      const u = obj(obj(userinfo).data);
      return {
        providerId: requireId(u.id),
        name: str(u.name),
        email: null,
        emailVerified: false,
        avatarUrl: str(u.profile_image_url),
        handle: str(u.username),
      };
    },
  },
};

export interface ProviderClient {
  readonly pkce: boolean;
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the code and reads the profile; throws ProviderError on any provider trouble. */
  profile(code: string, codeVerifier: string): Promise<SocialProfile>;
}

export function providerClient(
  provider: SocialProvider,
  config: OAuthClientConfig,
  redirectUri: string,
): ProviderClient {
  const spec = specs[provider];
  const endpoints = {
    authorize: config.authorizeUrl ?? spec.authorizeUrl,
    token: config.tokenUrl ?? spec.tokenUrl,
    userinfo: config.userinfoUrl ?? spec.userinfoUrl,
  };
  const client = new OAuth2Client(config.clientId, spec.secretInBody ? null : config.clientSecret, redirectUri);

  const exchange = async (code: string, codeVerifier: string | null): Promise<OAuth2Tokens> => {
    if (!spec.secretInBody) return withTimeout(client.validateAuthorizationCode(endpoints.token, code, codeVerifier));
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: config.clientId,
      client_secret: config.clientSecret,
    });
    const res = await fetch(endpoints.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const data = obj(await res.json().catch(() => null));
    if (typeof data.error === 'string' || (typeof data.error === 'object' && data.error !== null)) {
      // The Graph API wraps its refusals: {"error": {"message", "type", "code"}}.
      throw new OAuth2RequestError(typeof data.error === 'string' ? data.error : 'invalid_grant', null, null, null);
    }
    if (!res.ok) throw new UnexpectedResponseError(res.status);
    return new OAuth2Tokens(data);
  };

  const fetchJson =
    (accessToken: string): FetchJson =>
    async (url) => {
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'Inkwell' },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      if (!res.ok) throw new ProviderError('unavailable', `${url} answered ${res.status}`);
      return res.json();
    };

  return {
    pkce: spec.pkce,
    authorizationUrl(state, codeVerifier) {
      return spec.pkce
        ? client.createAuthorizationURLWithPKCE(
            endpoints.authorize,
            state,
            CodeChallengeMethod.S256,
            codeVerifier,
            spec.scopes,
          )
        : client.createAuthorizationURL(endpoints.authorize, state, spec.scopes);
    },
    async profile(code, codeVerifier) {
      let tokens: OAuth2Tokens;
      try {
        tokens = await exchange(code, spec.pkce ? codeVerifier : null);
        // GitHub answers a bad code with 200 and {"error": …}, which arctic's generic client takes as tokens.
        const data = obj(tokens.data);
        if (typeof data.error === 'string') throw new OAuth2RequestError(data.error, null, null, null);
        if (!str(data.access_token)) throw new ProviderError('unavailable', 'token answer without an access token');
      } catch (err) {
        throw asProviderError(err, 'token');
      }
      try {
        const read = fetchJson(tokens.accessToken());
        return await spec.profile(await read(endpoints.userinfo), read, tokens, config);
      } catch (err) {
        throw asProviderError(err, 'profile');
      }
    },
  };
}

function asProviderError(err: unknown, step: string): ProviderError {
  if (err instanceof ProviderError) return err;
  // A refused code (invalid_grant and friends) is the person's to retry; anything else is the provider's trouble.
  if (err instanceof OAuth2RequestError)
    return new ProviderError('code_invalid', `${step}: ${err.code}`, { cause: err });
  if (err instanceof UnexpectedResponseError || err instanceof UnexpectedErrorResponseBodyError)
    return new ProviderError('unavailable', `${step}: HTTP ${err.status}`, { cause: err });
  if (err instanceof ArcticFetchError) return new ProviderError('unavailable', `${step}: unreachable`, { cause: err });
  const message = err instanceof Error ? err.message : String(err);
  return new ProviderError('unavailable', `${step}: ${message}`, { cause: err });
}

/** arctic's client takes no signal: a token endpoint that never answers must not hold the request forever. */
async function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderError('unavailable', 'token endpoint timed out')), PROVIDER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
