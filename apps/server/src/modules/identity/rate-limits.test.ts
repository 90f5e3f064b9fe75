import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createUser } from '../../../test/factories';

/** The real limits (RATE_LIMIT_SCALE=1); X-Forwarded-For stands in for different client addresses. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await s?.close();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('rate limits', () => {
  it('register: 5 per 30 minutes per IP, then 429 with Retry-After, translated', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await s.request('POST', '/api/register', {
        headers: from('10.0.0.1'),
        body: {
          name: 'N',
          username: `rl_user_${i}`,
          email: `rl${i}@example.test`,
          password: 'long-enough-pass',
          password_confirmation: 'long-enough-pass',
        },
      });
      expect(res.status).toBe(201);
    }
    const blocked = await s.request('POST', '/api/register', {
      headers: from('10.0.0.1'),
      lang: 'my',
      body: {
        name: 'N',
        username: 'rl_user_x',
        email: 'rlx@example.test',
        password: 'long-enough-pass',
        password_confirmation: 'long-enough-pass',
      },
    });
    expect(blocked.status).toBe(429);
    const retry = Number(blocked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(25 * 60);
    expect(retry).toBeLessThanOrEqual(30 * 60);
    expect(blocked.body.message).toBe(`ကြိုးစားမှု များလွန်းပါသည်။ ${retry} စက္ကန့်အကြာတွင် ထပ်ကြိုးစားပါ။`);
    const elsewhere = await s.request('POST', '/api/register', {
      headers: from('10.0.0.2'),
      body: {
        name: 'N',
        username: 'rl_user_y',
        email: 'rly@example.test',
        password: 'long-enough-pass',
        password_confirmation: 'long-enough-pass',
      },
    });
    expect(elsewhere.status).toBe(201);
  });

  it('login: 25 per 5 minutes per IP', async () => {
    const body = { email: 'nobody@example.test', password: 'wrong-password', device_name: 'x' };
    for (let i = 0; i < 25; i++) {
      expect(
        (
          await s.request('POST', '/api/login', {
            headers: from('10.0.1.1'),
            body: { ...body, email: `n${i}@example.test` },
          })
        ).status,
      ).toBe(422);
    }
    const blocked = await s.request('POST', '/api/login', { headers: from('10.0.1.1'), body, lang: 'th' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(300);
    expect(blocked.body.message).toMatch(/^ลองหลายครั้งเกินไป/);
  });

  it('login: 25 per hour per e-mail, whatever the address', async () => {
    const user = await createUser(s.ctx.db);
    const body = { email: user.email, password: 'wrong-password', device_name: 'x' };
    for (let i = 0; i < 25; i++) {
      expect((await s.request('POST', '/api/login', { headers: from(`10.1.0.${i}`), body })).status).toBe(422);
    }
    const right = { ...body, password: user.password };
    const blocked = await s.request('POST', '/api/login', { headers: from('10.1.1.1'), body: right });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('forgot password: 5 per 30 minutes per e-mail', async () => {
    const body = { email: 'someone@example.test' };
    for (let i = 0; i < 5; i++) {
      expect((await s.request('POST', '/api/password/forgot', { headers: from(`10.2.0.${i}`), body })).status).toBe(
        200,
      );
    }
    expect((await s.request('POST', '/api/password/forgot', { headers: from('10.2.1.1'), body })).status).toBe(429);
    const other = await s.request('POST', '/api/password/forgot', {
      headers: from('10.2.1.1'),
      body: { email: 'else@example.test' },
    });
    expect(other.status).toBe(200);
  });
});
