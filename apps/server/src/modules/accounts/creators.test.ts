import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUsers } from '../../db/schema';
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

const planId = async (server: TestServer, slug: string) =>
  (await server.request('GET', '/api/plans')).body.data.find((p: { slug: string }) => p.slug === slug).id as number;

/** A signed-in person on a free trial of the Creator plan. */
async function creator(server: TestServer = s) {
  const person = await signedIn(server);
  const res = await server.request('POST', '/api/subscribe', {
    token: person.token,
    body: {
      plan_id: await planId(server, 'creator'),
      trial: true,
      billing_cycle: 'monthly',
      payment_provider: 'free_trial',
    },
  });
  expect(res.status).toBe(200);
  return person;
}

let n = 0;
const org = (over: Record<string, unknown> = {}) => ({
  name: 'Yangon Voices',
  username: `yv_org_${++n}`,
  description: 'Stories from Yangon',
  url: 'https://yangon.example',
  ...over,
});
const acct = (organization_id: number, over: Record<string, unknown> = {}) => ({
  name: 'Yangon Voices Daily',
  username: `yv_daily_${++n}`,
  description: 'Daily notes',
  organization_id,
  terms: true,
  ...over,
});

describe('plans', () => {
  it('lists a free plan and paid plans with prices, trials and features, in the asked language', async () => {
    const en = await s.request('GET', '/api/plans');
    expect(en.status).toBe(200);
    const slugs = en.body.data.map((p: { slug: string }) => p.slug);
    expect(slugs).toEqual(['free', 'creator', 'studio']);
    const creatorPlan = en.body.data[1];
    expect(creatorPlan).toMatchObject({
      name: 'Creator',
      monthly_price: 5000,
      yearly_price: 50000,
      trial_period_days: 14,
      currency: 'MMK',
      is_free: false,
    });
    const features = JSON.parse(creatorPlan.features);
    expect(features[0]).toMatchObject({ icon: expect.any(String), sub_feature_head: 'Publishing' });
    expect(features[0].items[0]).toMatchObject({ text: expect.any(String), icon: expect.any(String) });
    const my = await s.request('GET', '/api/plans', { lang: 'my' });
    expect(my.body.data[1].name).toBe('ဖန်တီးသူ');
    const th = await s.request('GET', '/api/plans', { lang: 'th' });
    expect(JSON.parse(th.body.data[1].features)[0].sub_feature_head).toBe('การเผยแพร่');
  });
});

describe('the free plan', () => {
  it('cannot create organizations or accounts (403) and /user says so', async () => {
    const { token } = await signedIn(s);
    const me = await s.request('GET', '/api/user', { token });
    expect(me.body.data).toMatchObject({
      create_account: false,
      can_compose: false,
      has_account: false,
      active_plan: null,
    });
    expect(me.body.data.plan).toMatchObject({ slug: 'free' });
    const o = await s.request('POST', '/api/organizations', { token, body: org() });
    expect(o.status).toBe(403);
    expect(o.body.message).toBe('Creator accounts need a plan. Choose a plan or start a free trial first.');
    const a = await s.request('POST', '/api/accounts', { token, body: acct(1), lang: 'th' });
    expect(a.status).toBe(403);
    expect(a.body.message).toBe('บัญชีครีเอเตอร์ต้องมีแพ็กเกจ โปรดเลือกแพ็กเกจหรือเริ่มทดลองใช้ฟรีก่อน');
  });
});

