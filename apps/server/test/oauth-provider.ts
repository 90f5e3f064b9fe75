import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SocialProvider } from '@inkwell/contracts';

/**
 * A real OAuth 2.0 authorization server on loopback that speaks each provider's dialect: Google (OIDC userinfo
 * and an ID token, PKCE), GitHub (`/user` + `/user/emails`, a bad code answered 200 with `error`), Facebook
 * (Graph `/me`, the secret in the form body) and X (`/2/users/me`, PKCE). It checks what the real ones check:
 * client credentials, redirect URI, single-use codes, the PKCE verifier.
 *
 * The authorize endpoint signs in the identity named by `test_identity` at once and redirects back with a
 * code (or with `error=access_denied` when that identity is `deny`).
 */
export interface TestIdentity {
  id: string;
  name?: string;
  email?: string;
  /** Google's `email_verified`, GitHub's verified primary address. */
  verified?: boolean;
  login?: string;
  avatar?: string;
}

interface IssuedCode {
  provider: SocialProvider;
  identity: TestIdentity;
  redirectUri: string;
  challenge: string | null;
  used: boolean;
}

export const CLIENTS: Record<SocialProvider, { id: string; secret: string }> = {
  google: { id: 'google-client', secret: 'google-secret' },
  github: { id: 'github-client', secret: 'github-secret' },
  facebook: { id: 'facebook-client', secret: 'facebook-secret' },
  x: { id: 'x-client', secret: 'x-secret' },
};

/** What the peer remembers between requests, and what a test sets to make it misbehave. */
interface PeerState {
  identities: Map<string, TestIdentity>;
  codes: Map<string, IssuedCode>;
  tokens: Map<string, { provider: SocialProvider; identity: TestIdentity }>;
  /** Set to a status to make profile endpoints fail; `'hang'` never answers them. */
  failures: { profile?: number | 'hang' };
  hanging: Set<http.ServerResponse>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = async (req: http.IncomingMessage): Promise<URLSearchParams> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

const clientOk = (provider: SocialProvider, req: http.IncomingMessage, form: URLSearchParams): boolean => {
  const expected = CLIENTS[provider];
  if (provider === 'facebook')
    return form.get('client_id') === expected.id && form.get('client_secret') === expected.secret;
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  return Boolean(basic) && Buffer.from(basic!, 'base64').toString() === `${expected.id}:${expected.secret}`;
};

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

const profileOf = (provider: SocialProvider, who: TestIdentity, path: string): unknown => {
  switch (provider) {
    case 'google':
      return {
        sub: who.id,
        name: who.name,
        email: who.email,
        email_verified: who.verified ?? false,
        picture: who.avatar ?? `https://images.example/${who.id}.png`,
      };
    case 'github':
      if (path.endsWith('/emails'))
        return who.email ? [{ email: who.email, primary: true, verified: who.verified ?? false }] : [];
      return {
        id: Number(who.id),
        login: who.login ?? who.name,
        name: who.name ?? null,
        email: null,
        avatar_url: who.avatar ?? null,
      };
    case 'facebook':
      return {
        id: who.id,
        name: who.name,
        email: who.email,
        picture: { data: { url: who.avatar ?? `https://images.example/fb-${who.id}.jpg` } },
      };
    case 'x':
      return { data: { id: who.id, name: who.name, username: who.login, profile_image_url: who.avatar } };
  }
};

/** `GET /:provider/authorize`: signs `test_identity` in at once and redirects back with a code (or a refusal). */
function authorize(state: PeerState, provider: SocialProvider, url: URL, res: http.ServerResponse) {
  const redirect = new URL(url.searchParams.get('redirect_uri') ?? 'http://invalid');
  redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
  const key = url.searchParams.get('test_identity') ?? '';
  if (key === 'deny' || !state.identities.has(key)) {
    redirect.searchParams.set('error', 'access_denied');
  } else {
    const code = randomBytes(16).toString('hex');
    state.codes.set(code, {
      provider,
      identity: state.identities.get(key)!,
      redirectUri: url.searchParams.get('redirect_uri') ?? '',
      challenge: url.searchParams.get('code_challenge'),
      used: false,
    });
    redirect.searchParams.set('code', code);
  }
  res.writeHead(302, { location: redirect.toString() });
  res.end();
}

/** `POST /:provider/token`: a single-use code for an access token, checking the client and the PKCE verifier. */
async function token(state: PeerState, provider: SocialProvider, req: http.IncomingMessage, res: http.ServerResponse) {
  const form = await readBody(req);
  const refuse = () =>
    // GitHub answers a bad code with 200 and an error body; the others with 400 (RFC 6749 5.2).
    provider === 'github'
      ? json(res, 200, { error: 'bad_verification_code' })
      : json(res, 400, { error: 'invalid_grant' });
  if (!clientOk(provider, req, form)) return json(res, 401, { error: 'invalid_client' });
  const issued = state.codes.get(form.get('code') ?? '');
  if (!issued || issued.used || issued.provider !== provider || issued.redirectUri !== form.get('redirect_uri'))
    return refuse();
  if (issued.challenge) {
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== issued.challenge) return refuse();
  }
  issued.used = true;
  const accessToken = randomBytes(16).toString('hex');
  state.tokens.set(accessToken, { provider, identity: issued.identity });
  return json(res, 200, {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: 3600,
    ...(provider === 'google'
      ? {
          id_token: `${b64url({ alg: 'none' })}.${b64url({ sub: issued.identity.id, aud: CLIENTS.google.id })}.`,
        }
      : {}),
  });
}

