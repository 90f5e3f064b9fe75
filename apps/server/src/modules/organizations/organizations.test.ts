import { accountsApi, organizationsApi, usersApi } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onCreatorTrial, organizationBody as org, accountBody as acct } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

/** A signed-in person on a free trial of the Creator plan. */
const creator = (server: TestServer = s) => onCreatorTrial(server);

describe('the free plan', () => {
  it('cannot create organizations or accounts (403) and /user says so', async () => {
    const { token } = await signedIn(s);
    const me = await s.call(usersApi.me, { token });
    expect(me.body.data).toMatchObject({
      create_account: false,
      can_compose: false,
      has_account: false,
      active_plan: null,
    });
    expect(me.body.data.plan).toMatchObject({ slug: 'free' });
    const o = await s.call(organizationsApi.create, { token, body: org() });
    expect(o.status).toBe(403);
    expect(o.error.message).toBe('Creator accounts need a plan. Choose a plan or start a free trial first.');
    const a = await s.call(accountsApi.create, { token, body: acct(1), lang: 'th' });
    expect(a.status).toBe(403);
    expect(a.error.message).toBe('บัญชีครีเอเตอร์ต้องมีแพ็กเกจ โปรดเลือกแพ็กเกจหรือเริ่มทดลองใช้ฟรีก่อน');
  });
});

describe('username checks', () => {
  it('answer with availability and a translated message', async () => {
    const { token } = await creator();
    const check = (username: string, lang = 'en') =>
      s.call(organizationsApi.usernameCheck, { query: { username }, token, lang });
    expect((await check('')).body).toEqual({
      available: false,
      message: 'Username can not be empty.',
    });
    expect((await check('ab')).body).toEqual({
      available: false,
      message: 'Must be at least 3 characters.',
    });
    expect((await check('has space')).body.available).toBe(false);
    expect((await check('Fresh_Name')).body).toEqual({
      available: true,
      message: 'fresh_name is available.',
    });
    const made = await s.call(organizationsApi.create, { token, body: org({ username: 'taken_org' }) });
    expect(made.status).toBe(201);
    expect((await check('TAKEN_ORG')).body).toEqual({
      available: false,
      message: 'This username is already taken.',
    });
    expect((await s.call(organizationsApi.usernameCheck, { query: { username: 'x' } })).status).toBe(401);
  });
});

describe('organizations', () => {
  it('validate every field', async () => {
    const { token } = await creator();
    const o = await s.call(organizationsApi.create, {
      token,
      body: { name: '', username: 'a b', description: 'x'.repeat(251), url: 'javascript:alert(1)' },
    });
    expect(o.status).toBe(422);
    expect(Object.keys(o.error.errors!).sort()).toEqual(['description', 'name', 'url', 'username']);
    expect(o.error.errors!.description).toEqual(['Must be at most 250 characters.']);
    const missing = await s.call(organizationsApi.create, { token, rawBody: {} });
    expect(Object.keys(missing.error.errors!).sort()).toEqual(['description', 'name', 'username']);
  });

  it('are created by a person on a plan and listed only as theirs; guests may not', async () => {
    const { user, token } = await creator();
    const made = await s.call(organizationsApi.create, { token, body: org({ url: '' }) });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      name: 'Yangon Voices',
      approved_status: 'approved',
      published_status: 'published',
      url: null,
      user_id: user.id,
      can_modify: false,
    });
    const mine = await s.call(organizationsApi.mine, { token });
    expect(mine.body.data.map((o: { id: number }) => o.id)).toEqual([made.body.data.id]);

    const dup = await s.call(organizationsApi.create, {
      token,
      body: org({ username: made.body.data.username.toUpperCase() }),
    });
    expect(dup.status).toBe(422);
    expect(dup.error.errors!.username).toEqual(['This username is already taken.']);

    const other = await creator();
    expect((await s.call(organizationsApi.mine, { token: other.token })).body.data).toEqual([]);
    expect((await s.call(organizationsApi.create, { body: org() })).status).toBe(401);
    expect((await s.call(organizationsApi.mine)).status).toBe(401);
  });
});
