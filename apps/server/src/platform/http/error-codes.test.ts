import { identityApi, searchApi, usersApi } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';

/** Every error answer carries a stable `code` beside its translated `message`; programs read the code. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const login = (email: string, password: string, lang?: string) =>
  s.call(identityApi.login, { body: { email, password, device_name: 'Codes' }, lang });

describe('error codes', () => {
  it('tell "not activated" from "forbidden" from "wrong password", in every language', async () => {
    const sleeper = await createUser(s.ctx.db, { activated: false });
    for (const lang of ['en', 'my', 'th']) {
      const answer = await login(sleeper.email, sleeper.password, lang);
      expect(answer.status).toBe(403);
      expect(answer.error.code).toBe('auth.not_activated');
      expect(answer.error.message.length).toBeGreaterThan(0);
    }
    const wrong = await login(sleeper.email, 'not-the-password');
    expect(wrong.status).toBe(422);
    expect(wrong.error.code).toBe('auth.failed');

    const a = await signedIn(s);
    const b = await signedIn(s);
    const forbidden = await s.call(usersApi.update, {
      params: { id: b.user.id },
      token: a.token,
      body: { name: 'Not yours', username: 'not_yours' },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.error.code).toBe('forbidden');
  });

  it('name the generic refusals: validation, sign-in, a missing thing, an unknown address', async () => {
    const invalid = await s.call(identityApi.login, { body: { email: '', password: '', device_name: '' } });
    expect(invalid.status).toBe(422);
    expect(invalid.error).toMatchObject({ code: 'validation_failed', errors: { email: expect.any(Array) } });

    expect((await s.call(usersApi.me)).error.code).toBe('unauthenticated');
    expect((await s.call(usersApi.me, { token: 'no-such-token' })).error.code).toBe('unauthenticated');

    const { token } = await signedIn(s);
    const missing = await s.call(usersApi.revokeDevice, { params: { id: 999_999 }, token });
    expect(missing.status).toBe(404);
    expect(missing.error.code).toBe('not_found');

    const unknown = await s.offContract('GET', '/api/no-such-route');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'route_not_found' } });
  });

  it('name what the framework refuses: unreadable JSON, a wrong content type, oversized headers', async () => {
    const send = async (contentType: string, body: string) => {
      const res = await s.call(identityApi.login, { headers: { 'content-type': contentType }, payload: body });
      return { status: res.status, body: res.error };
    };
    expect(await send('application/json', '{"email":')).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect(await send('text/xml', '<a/>')).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
    // Refused by Node before Fastify: the request line and headers past their limit.
    const overflow = await s.call(searchApi.search, { query: { q: 'x'.repeat(40_000) } });
    expect(overflow.status).toBe(431);
    expect(overflow.error).toEqual({ code: 'bad_request', message: 'The request could not be read.' });
  });
});

describe('error codes under rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    // Every limit scaled down to one request per window.
    limited = await startTestServer({ RATE_LIMIT_SCALE: '0.001' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('say rate_limited, with Retry-After', async () => {
    const { token } = await signedIn(limited);
    const change = () =>
      limited.call(usersApi.changePassword, {
        token,
        body: {
          current_password: 'wrong-password',
          password: 'next-pass-1234',
          password_confirmation: 'next-pass-1234',
        },
      });
    expect((await change()).status).toBe(422);
    const blocked = await change();
    expect(blocked.status).toBe(429);
    expect(blocked.error.code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