/** `GET` a profile endpoint with the access token (or fail or hang, as `failures` says). */
function profile(
  state: PeerState,
  provider: SocialProvider,
  url: URL,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const session = bearer ? state.tokens.get(bearer) : undefined;
  if (!session || session.provider !== provider) return json(res, 401, { error: 'invalid_token' });
  if (state.failures.profile === 'hang') {
    state.hanging.add(res);
    return;
  }
  if (state.failures.profile) return json(res, state.failures.profile, { error: 'unavailable' });
  return json(res, 200, profileOf(provider, session.identity, url.pathname));
}

/** The OAUTH_* settings pointing the server under test at the peer at `base`. */
function peerEnv(base: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const p of Object.keys(CLIENTS) as SocialProvider[]) {
    const prefix = `OAUTH_${p.toUpperCase()}`;
    env[`${prefix}_CLIENT_ID`] = CLIENTS[p].id;
    env[`${prefix}_CLIENT_SECRET`] = CLIENTS[p].secret;
    env[`${prefix}_AUTHORIZE_URL`] = `${base}/${p}/authorize`;
    env[`${prefix}_TOKEN_URL`] = `${base}/${p}/token`;
    env[`${prefix}_USERINFO_URL`] = `${base}/${p}/userinfo`;
  }
  env.OAUTH_GITHUB_EMAILS_URL = `${base}/github/userinfo/emails`;
  return env;
}

export async function startOAuthProvider() {
  const state: PeerState = {
    identities: new Map(),
    codes: new Map(),
    tokens: new Map(),
    failures: {},
    hanging: new Set(),
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, provider, step] = url.pathname.split('/') as [string, SocialProvider, string];
    if (!(provider in CLIENTS)) return json(res, 404, { error: 'not_found' });
    if (step === 'authorize' && req.method === 'GET') return authorize(state, provider, url, res);
    if (step === 'token' && req.method === 'POST') return token(state, provider, req, res);
    if (req.method === 'GET') return profile(state, provider, url, req, res);
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    /** The OAUTH_* settings pointing the server under test at this peer. */
    env: peerEnv(base),
    failures: state.failures,
    /** Makes an identity the authorize endpoint can sign in, under `key`. */
    identity(key: string, who: TestIdentity): void {
      state.identities.set(key, who);
    },
    /** Plays the browser at the provider: follows the authorize URL and reads the redirect back. */
    async authorize(authorizeUrl: string, key: string): Promise<URL> {
      const url = new URL(authorizeUrl);
      url.searchParams.set('test_identity', key);
      const res = await fetch(url, { redirect: 'manual' });
      return new URL(res.headers.get('location')!);
    },
    async close(): Promise<void> {
      for (const res of state.hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type OAuthProviderPeer = Awaited<ReturnType<typeof startOAuthProvider>>;
