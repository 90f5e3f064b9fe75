import { accountsApi, followsApi, organizationsApi, usersApi } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUsers } from '../../db/schema';
import { onCreatorTrial, organizationBody as org, accountBody as acct } from '../../../test/creator-helpers';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';

let s: TestServer;
let manual: TestServer;
beforeAll(async () => {
  [s, manual] = await Promise.all([startTestServer(), startTestServer({ ACCOUNT_APPROVAL: 'manual' })]);
});
afterAll(async () => {
  await Promise.all([s?.close(), manual?.close()]);
});

/** A signed-in person on a free trial of the Creator plan. */
const creator = (server: TestServer = s) => onCreatorTrial(server);

/** A signed-in person with a creator account made directly in the database. */
async function withAccount(approved: 'approved' | 'pending' = 'approved') {
  const person = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, person.user.id, { approved });
  return { ...person, account };
}

describe('username checks', () => {
  it('answer for accounts on their own, apart from organization names', async () => {
    const { token } = await creator();
    const check = (username: string, lang = 'en') =>
      s.call(accountsApi.usernameCheck, { query: { username }, token, lang });
    const made = await s.call(organizationsApi.create, { token, body: org({ username: 'taken_org' }) });
    expect(made.status).toBe(201);
    // Accounts have their own names.
    expect((await check('taken_org')).body.available).toBe(true);
    expect((await check('', 'my')).body.message).toBe('အသုံးပြုသူအမည် ဗလာ မဖြစ်ရပါ။');
    expect((await s.call(accountsApi.usernameCheck, { query: { username: 'x' } })).status).toBe(401);
  });
});