describe('trials', () => {
  it('start at once for the plan’s trial days, once per plan', async () => {
    const { token } = await signedIn(s);
    const body = {
      plan_id: await planId(s, 'creator'),
      trial: true,
      billing_cycle: 'monthly',
      payment_provider: 'free_trial',
    };
    const res = await s.request('POST', '/api/subscribe', { token, body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'trialing', provider: 'free_trial', plan: { slug: 'creator' } });
    const days = (Date.parse(res.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const me = await s.request('GET', '/api/user', { token });
    expect(me.body.data).toMatchObject({
      create_account: true,
      active_plan: { slug: 'creator' },
      plan: { slug: 'creator' },
    });
    expect(me.body.data.active_subscription.status).toBe('trialing');
    expect(me.body.data.subscriptions).toHaveLength(1);
    expect(me.body.data.subscriptions[0].plan_id).toBe(body.plan_id);

    const again = await s.request('POST', '/api/subscribe', { token, body });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already tried this plan.');
    const free = await s.request('POST', '/api/subscribe', {
      token,
      body: { ...body, plan_id: await planId(s, 'free') },
    });
    expect(free.status).toBe(422);
    const bad = await s.request('POST', '/api/subscribe', { token, body: { ...body, billing_cycle: 'weekly' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.billing_cycle).toBeDefined();
    expect((await s.request('POST', '/api/subscribe', { body })).status).toBe(401);
  });
});

describe('username checks', () => {
  it('answer with availability and a translated message', async () => {
    const { token } = await creator();
    const check = (kind: string, username: string, lang = 'en') =>
      s.request('GET', `/api/${kind}/username-check?username=${encodeURIComponent(username)}`, { token, lang });
    expect((await check('organizations', '')).body).toEqual({
      available: false,
      message: 'Username can not be empty.',
    });
    expect((await check('organizations', 'ab')).body).toEqual({
      available: false,
      message: 'Must be at least 3 characters.',
    });
    expect((await check('organizations', 'has space')).body.available).toBe(false);
    expect((await check('organizations', 'Fresh_Name')).body).toEqual({
      available: true,
      message: 'fresh_name is available.',
    });
    const made = await s.request('POST', '/api/organizations', { token, body: org({ username: 'taken_org' }) });
    expect(made.status).toBe(201);
    expect((await check('organizations', 'TAKEN_ORG')).body).toEqual({
      available: false,
      message: 'This username is already taken.',
    });
    // Accounts have their own names.
    expect((await check('accounts', 'taken_org')).body.available).toBe(true);
    expect((await check('accounts', '', 'my')).body.message).toBe('အသုံးပြုသူအမည် ဗလာ မဖြစ်ရပါ။');
    expect((await s.request('GET', '/api/accounts/username-check?username=x')).status).toBe(401);
  });
});

describe('organizations and accounts', () => {
  it('validate every field', async () => {
    const { token } = await creator();
    const o = await s.request('POST', '/api/organizations', {
      token,
      body: { name: '', username: 'a b', description: 'x'.repeat(251), url: 'javascript:alert(1)' },
    });
    expect(o.status).toBe(422);
    expect(Object.keys(o.body.errors).sort()).toEqual(['description', 'name', 'url', 'username']);
    expect(o.body.errors.description).toEqual(['Must be at most 250 characters.']);
    const missing = await s.request('POST', '/api/organizations', { token, body: {} });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['description', 'name', 'username']);

    const made = (await s.request('POST', '/api/organizations', { token, body: org() })).body.data;
    const a = await s.request('POST', '/api/accounts', {
      token,
      body: { ...acct(made.id), terms: false, description: '' },
    });
    expect(a.status).toBe(422);
    expect(a.body.errors.terms).toEqual(['Please accept the terms to continue.']);
    expect(a.body.errors.description).toEqual(['This field is required.']);
  });

  it('create flow: organization, account with the owner recorded, then my lists', async () => {
    const { user, token } = await creator();
    const o = await s.request('POST', '/api/organizations', { token, body: org({ url: '' }) });
    expect(o.status).toBe(201);
    expect(o.body.data).toMatchObject({
      name: 'Yangon Voices',
      approved_status: 'approved',
      url: null,
      user_id: user.id,
      can_modify: true,
    });

    const a = await s.request('POST', '/api/accounts', {
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

    expect(
      (await s.request('GET', '/api/user/organizations', { token })).body.data.map((x: { id: number }) => x.id),
    ).toEqual([o.body.data.id]);
    expect(
      (await s.request('GET', '/api/user/accounts', { token })).body.data.map((x: { id: number }) => x.id),
    ).toEqual([a.body.data.id]);
    const me = (await s.request('GET', '/api/user', { token })).body.data;
    expect(me).toMatchObject({ has_account: true, can_compose: true });

    const dup = await s.request('POST', '/api/accounts', {
      token,
      body: acct(o.body.data.id, { username: a.body.data.username.toUpperCase() }),
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.username).toEqual(['This username is already taken.']);
  });

  it("refuses an account in someone else's organization, and others' edits and deletes", async () => {
    const owner = await creator();
    const other = await creator();
    const o = (await s.request('POST', '/api/organizations', { token: owner.token, body: org() })).body.data;
    const a = (await s.request('POST', '/api/accounts', { token: owner.token, body: acct(o.id) })).body.data;

    expect((await s.request('POST', '/api/accounts', { token: other.token, body: acct(o.id) })).status).toBe(403);
    expect((await s.request('POST', '/api/accounts', { token: other.token, body: acct(999_999) })).status).toBe(403);

    const edit = { name: 'Hijacked', username: a.username, description: 'x' };
    expect((await s.request('PUT', `/api/accounts/${a.id}`, { token: other.token, body: edit })).status).toBe(403);
    expect((await s.request('DELETE', `/api/accounts/${a.id}`, { token: other.token })).status).toBe(403);
    const seen = await s.request('GET', `/api/accounts/by-username/${a.username}`, { token: other.token });
    expect(seen.body.data).toMatchObject({ name: 'Yangon Voices Daily', can_modify: false });
    expect((await s.request('PUT', '/api/accounts/999999', { token: other.token, body: edit })).status).toBe(404);

    const ok = await s.request('PUT', `/api/accounts/${a.id}`, {
      token: owner.token,
      body: { ...edit, name: 'Yangon Voices Weekly', url: 'https://weekly.example' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('The account has been updated.');
    expect(ok.body.data).toMatchObject({ name: 'Yangon Voices Weekly', url: 'https://weekly.example' });

    const admin = await signedIn(s, { role: 'admin' });
    expect(
      (await s.request('PUT', `/api/accounts/${a.id}`, { token: admin.token, body: { ...edit, name: 'Moderated' } }))
        .status,
    ).toBe(200);
    expect((await s.request('DELETE', `/api/accounts/${a.id}`, { token: owner.token })).status).toBe(204);
    expect((await s.request('GET', `/api/accounts/by-username/${a.username}`, { token: owner.token })).status).toBe(
      404,
    );
  });

  it('manual approval leaves new accounts pending: they cannot publish and only their people see them', async () => {
    const owner = await creator(manual);
    const o = (await manual.request('POST', '/api/organizations', { token: owner.token, body: org() })).body.data;
    expect(o.approved_status).toBe('pending');
    const a = (await manual.request('POST', '/api/accounts', { token: owner.token, body: acct(o.id) })).body.data;
    expect(a.approved_status).toBe('pending');
    const me = (await manual.request('GET', '/api/user', { token: owner.token })).body.data;
    expect(me).toMatchObject({ has_account: true, can_compose: false });
    expect(
      (await manual.request('GET', `/api/accounts/by-username/${a.username}`, { token: owner.token })).status,
    ).toBe(200);
    const stranger = await signedIn(manual);
    expect(
      (await manual.request('GET', `/api/accounts/by-username/${a.username}`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await manual.request('GET', `/api/accounts/by-username/${a.username}`)).status).toBe(404);
  });
});
