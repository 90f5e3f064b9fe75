import { usersApi } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { loginAgain, signedIn } from '../../../test/identity-helpers';
import { hashToken } from './tokens';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const DAY = 24 * 60 * 60 * 1000;

/** Moves a token's sign-in and last use into the past (days ago). */
async function age(token: string, times: { createdDaysAgo?: number; usedDaysAgo?: number }) {
  await s.ctx.db
    .update(accessTokens)
    .set({
      ...(times.createdDaysAgo !== undefined
        ? { created_at: sql`now() - make_interval(days => ${times.createdDaysAgo})` }
        : {}),
      ...(times.usedDaysAgo !== undefined
        ? { last_used_at: sql`now() - make_interval(days => ${times.usedDaysAgo})` }
        : {}),
    })
    .where(eq(accessTokens.token_hash, hashToken(token)));
}

const tokenRow = async (token: string) =>
  (
    await s.ctx.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.token_hash, hashToken(token)))
  )[0];

describe('sign-in token expiry', () => {
  it('a token unused for 31 days answers 401 and is deleted', async () => {
    const { token } = await signedIn(s);
    await age(token, { createdDaysAgo: 40, usedDaysAgo: 31 });
    const res = await s.call(usersApi.me, { token, lang: 'th' });
    expect(res.status).toBe(401);
    expect(res.error.message).toBe('เซสชันของคุณหมดอายุแล้ว โปรดเข้าสู่ระบบอีกครั้ง');
    expect(await tokenRow(token)).toBeUndefined();
    expect((await s.call(usersApi.me, { token })).status).toBe(401);
  });

  it('a token used 29 days ago still works, and its use restarts the idle time', async () => {
    const { token } = await signedIn(s);
    await age(token, { createdDaysAgo: 100, usedDaysAgo: 29 });
    expect((await s.call(usersApi.me, { token })).status).toBe(200);
    const row = await tokenRow(token);
    expect(row!.last_used_at!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a token signed in over a year ago answers 401 even if used yesterday', async () => {
    const { token } = await signedIn(s);
    await age(token, { createdDaysAgo: 366, usedDaysAgo: 1 });
    expect((await s.call(usersApi.me, { token })).status).toBe(401);
    expect(await tokenRow(token)).toBeUndefined();
  });

  it('a fresh token works', async () => {
    const { token } = await signedIn(s);
    expect((await s.call(usersApi.me, { token })).status).toBe(200);
  });

  it('the devices list carries both expiries and leaves expired devices out', async () => {
    const { user, token } = await signedIn(s, {}, 'Laptop');
    const old = await loginAgain(s, user, 'Old phone');
    const tablet = await loginAgain(s, user, 'Tablet');
    await age(old, { createdDaysAgo: 60, usedDaysAgo: 45 });
    await age(tablet, { createdDaysAgo: 300, usedDaysAgo: 10 });

    const list = await s.call(usersApi.devices, { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((d) => d.device_name).sort()).toEqual(['Laptop', 'Tablet']);
    const laptop = list.body.data.find((d) => d.current)!;
    const near = (iso: string, ms: number) => expect(Math.abs(new Date(iso).getTime() - ms)).toBeLessThan(120_000);
    near(laptop.idle_expires_at, Date.now() + 30 * DAY);
    near(laptop.expires_at, Date.now() + 365 * DAY);
    const tab = list.body.data.find((d) => d.device_name === 'Tablet')!;
    near(tab.idle_expires_at, Date.now() + 20 * DAY);
    near(tab.expires_at, Date.now() + 65 * DAY);
    expect(Object.keys(tab).sort()).toEqual(
      ['current', 'device_name', 'expires_at', 'id', 'idle_expires_at', 'updated_at'].sort(),
    );

    // Signing in again clears the person's expired tokens away.
    expect(await tokenRow(old)).toBeDefined();
    await loginAgain(s, user, 'New phone');
    expect(await tokenRow(old)).toBeUndefined();
  });
});
