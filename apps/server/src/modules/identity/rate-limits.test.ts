import { identityApi, type LoginBody } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createUser } from '../../../test/factories';

/**
 * The real limits (RATE_LIMIT_SCALE=1). The server trusts one proxy hop, so the last X-Forwarded-For
 * address (the one the proxy appends) stands in for different client addresses.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1' });
});
afterAll(async () => {
  await s?.close();
});

const from = (ip: string): Record<string, string> => ({ 'x-forwarded-for': ip });

const login = (headers: Record<string, string>, body: LoginBody, lang?: string) =>
  s.call(identityApi.login, { headers, body, lang });

/** The known-device cookie a sign-in (or reset) answer set, as the browser sends it back. */
const knownDevice = (answer: { headers: Headers }): string => {
  const cookie = answer.headers.get('set-cookie');
  if (!cookie) throw new Error('no known-device cookie');
  return cookie.split(';')[0]!;
};

const otherUser = async () => {
  const other = await createUser(s.ctx.db);
  return { email: other.email, password: other.password, device_name: 'x' };
};

describe('rate limits', () => {
  it('register: 5 per 30 minutes per IP, then 429 with Retry-After, translated', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await s.call(identityApi.register, {
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
    const blocked = await s.call(identityApi.register, {
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
    const elsewhere = await s.call(identityApi.register, {
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
          await s.call(identityApi.login, {
            headers: from('10.0.1.1'),
            body: { ...body, email: `n${i}@example.test` },
          })
        ).status,
      ).toBe(422);
    }
    const blocked = await s.call(identityApi.login, { headers: from('10.0.1.1'), body, lang: 'th' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(300);
    expect(blocked.error.message).toMatch(/^ลองหลายครั้งเกินไป/);
  });

  it('login: 10 wrong passwords lock that address out of that e-mail, not the owner elsewhere', async () => {
    const user = await createUser(s.ctx.db);
    const wrong = { email: user.email, password: 'wrong-password', device_name: 'x' };
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) statuses.push((await login(from('10.1.0.1'), wrong)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses.slice(10)).toEqual(Array(16).fill(429));
    // The attacker's address stays refused, whatever the password: a refusal never tells a right guess.
    const right = { ...wrong, password: user.password };
    const attacker = await login(from('10.1.0.1'), right);
    expect(attacker.status).toBe(429);
    for (let i = 0; i < 10; i++) expect((await login(from('10.1.0.3'), wrong)).status).toBe(422);
    const pairLocked = await login(from('10.1.0.3'), right, 'my');
    expect(pairLocked.status).toBe(429);
    expect(Number(pairLocked.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(pairLocked.error.message).toMatch(/^ဤအကောင့်သို့ ဝင်ရောက်ရန် မအောင်မြင်သည့်အကြိမ် များလွန်းပါသည်။ \d+ စက္ကန့်/);
    // The owner, elsewhere, signs in: 20 failures leave the e-mail short of its back-off.
    const owner = await login(from('10.1.0.2'), right);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toBeTruthy();
  });

  it('login: 25 wrong passwords from anywhere put the e-mail in back-off that only a known device passes', async () => {
    const user = await createUser(s.ctx.db);
    const right = { email: user.email, password: user.password, device_name: 'x' };
    const wrong = { ...right, password: 'wrong-password' };
    // The owner signed in on this browser once: the answer makes it a known device.
    const first = await login(from('10.2.0.1'), right);
    expect(first.status).toBe(200);
    const cookie = knownDevice(first);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
    expect(first.headers.get('set-cookie')).toMatch(/Path=\/api\/login/);

    for (const [address, times] of [
      ['10.2.1.1', 10],
      ['10.2.1.2', 10],
      ['10.2.1.3', 5],
    ] as const) {
      for (let i = 0; i < times; i++) expect((await login(from(address), wrong)).status).toBe(422);
    }
    // A new device with the right password waits out the back-off, as does a forged proof.
    const stranger = await login(from('10.2.2.1'), right);
    expect(stranger.status).toBe(429);
    expect(stranger.error.message).toMatch(
      /^Too many failed sign-ins for this account\. .* device you have used before/,
    );
    const forged = cookie.slice(0, -10) + (cookie.at(-10) === 'x' ? 'y' : 'x') + cookie.slice(-9);
    expect((await login({ ...from('10.2.2.1'), cookie: forged }, right)).status).toBe(429);
    const someoneElses = knownDevice(await login(from('10.2.2.2'), await otherUser()));
    expect((await login({ ...from('10.2.2.1'), cookie: someoneElses }, right)).status).toBe(429);

    // The known device, from any address, is let through to the password check.
    const owner = await login({ ...from('10.2.2.3'), cookie }, right);
    expect(owner.status).toBe(200);

    // A stolen proof is worth no more than one address: 10 failures and the device is refused too.
    for (let i = 0; i < 10; i++)
      expect((await login({ ...from(`10.2.3.${i}`), cookie: knownDevice(owner) }, wrong)).status).toBe(422);
    expect((await login({ ...from('10.2.3.99'), cookie: knownDevice(owner) }, right)).status).toBe(429);
  });

  it('login: a password reset makes the browser a known device of the person', async () => {
    const user = await createUser(s.ctx.db);
    const right = { email: user.email, password: 'a-brand-new-passphrase', device_name: 'x' };
    const wrong = { ...right, password: 'wrong-password' };
    for (const address of ['10.4.1.1', '10.4.1.2', '10.4.1.3'])
      for (let i = 0; i < 9; i++) await login(from(address), wrong);
    expect((await login(from('10.4.2.1'), { ...right, password: user.password })).status).toBe(429);

    await s.call(identityApi.forgotPassword, { headers: from('10.4.2.1'), body: { email: user.email } });
    const mail = await s.smtp.waitFor(user.email, (m) => m.subject.includes('Reset'));
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;
    const reset = await s.call(identityApi.resetPassword, {
      headers: from('10.4.2.1'),
      body: { token, email: user.email, password: right.password, password_confirmation: right.password },
    });
    expect(reset.status).toBe(200);
    expect((await login(from('10.4.2.2'), right)).status).toBe(429);
    expect((await login({ ...from('10.4.2.2'), cookie: knownDevice(reset) }, right)).status).toBe(200);
  });

  it('TRUST_PROXY=1: a client cannot pick its address by writing X-Forwarded-For', async () => {
    const body = { email: 'spoof@example.test', password: 'wrong-password', device_name: 'x' };
    // The proxy appends the address it saw; everything to its left is the client's own writing.
    const via = (spoofed: string) => ({ 'x-forwarded-for': `${spoofed}, 10.3.0.1` });
    for (let i = 0; i < 25; i++)
      expect((await login(via(`192.0.2.${i}`), { ...body, email: `spoof${i}@example.test` })).status).toBe(422);
    expect((await login(via('198.51.100.7'), body)).status).toBe(429);
    expect((await login(via('10.3.0.1'), body)).status).toBe(429);
    // Another client behind the same proxy is unaffected.
    expect((await login({ 'x-forwarded-for': '192.0.2.1, 10.3.0.2' }, body)).status).toBe(422);
  });

  it('forgot password: 5 per 30 minutes per e-mail', async () => {
    const body = { email: 'someone@example.test' };
    for (let i = 0; i < 5; i++) {
      expect((await s.call(identityApi.forgotPassword, { headers: from(`10.2.0.${i}`), body })).status).toBe(200);
    }
    expect((await s.call(identityApi.forgotPassword, { headers: from('10.2.1.1'), body })).status).toBe(429);
    const other = await s.call(identityApi.forgotPassword, {
      headers: from('10.2.1.1'),
      body: { email: 'else@example.test' },
    });
    expect(other.status).toBe(200);
  });
});