describe('accounts', () => {
  it('validate every field', async () => {
    const { token } = await creator();
    const made = (await s.call(organizationsApi.create, { token, body: org() })).body.data;
    const a = await s.call(accountsApi.create, {
      token,
      rawBody: { ...acct(made.id), terms: false, description: '' },
    });
    expect(a.status).toBe(422);
    expect(a.error.errors!.terms).toEqual(['Please accept the terms to continue.']);
    expect(a.error.errors!.description).toEqual(['This field is required.']);
  });

  it('create flow: organization, account with the owner recorded, then my lists', async () => {
    const { user, token } = await creator();
    const o = await s.call(organizationsApi.create, { token, body: org({ url: '' }) });
    expect(o.status).toBe(201);
    expect(o.body.data).toMatchObject({
      name: 'Yangon Voices',
      approved_status: 'approved',
      url: null,
      user_id: user.id,
      // Editing an organization is an administrator's (PUT /organizations/{id} decides its approval too).
      can_modify: false,
    });

    const a = await s.call(accountsApi.create, {
      token,
      body: acct(o.body.data.id, { contact: '09 123 456' }),
    });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({
      organization_id: o.body.data.id,
      organization: { name: 'Yangon Voices' },
      approved_status: 'approved',
      published_status: 'published',
      followers_count: 0,
      can_modify: true,
      contact: '09 123 456',
    });
    const members = await s.ctx.db.select().from(accountUsers).where(eq(accountUsers.account_id, a.body.data.id));
    expect(members.map((m) => ({ user: m.user_id, role: m.role }))).toEqual([{ user: user.id, role: 'owner' }]);

    expect((await s.call(organizationsApi.mine, { token })).body.data.map((x: { id: number }) => x.id)).toEqual([
      o.body.data.id,
    ]);
    expect((await s.call(accountsApi.mine, { token })).body.data.map((x: { id: number }) => x.id)).toEqual([
      a.body.data.id,
    ]);
    const me = (await s.call(usersApi.me, { token })).body.data;
    expect(me).toMatchObject({ has_account: true, can_compose: true });

    const dup = await s.call(accountsApi.create, {
      token,
      body: acct(o.body.data.id, { username: a.body.data.username.toUpperCase() }),
    });
    expect(dup.status).toBe(422);
    expect(dup.error.errors!.username).toEqual(['This username is already taken.']);
  });

  it("refuses an account in someone else's organization, and others' edits and deletes", async () => {
    const owner = await creator();
    const other = await creator();
    const o = (await s.call(organizationsApi.create, { token: owner.token, body: org() })).body.data;
    const a = (await s.call(accountsApi.create, { token: owner.token, body: acct(o.id) })).body.data;

    expect((await s.call(accountsApi.create, { token: other.token, body: acct(o.id) })).status).toBe(403);
    expect((await s.call(accountsApi.create, { token: other.token, body: acct(999_999) })).status).toBe(403);

    const edit = { name: 'Hijacked', username: a.username, description: 'x' };
    expect((await s.call(accountsApi.update, { params: { id: a.id }, token: other.token, body: edit })).status).toBe(
      403,
    );
    expect((await s.call(accountsApi.remove, { params: { id: a.id }, token: other.token })).status).toBe(403);
    const seen = await s.call(accountsApi.byUsername, { params: { username: a.username }, token: other.token });
    expect(seen.body.data).toMatchObject({ name: 'Yangon Voices Daily', can_modify: false });
    expect((await s.call(accountsApi.update, { params: { id: 999999 }, token: other.token, body: edit })).status).toBe(
      404,
    );

    const ok = await s.call(accountsApi.update, {
      params: { id: a.id },
      token: owner.token,
      body: { ...edit, name: 'Yangon Voices Weekly', url: 'https://weekly.example' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('The account has been updated.');
    expect(ok.body.data).toMatchObject({ name: 'Yangon Voices Weekly', url: 'https://weekly.example' });

    const admin = await signedIn(s, { role: 'admin' });
    expect(
      (
        await s.call(accountsApi.update, {
          params: { id: a.id },
          token: admin.token,
          body: { ...edit, name: 'Moderated' },
        })
      ).status,
    ).toBe(200);
    expect((await s.call(accountsApi.remove, { params: { id: a.id }, token: owner.token })).status).toBe(204);
    expect(
      (await s.call(accountsApi.byUsername, { params: { username: a.username }, token: owner.token })).status,
    ).toBe(404);
  });

  it('manual approval leaves new accounts pending: they cannot publish and only their people see them', async () => {
    const owner = await creator(manual);
    const o = (await manual.call(organizationsApi.create, { token: owner.token, body: org() })).body.data;
    expect(o.approved_status).toBe('pending');
    const a = (await manual.call(accountsApi.create, { token: owner.token, body: acct(o.id) })).body.data;
    expect(a.approved_status).toBe('pending');
    const me = (await manual.call(usersApi.me, { token: owner.token })).body.data;
    expect(me).toMatchObject({ has_account: true, can_compose: false });
    expect(
      (await manual.call(accountsApi.byUsername, { params: { username: a.username }, token: owner.token })).status,
    ).toBe(200);
    const stranger = await signedIn(manual);
    expect(
      (await manual.call(accountsApi.byUsername, { params: { username: a.username }, token: stranger.token })).status,
    ).toBe(404);
    expect((await manual.call(accountsApi.byUsername, { params: { username: a.username } })).status).toBe(404);
    // Editing or deleting it by id answers like a missing account, not 403: ids reveal nothing hidden.
    const edit = { name: 'Probe', username: a.username, description: 'x' };
    const put = await manual.call(accountsApi.update, { params: { id: a.id }, token: stranger.token, body: edit });
    expect(put.status).toBe(404);
    expect((await manual.call(accountsApi.remove, { params: { id: a.id }, token: stranger.token })).status).toBe(404);
    const owned = await manual.call(accountsApi.update, {
      params: { id: a.id },
      token: owner.token,
      body: { ...edit, name: 'Still mine' },
    });
    expect(owned.status).toBe(200);
  });
});

describe('explore', () => {
  it('explore lists visible accounts, most followed first', async () => {
    const popular = await withAccount();
    const fans = await Promise.all(Array.from({ length: 3 }, () => signedIn(s)));
    for (const f of fans) await s.call(followsApi.follow, { params: { id: popular.account.id }, token: f.token });
    await withAccount('pending');
    const res = await s.call(accountsApi.explore, { token: fans[0]!.token });
    expect(res.body.data[0]).toMatchObject({ id: popular.account.id, followers_count: 3, is_followed: true });
    expect(res.body.data.every((a: { approved_status: string }) => a.approved_status === 'approved')).toBe(true);
  });
});
