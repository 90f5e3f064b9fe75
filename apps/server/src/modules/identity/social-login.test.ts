import { identityApi, type SocialProvider, usersApi } from '@inkwell/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../test/identity-helpers';
import { personWithPermissions } from '../../../test/policy-table';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startOAuthProvider, type OAuthProviderPeer, type TestIdentity } from '../../../test/oauth-provider';
import { socialLogins, users } from '../../db/schema';
import { createUser } from '../../seed/factories';

let s: TestServer;
let peer: OAuthProviderPeer;
beforeAll(async () => {
  peer = await startOAuthProvider();
  s = await startTestServer(peer.env);
});
afterAll(async () => {
  await s?.close();
  await peer?.close();
});
afterEach(() => {
  peer.failures.profile = undefined;
  vi.restoreAllMocks();
});

let n = 0;
/** A fresh identity at the provider, under a fresh key. */
function identity(over: Partial<TestIdentity> = {}): string {
  n += 1;
  const key = `who-${n}`;
  peer.identity(key, { id: String(9000 + n), name: `Social Person ${n}`, login: `social_${n}`, ...over });
  return key;
}

interface Started {
  url: string;
  cookie: string;
  setCookie: string;
}

async function start(provider: string, token?: string): Promise<Started> {
  const res = await s.call(identityApi.socialAuthorize, { params: { provider }, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const setCookie = res.headers.get('set-cookie')!;
  return { url: res.body.data, cookie: setCookie.split(';')[0]!, setCookie };
}

async function finish(
  provider: string,
  back: URL,
  cookie: string | undefined,
  options: { token?: string; lang?: string } = {},
) {
  const query = new URLSearchParams(back.search);
  query.set('device_name', 'Social browser');
  // The provider's redirect passed on as it came (its own parameters besides code and state included).
  return s.call(identityApi.socialCallback, {
    params: { provider },
    rawQuery: query.toString(),
    token: options.token,
    lang: options.lang,
    headers: cookie ? { cookie } : {},
  });
}

/** The whole round trip in one browser: start, the provider signs `key` in, the callback. */
async function viaProvider(provider: SocialProvider, key: string, options: { token?: string; lang?: string } = {}) {
  const started = await start(provider, options.token);
  const back = await peer.authorize(started.url, key);
  return finish(provider, back, started.cookie, options);
}

const userCount = async () => (await s.ctx.db.select({ n: count() }).from(users))[0]!.n;
const loginRows = (userId: number) => s.ctx.db.select().from(socialLogins).where(eq(socialLogins.user_id, userId));

describe('which providers are on', () => {
  it('lists the configured providers, and a server without OAuth settings offers none', async () => {
    const res = await s.call(identityApi.socialProviders);
    expect(res.body.data).toEqual(['google', 'github', 'facebook', 'x']);

    const bare = await startTestServer();
    try {
      expect((await bare.call(identityApi.socialProviders)).body.data).toEqual([]);
      const refused = await bare.call(identityApi.socialAuthorize, { params: { provider: 'google' }, lang: 'th' });
      expect(refused.status).toBe(404);
      expect(refused.error.code).toBe('oauth.unknown_provider');
      expect(refused.error.message).toBe('ไม่สามารถเข้าสู่ระบบด้วยผู้ให้บริการนี้ได้ที่นี่');
    } finally {
      await bare.close();
    }
  });

  it('answers 404 for an unknown provider, on start and on callback', async () => {
    expect((await s.call(identityApi.socialAuthorize, { params: { provider: 'myspace' } })).status).toBe(404);
    expect(
      (
        await s.call(identityApi.socialCallback, {
          params: { provider: 'myspace' },
          query: { code: 'x', state: 'y', device_name: 'd' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('starting a provider sign-in', () => {
  it('sends Google with PKCE and OpenID scopes, and binds the state to this browser for 10 minutes', async () => {
    const { url, setCookie } = await start('google');
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe(`${peer.base}/google/authorize`);
    expect(u.searchParams.get('client_id')).toBe('google-client');
    expect(u.searchParams.get('redirect_uri')).toBe('http://inkwell.test/auth/google');
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('scope')).toBe('openid email profile');
    expect(u.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(setCookie).toMatch(/^inkwell_oauth_google=[\w.-]+; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // Neither the state nor the verifier can be read from the cookie.
    expect(setCookie).not.toContain(u.searchParams.get('state'));
  });

  it('uses PKCE for X, and the plain code flow for GitHub and Facebook', async () => {
    expect(new URL((await start('x')).url).searchParams.get('code_challenge_method')).toBe('S256');
    expect(new URL((await start('github')).url).searchParams.get('code_challenge')).toBeNull();
    expect(new URL((await start('facebook')).url).searchParams.get('redirect_uri')).toBe(
      'http://inkwell.test/auth/facebook',
    );
  });
});

describe('signing in with a provider', () => {
  it.each(['google', 'github', 'facebook', 'x'] as const)(
    '%s: a new person is made, activated, on the free plan, with the login',
    async (provider) => {
      const email = `new-${provider}@mail.test`;
      const key = identity({ email, verified: true, name: `Nu ${provider}` });
      const res = await viaProvider(provider, key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.connected).toBe(false);
      expect(res.body.token).toEqual(expect.any(String));
      const user = res.body.user;
      expect(user.email_verified_at).not.toBeNull();
      expect(user.role_name).toBe('user');
      expect(user.active_subscription).toBeNull();
      expect(user.create_account).toBe(false);
      expect(user.username).toMatch(/^[a-z0-9_.]{3,30}$/);
      expect(user.logins).toEqual([
        expect.objectContaining({ provider, provider_id: expect.any(String), name: `Nu ${provider}` }),
      ]);
      // Only Google and GitHub vouch for the address; Facebook's is shown but not used, X gives none.
      if (provider === 'google' || provider === 'github') expect(user.email).toBe(email);
      else expect(user.email).toMatch(new RegExp(`^${provider}-\\d+@users\\.invalid$`));

      const me = await s.call(usersApi.me, { token: res.body.token });
      expect(me.status).toBe(200);
      expect(me.body.data.logins).toHaveLength(1);
      // People made by a provider have no password.
      const [row] = await s.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.password_hash).toBeNull();
    },
  );

  it('signs a returning person into the same account, with a device per sign-in', async () => {
    const key = identity({ login: 'returning_octo', email: 'octo@mail.test', verified: true });
    const first = await viaProvider('github', key);
    const again = await viaProvider('github', key);
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(again.body.token).not.toBe(first.body.token);
    expect(await loginRows(first.body.user.id)).toHaveLength(1);
    const devices = await s.call(usersApi.devices, { token: again.body.token });
    expect(devices.body.data).toHaveLength(2);
  });

  it('derives a unique username from the profile', async () => {
    const a = await viaProvider('x', identity({ login: 'same.handle' }));
    const b = await viaProvider('x', identity({ login: 'same.handle' }));
    expect(a.body.user.username).toBe('same.handle');
    expect(b.body.user.username).toMatch(/^same\.handle\d+$/);
    // A name with nothing in a–z still gets a valid username.
    const c = await viaProvider('facebook', identity({ name: 'အောင်ကျော်' }));
    expect(c.body.user.username).toMatch(/^user\d+$/);
    expect(c.body.user.name).toBe('အောင်ကျော်');
  });

  it('links a verified provider e-mail to the person who has it (Google and GitHub)', async () => {
    for (const provider of ['google', 'github'] as const) {
      const existing = await createUser(s.ctx.db, { email: `linked-${provider}@mail.test` });
      const res = await viaProvider(provider, identity({ email: `Linked-${provider}@mail.test`, verified: true }));
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(existing.id);
      expect(res.body.user.logins.map((l: { provider: string }) => l.provider)).toEqual([provider]);
      // Their password still works.
      const login = await s.call(identityApi.login, {
        body: { email: existing.email, password: existing.password, device_name: 'pw' },
      });
      expect(login.status).toBe(200);
    }
  });

  it('never links an unverified e-mail: refused with a way forward, nothing created', async () => {
    const existing = await createUser(s.ctx.db, { email: 'unverified-target@mail.test' });
    const before = await userCount();
    for (const provider of ['google', 'github', 'facebook'] as const) {
      const key = identity({ email: 'unverified-target@mail.test', verified: false });
      const res = await viaProvider(provider, key, { lang: 'my' });
      expect(res.status).toBe(409);
      expect(res.error.code).toBe('oauth.email_in_use');
      expect(res.error.message).toContain('Inkwell');
      expect(res.error.message).not.toMatch(/already uses/);
    }
    expect(await userCount()).toBe(before);
    expect(await loginRows(existing.id)).toHaveLength(0);
  });

  it('a new person with an unverified e-mail does not get that address', async () => {
    const res = await viaProvider('google', identity({ email: 'maybe-mine@mail.test', verified: false }));
    expect(res.status).toBe(200);
    expect(res.body.user.email).toMatch(/^google-\d+@users\.invalid$/);
    expect(res.body.user.logins[0]!.email).toBe('maybe-mine@mail.test');
  });

  it('linking to a never-activated registration activates it and drops the password its registrant chose', async () => {
    const squatter = await createUser(s.ctx.db, { email: 'prehijack@mail.test', activated: false });
    const res = await viaProvider('google', identity({ email: 'prehijack@mail.test', verified: true }));
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(squatter.id);
    expect(res.body.user.email_verified_at).not.toBeNull();
    const pw = await s.call(identityApi.login, {
      body: { email: squatter.email, password: squatter.password, device_name: 'pw' },
    });
    expect(pw.status).toBe(422);
  });

  it('a suspended person is not signed in', async () => {
    const key = identity({ email: 'suspended-social@mail.test', verified: true });
    const first = await viaProvider('google', key);
    await s.ctx.db.update(users).set({ suspended_at: new Date() }).where(eq(users.id, first.body.user.id));
    const res = await viaProvider('google', key);
    expect(res.status).toBe(403);
    expect(res.error.code).toBe('auth.suspended');
  });
});

describe('administrators sign in with their password (security review: a provider’s mistake as an admin takeover)', () => {
  it('a verified provider e-mail of root, an administrator or a one-permission role signs nobody in and links nothing', async () => {
    const root = await createUser(s.ctx.db, { role: 'root', email: 'root-by-email@mail.test' });
    const admin = await createUser(s.ctx.db, { role: 'admin', email: 'admin-by-email@mail.test' });
    const narrow = await personWithPermissions(s, `narrow_${Date.now().toString(36)}`, ['posts.view']);
    for (const [i, person] of [root, admin, narrow.user].entries()) {
      const provider = (['google', 'github', 'google'] as const)[i]!;
      const res = await viaProvider(provider, identity({ email: person.email.toUpperCase(), verified: true }), {
        lang: 'th',
      });
      expect(res.status, person.email).toBe(403);
      expect(res.body).toMatchObject({ code: 'oauth.password_required' });
      expect(res.error.message).toContain('รหัสผ่าน');
      expect(await loginRows(person.id)).toHaveLength(0);
    }
    // The password still signs them in.
    const login = await s.call(identityApi.login, {
      body: { email: admin.email, password: admin.password, device_name: 'pw' },
    });
    expect(login.status).toBe(200);
  });

  it('an administrator connects GitHub from the profile, but GitHub alone does not sign them in', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const key = identity({ login: 'admin_octo' });
    const connected = await viaProvider('github', key, { token: admin.token });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body.connected).toBe(true);
    expect(await loginRows(admin.user.id)).toHaveLength(1);

    const devicesBefore = (await s.call(usersApi.devices, { token: admin.token })).body.data.length;
    const res = await viaProvider('github', key);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'oauth.password_required' });
    expect(res.body.token).toBeUndefined();
    expect((await s.call(usersApi.devices, { token: admin.token })).body.data).toHaveLength(devicesBefore);
  });

  it('a reader whose role loses every permission may use the provider again', async () => {
    const reader = await signedIn(s);
    const key = identity();
    await viaProvider('facebook', key, { token: reader.token });
    const res = await viaProvider('facebook', key);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(reader.user.id);
  });
});

describe('the state binds the attempt to one browser, once', () => {
  it('refuses a callback without the cookie', async () => {
    const started = await start('google');
    const back = await peer.authorize(started.url, identity());
    const res = await finish('google', back, undefined, { lang: 'th' });
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('oauth.state_invalid');
    expect(res.error.message).toMatch(/[\u0E00-\u0E7F]/);
  });

  it("refuses another browser's state (login CSRF) and a cookie from another provider", async () => {
    const victim = await start('github');
    const attacker = await start('github');
    const back = await peer.authorize(attacker.url, identity());
    const before = await userCount();
    expect((await finish('github', back, victim.cookie)).status).toBe(400);
    // A Google cookie renamed to GitHub's does not open.
    const google = await start('google');
    const renamed = google.cookie.replace('inkwell_oauth_google', 'inkwell_oauth_github');
    expect((await finish('github', back, renamed)).error.code).toBe('oauth.state_invalid');
    // A state missing from the query.
    const other = await start('github');
    const noState = new URL(back);
    noState.searchParams.delete('state');
    expect((await finish('github', noState, other.cookie)).status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('refuses a replayed callback, even within the 10 minutes', async () => {
    const started = await start('google');
    const back = await peer.authorize(started.url, identity());
    expect((await finish('google', back, started.cookie)).status).toBe(200);
    const replay = await finish('google', back, started.cookie);
    expect(replay.status).toBe(400);
    expect(replay.error.code).toBe('oauth.state_invalid');
  });

  it('refuses an expired state', async () => {
    const started = await start('x');
    const back = await peer.authorize(started.url, identity());
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 10 * 60 * 1000 + 1000);
    const res = await finish('x', back, started.cookie);
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('oauth.state_invalid');
  });

  it('clears the cookie on every callback', async () => {
    const started = await start('google');
    const back = await peer.authorize(started.url, identity());
    const res = await finish('google', back, started.cookie);
    expect(res.headers.get('set-cookie')).toMatch(/^inkwell_oauth_google=; Path=\/api\/auth; Max-Age=0/);
  });
});

describe('provider errors', () => {
  it('denied consent: a translated 400, nothing created', async () => {
    const before = await userCount();
    const res = await viaProvider('google', 'deny', { lang: 'my' });
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('oauth.denied');
    expect(res.error.message).toContain('Google');
    expect(res.error.message).toMatch(/[\u1000-\u109F]/);
    expect(await userCount()).toBe(before);
  });

  it('a bad code (token endpoint 400, and GitHub 200 with an error): 400 oauth.code_invalid', async () => {
    for (const provider of ['google', 'github', 'facebook', 'x'] as const) {
      const started = await start(provider);
      const back = await peer.authorize(started.url, identity());
      back.searchParams.set('code', 'not-a-code');
      const res = await finish(provider, back, started.cookie);
      expect(res.status, provider).toBe(400);
      expect(res.error.code).toBe('oauth.code_invalid');
    }
  });

  it('a code sent with the wrong PKCE verifier is refused by the provider', async () => {
    // Two attempts in one browser: the second cookie replaces the first, so the first code meets the
    // second verifier (and state) and fails.
    const first = await start('x');
    const second = await start('x');
    const back = await peer.authorize(first.url, identity());
    back.searchParams.set('state', new URL(second.url).searchParams.get('state')!);
    const res = await finish('x', back, second.cookie);
    expect(res.error.code).toBe('oauth.code_invalid');
  });

  it('the profile endpoint down: 502 oauth.provider_unavailable, nothing created', async () => {
    const before = await userCount();
    peer.failures.profile = 503;
    for (const provider of ['google', 'github', 'facebook', 'x'] as const) {
      const res = await viaProvider(provider, identity());
      expect(res.status, provider).toBe(502);
      expect(res.error.code).toBe('oauth.provider_unavailable');
    }
    expect(await userCount()).toBe(before);
  });
});

describe('connecting and disconnecting', () => {
  it('connects a provider to the signed-in person, keeping their session', async () => {
    const { user, token } = await signedIn(s);
    const res = await viaProvider('github', identity({ login: 'connector' }), { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.connected).toBe(true);
    expect(res.body.token).toBeUndefined();
    expect(res.body.user.id).toBe(user.id);
    const list = await s.call(identityApi.socialLogins, { token });
    expect(list.body.data).toEqual([
      expect.objectContaining({ provider: 'github', name: expect.any(String), created_at: expect.any(String) }),
    ]);
    // The identity now signs this person in.
  });

  it('a connected identity then signs that person in', async () => {
    const { user, token } = await signedIn(s);
    const key = identity();
    await viaProvider('facebook', key, { token });
    const res = await viaProvider('facebook', key);
    expect(res.body.user.id).toBe(user.id);
    expect(res.body.connected).toBe(false);
  });

  it("refuses to connect someone else's provider identity", async () => {
    const key = identity();
    const owner = await viaProvider('google', key);
    const { token } = await signedIn(s);
    const res = await viaProvider('google', key, { token });
    expect(res.status).toBe(409);
    expect(res.error.code).toBe('oauth.login_taken');
    expect(await loginRows(owner.body.user.id)).toHaveLength(1);
  });

  it('refuses a second identity of a provider already connected', async () => {
    const { token } = await signedIn(s);
    await viaProvider('x', identity(), { token });
    const res = await viaProvider('x', identity(), { token });
    expect(res.status).toBe(409);
    expect(res.error.code).toBe('oauth.provider_already_connected');
  });

  it('a connect started by one person cannot be finished by another session or a guest', async () => {
    const a = await signedIn(s);
    const b = await signedIn(s);
    for (const finisher of [b.token, undefined]) {
      const started = await start('github', a.token);
      const back = await peer.authorize(started.url, identity());
      const res = await finish('github', back, started.cookie, { token: finisher });
      expect(res.status).toBe(403);
      expect(res.error.code).toBe('oauth.connect_session');
    }
    expect(await loginRows(a.user.id)).toHaveLength(0);
    expect(await loginRows(b.user.id)).toHaveLength(0);
  });

  it('disconnects, unless it is the only way to sign in', async () => {
    const made = await viaProvider('x', identity());
    const token = made.body.token!;
    const only = await s.call(identityApi.disconnectSocial, { params: { provider: 'x' }, token, lang: 'th' });
    expect(only.status).toBe(409);
    expect(only.error.code).toBe('oauth.last_login');
    expect(only.error.message).toMatch(/[\u0E00-\u0E7F]/);

    await viaProvider('github', identity(), { token });
    expect((await s.call(identityApi.disconnectSocial, { params: { provider: 'x' }, token })).status).toBe(204);
    expect((await s.call(identityApi.socialLogins, { token })).body.data.map((l) => l.provider)).toEqual(['github']);
    // GitHub is now the only way in again.
    expect((await s.call(identityApi.disconnectSocial, { params: { provider: 'github' }, token })).status).toBe(409);
  });

  it('a person with a password may disconnect their only login', async () => {
    const { token } = await signedIn(s);
    await viaProvider('google', identity(), { token });
    expect((await s.call(identityApi.disconnectSocial, { params: { provider: 'google' }, token })).status).toBe(204);
    expect((await s.call(usersApi.me, { token })).body.data.logins).toEqual([]);
  });

  it("a stranger cannot see or disconnect someone else's logins", async () => {
    const owner = await signedIn(s);
    await viaProvider('github', identity(), { token: owner.token });
    const stranger = await signedIn(s);
    expect((await s.call(identityApi.socialLogins, { token: stranger.token })).body.data).toEqual([]);
    const res = await s.call(identityApi.disconnectSocial, { params: { provider: 'github' }, token: stranger.token });
    expect(res.status).toBe(404);
    expect(await loginRows(owner.user.id)).toHaveLength(1);
  });

  it('needs a signed-in caller, and a known provider', async () => {
    expect((await s.call(identityApi.socialLogins)).status).toBe(401);
    expect((await s.call(identityApi.disconnectSocial, { params: { provider: 'github' } })).status).toBe(401);
    const { token } = await signedIn(s);
    expect((await s.call(identityApi.disconnectSocial, { params: { provider: 'myspace' }, token })).status).toBe(404);
  });
});
