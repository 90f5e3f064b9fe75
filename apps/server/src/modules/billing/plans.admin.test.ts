import { billingApi, type Permission, PERMISSIONS, type PlanBody, usersApi } from '@inkwell/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, plans } from '../../db/schema';
import { subscribeToPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { personWithPermissions } from '../../../test/policy-table';

let s: TestServer;
type Person = Awaited<ReturnType<typeof signedIn>>;
let manager: Person;
let reader: Person;
const lackers = new Map<Permission, Person>();

/** A person whose role holds every permission but this one. */
async function lacking(permission: Permission): Promise<Person> {
  let person = lackers.get(permission);
  if (!person) {
    person = await personWithPermissions(
      s,
      `lacks ${permission}`,
      PERMISSIONS.filter((p) => p !== permission),
    );
    lackers.set(permission, person);
  }
  return person;
}

beforeAll(async () => {
  s = await startTestServer();
  manager = await personWithPermissions(s, 'plan manager', ['plans.manage']);
  reader = await signedIn(s);
});
afterAll(async () => {
  await s?.close();
});

const FEATURES = JSON.stringify([
  { icon: 'star', sub_feature_head: 'Extras', items: [{ text: 'Priority support', icon: 'check' }] },
]);

let n = 0;
const planBody = (over: Partial<PlanBody> = {}): PlanBody => ({
  slug: `team-${Date.now().toString(36)}-${n++}`,
  name: 'Team',
  description: 'For small newsrooms.',
  monthly_price: 9000,
  yearly_price: 90000,
  trial_period_days: 7,
  features: FEATURES,
  creates_accounts: true,
  storage_quota_mb: 2048,
  video_1080p: true,
  sort_order: 5,
  hidden: false,
  translations: { my: { name: 'အဖွဲ့', description: '', features: '' } },
  ...over,
});

const create = async (over: Partial<PlanBody> = {}) => {
  const res = await s.call(billingApi.planCreate, { token: manager.token, body: planBody(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};

const planCount = async () => (await s.ctx.db.select({ n: sql<number>`count(*)::int` }).from(plans))[0]!.n;
const auditOf = (action: string, id: number) =>
  s.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject_id, id)))
    .orderBy(desc(auditLog.id));
const publicSlugs = async () => (await s.call(billingApi.plans)).body.data.map((p) => p.slug);

/** 401 for a guest, 403 for a reader and for a role holding every permission but `permission`. */
async function refusesOutsiders(permission: Permission, send: (token?: string) => Promise<{ status: number }>) {
  expect((await send()).status).toBe(401);
  expect((await send(reader.token)).status).toBe(403);
  expect((await send((await lacking(permission)).token)).status).toBe(403);
}

describe('GET /plans/manage', () => {
  it('lists every plan, hidden ones too, in list order with subscribers and whether it may be deleted', async () => {
    const hidden = await create({ hidden: true, sort_order: 900 });
    const subscriber = await signedIn(s);
    await subscribeToPlan(s.ctx.db, subscriber.user.id, 'creator');
    const res = await s.call(billingApi.plansManage, { token: manager.token, query: { per_page: 100 } });
    expect(res.status).toBe(200);
    const slugs = res.body.data.map((p) => p.slug);
    expect(slugs.slice(0, 3)).toEqual(['free', 'creator', 'studio']);
    expect(slugs.at(-1)).toBe(hidden.slug);
    const creator = res.body.data.find((p) => p.slug === 'creator')!;
    expect(creator).toMatchObject({ subscribers_count: 1, can_delete: false, hidden: false, currency: 'MMK' });
    expect(creator.translations.my.name).toBe('ဖန်တီးသူ');
    expect(res.body.data.find((p) => p.slug === hidden.slug)).toMatchObject({ hidden: true, can_delete: true });
    expect(res.body.meta).toMatchObject({ current_page: 1, total: await planCount() });

    const paged = await s.call(billingApi.plansManage, { token: manager.token, query: { per_page: 2, page: 2 } });
    expect(paged.body.data.map((p) => p.slug)).toEqual(slugs.slice(2, 4));
    expect((await s.call(billingApi.plansManage, { token: manager.token, query: { per_page: 1000 } })).status).toBe(
      422,
    );
  });

  it('refuses guests, readers and roles without plans.manage', async () => {
    await refusesOutsiders('plans.manage', async (token) => s.call(billingApi.plansManage, { token }));
  });
});

describe('POST /plans', () => {
  it('adds a plan, records it in the audit log and offers it to people in their language', async () => {
    const res = await s.call(billingApi.planCreate, {
      token: manager.token,
      body: planBody({ slug: ' Team-Plus ', monthly_price: 0, yearly_price: 0 }),
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('The plan has been added.');
    const plan = res.body.data;
    expect(plan).toMatchObject({
      slug: 'team-plus',
      name: 'Team',
      features: FEATURES,
      storage_quota_mb: 2048,
      video_1080p: true,
      creates_accounts: true,
      hidden: false,
      subscribers_count: 0,
      can_delete: true,
      translations: { my: { name: 'အဖွဲ့', description: '', features: '' }, th: { name: '', description: '' } },
    });
    // Only the wording given is stored.
    const [row] = await s.ctx.db.select().from(plans).where(eq(plans.id, plan.id));
    expect(row!.translations).toEqual({ my: { name: 'အဖွဲ့' } });
    const [entry] = await auditOf('plans.create', plan.id);
    expect(entry).toMatchObject({ actor_id: manager.user.id, subject_type: 'plan', before: null });
    expect(entry!.after).toMatchObject({ slug: 'team-plus', monthly_price: 0, features: FEATURES });

    const my = await s.call(billingApi.plans, { lang: 'my' });
    const offered = my.body.data.find((p) => p.id === plan.id)!;
    expect(offered).toMatchObject({ name: 'အဖွဲ့', description: 'For small newsrooms.', is_free: true });
  });

  it('refuses features that are not JSON, or not the plan card’s groups, and saves nothing', async () => {
    const before = await planCount();
    const notJson = await s.call(billingApi.planCreate, {
      token: manager.token,
      body: planBody({ features: '[{"icon": "star",' }),
    });
    expect(notJson.status).toBe(422);
    expect(notJson.error.errors).toEqual({ features: ['Features must be JSON.'] });
    const burmese = await s.call(billingApi.planCreate, {
      token: manager.token,
      lang: 'my',
      body: planBody({ features: 'features' }),
    });
    expect(burmese.error.errors!.features).toEqual(['အင်္ဂါရပ်များသည် JSON ဖြစ်ရပါမည်။']);
    const shape = await s.call(billingApi.planCreate, {
      token: manager.token,
      body: planBody({ features: '{"items": []}' }),
    });
    expect(shape.status).toBe(422);
    expect(shape.error.errors!.features![0]).toMatch(/JSON list of groups/);
    const translated = await s.call(billingApi.planCreate, {
      token: manager.token,
      body: planBody({ translations: { th: { features: 'not json' } } }),
    });
    expect(translated.status).toBe(422);
    expect(translated.error.errors).toEqual({ 'translations.th.features': ['Features must be JSON.'] });
    expect(await planCount()).toBe(before);
  });

  it('refuses a bad or taken slug and out-of-range numbers, field by field', async () => {
    const taken = await create();
    const before = await planCount();
    const cases: [Partial<PlanBody>, string][] = [
      [{ slug: 'Not a slug!' }, 'slug'],
      [{ slug: 'double--hyphen' }, 'slug'],
      [{ slug: 'x'.repeat(51) }, 'slug'],
      [{ name: '  ' }, 'name'],
      [{ description: '' }, 'description'],
      [{ description: 'd'.repeat(251) }, 'description'],
      [{ monthly_price: -1 }, 'monthly_price'],
      [{ yearly_price: 1.5 }, 'yearly_price'],
      [{ monthly_price: 1_000_000_001 }, 'monthly_price'],
      [{ trial_period_days: 366 }, 'trial_period_days'],
      [{ trial_period_days: -1 }, 'trial_period_days'],
      [{ storage_quota_mb: 2_000_000 }, 'storage_quota_mb'],
      [{ hidden: 'yes' as unknown as boolean }, 'hidden'],
      [{ video_1080p: 'yes' as unknown as boolean }, 'video_1080p'],
    ];
    for (const [over, field] of cases) {
      const res = await s.call(billingApi.planCreate, { token: manager.token, body: planBody(over) });
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(Object.keys(res.error.errors ?? {}), JSON.stringify(over)).toEqual([field]);
    }
    const dup = await s.call(billingApi.planCreate, { token: manager.token, body: planBody({ slug: taken.slug }) });
    expect(dup.status).toBe(422);
    expect(dup.error.errors).toEqual({ slug: ['Another plan already uses this slug.'] });
    const format = await s.call(billingApi.planCreate, { token: manager.token, body: planBody({ slug: 'a b' }) });
    expect(format.error.errors!.slug).toEqual([
      'Use lowercase letters a–z and digits, in words joined by single hyphens.',
    ]);
    expect(await planCount()).toBe(before);
  });

  it('refuses guests, readers and roles without plans.manage, and saves nothing', async () => {
    const before = await planCount();
    await refusesOutsiders('plans.manage', (token) => s.call(billingApi.planCreate, { token, body: planBody() }));
    expect(await planCount()).toBe(before);
  });
});

describe('GET /plans/{id}/edit', () => {
  it('answers every field with its translations and who is on it', async () => {
    const plan = await create({ translations: { th: { name: 'ทีม', description: 'สำหรับทีม', features: FEATURES } } });
    const res = await s.call(billingApi.planEdit, { token: manager.token, params: { id: plan.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(plan);
    expect(res.body.data.translations.th).toEqual({ name: 'ทีม', description: 'สำหรับทีม', features: FEATURES });
    expect((await s.call(billingApi.planEdit, { token: manager.token, params: { id: 2_000_000 } })).status).toBe(404);
    expect((await s.call(billingApi.planEdit, { token: manager.token, params: { id: 'abc' } })).status).toBe(422);
  });

  it('refuses guests, readers and roles without plans.manage', async () => {
    await refusesOutsiders('plans.manage', (token) => s.call(billingApi.planEdit, { token, params: { id: 1 } }));
  });
});

describe('PUT /plans/{id}', () => {
  it('changes the plan and records only what changed', async () => {
    const plan = await create();
    const res = await s.call(billingApi.planUpdate, {
      token: manager.token,
      params: { id: plan.id },
      body: planBody({ slug: plan.slug, monthly_price: 12000 }),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The plan has been saved.');
    expect(res.body.data).toMatchObject({ id: plan.id, monthly_price: 12000, yearly_price: 90000 });
    const [entry] = await auditOf('plans.edit', plan.id);
    expect(entry).toMatchObject({
      actor_id: manager.user.id,
      before: { monthly_price: 9000 },
      after: { monthly_price: 12000 },
    });
    expect((await s.call(billingApi.plans)).body.data.find((p) => p.id === plan.id)!.monthly_price).toBe(12000);
  });

  it('refuses another plan’s slug, features that are not JSON and a missing plan, changing nothing', async () => {
    const plan = await create();
    const other = await create();
    const taken = await s.call(billingApi.planUpdate, {
      token: manager.token,
      params: { id: plan.id },
      body: planBody({ slug: other.slug, name: 'Renamed' }),
    });
    expect(taken.status).toBe(422);
    expect(taken.error.errors).toEqual({ slug: ['Another plan already uses this slug.'] });
    const notJson = await s.call(billingApi.planUpdate, {
      token: manager.token,
      params: { id: plan.id },
      body: planBody({ slug: plan.slug, name: 'Renamed', features: 'nope' }),
    });
    expect(notJson.status).toBe(422);
    expect(notJson.error.errors).toEqual({ features: ['Features must be JSON.'] });
    const now = await s.call(billingApi.planEdit, { token: manager.token, params: { id: plan.id } });
    expect(now.body.data).toEqual(plan);
    expect(await auditOf('plans.edit', plan.id)).toHaveLength(0);
    const missing = await s.call(billingApi.planUpdate, {
      token: manager.token,
      params: { id: 2_000_000 },
      body: planBody(),
    });
    expect(missing.status).toBe(404);
  });

  it('refuses guests, readers and roles without plans.manage, changing nothing', async () => {
    const plan = await create();
    await refusesOutsiders('plans.manage', (token) =>
      s.call(billingApi.planUpdate, { token, params: { id: plan.id }, body: planBody({ name: 'Taken over' }) }),
    );
    expect((await s.call(billingApi.planEdit, { token: manager.token, params: { id: plan.id } })).body.data.name).toBe(
      'Team',
    );
  });
});

describe('DELETE /plans/{id}', () => {
  it('deletes a plan nobody is on, with an audit entry', async () => {
    const plan = await create();
    const res = await s.call(billingApi.planDelete, { token: manager.token, params: { id: plan.id } });
    expect(res.status).toBe(204);
    expect((await s.call(billingApi.planEdit, { token: manager.token, params: { id: plan.id } })).status).toBe(404);
    const [entry] = await auditOf('plans.delete', plan.id);
    expect(entry).toMatchObject({ actor_id: manager.user.id, after: null });
    expect(entry!.before).toMatchObject({ slug: plan.slug });
    expect((await s.call(billingApi.planDelete, { token: manager.token, params: { id: plan.id } })).status).toBe(404);
  });

  it('refuses a plan with subscribers (hide it instead); hidden, it is neither listed nor subscribable', async () => {
    const plan = await create({ trial_period_days: 10 });
    const subscriber = await signedIn(s);
    await s.call(billingApi.subscribe, {
      token: subscriber.token,
      body: { plan_id: plan.id, trial: true, payment_provider: 'free_trial' },
    });
    const refused = await s.call(billingApi.planDelete, { token: manager.token, params: { id: plan.id }, lang: 'th' });
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({
      code: 'billing.plan_in_use',
      message: 'มีผู้สมัครหรือชำระเงินสำหรับแพ็กเกจนี้แล้ว จึงลบไม่ได้ โปรดซ่อนแพ็กเกจแทน',
    });
    expect(await auditOf('plans.delete', plan.id)).toHaveLength(0);
    const edit = await s.call(billingApi.planEdit, { token: manager.token, params: { id: plan.id } });
    expect(edit.body.data).toMatchObject({ subscribers_count: 1, can_delete: false });

    const hide = await s.call(billingApi.planUpdate, {
      token: manager.token,
      params: { id: plan.id },
      body: planBody({ slug: plan.slug, trial_period_days: 10, hidden: true }),
    });
    expect(hide.status).toBe(200);
    expect(hide.body.data).toMatchObject({ hidden: true, subscribers_count: 1 });
    expect(await publicSlugs()).not.toContain(plan.slug);
    const manage = await s.call(billingApi.plansManage, { token: manager.token, query: { per_page: 100 } });
    expect(manage.body.data.map((p) => p.slug)).toContain(plan.slug);

    const someone = await signedIn(s);
    const trial = await s.call(billingApi.subscribe, {
      token: someone.token,
      body: { plan_id: plan.id, trial: true, payment_provider: 'free_trial' },
    });
    expect(trial.status).toBe(422);
    expect(trial.error).toMatchObject({ code: 'billing.plan_hidden', errors: { plan_id: [expect.any(String)] } });
    const pay = await s.call(billingApi.subscribe, {
      token: someone.token,
      body: { plan_id: plan.id, payment_provider: 'kbzpay' },
    });
    expect(pay.status).toBe(422);
    expect(pay.error.code).toBe('billing.plan_hidden');
    // The subscriber keeps it.
    const me = await s.call(usersApi.me, { token: subscriber.token });
    expect(me.body.data.active_plan).toMatchObject({ id: plan.id });
  });

  it('refuses a plan someone paid for, even without a subscription', async () => {
    const plan = await create();
    const payer = await signedIn(s);
    await s.ctx.db.insert(payments).values({
      user_id: payer.user.id,
      plan_id: plan.id,
      billing_cycle: 'monthly',
      provider: 'kbzpay',
      order_id: `order_${Date.now()}`,
      amount: 9000,
      status: 'failed',
      expires_at: new Date(),
    });
    const refused = await s.call(billingApi.planDelete, { token: manager.token, params: { id: plan.id } });
    expect(refused.status).toBe(409);
    expect(
      (await s.call(billingApi.planEdit, { token: manager.token, params: { id: plan.id } })).body.data,
    ).toMatchObject({ can_delete: false, subscribers_count: 0 });
  });

  it('refuses guests, readers and roles without plans.manage, deleting nothing', async () => {
    const plan = await create();
    await refusesOutsiders('plans.manage', (token) =>
      s.call(billingApi.planDelete, { token, params: { id: plan.id } }),
    );
    expect((await s.call(billingApi.planEdit, { token: manager.token, params: { id: plan.id } })).status).toBe(200);
    expect((await s.call(billingApi.planDelete, { token: manager.token, params: { id: 'x' } })).status).toBe(422);
  });
});

describe('GET /subscriptions', () => {
  it('pages every subscription newest first with its person and plan, filtered by status', async () => {
    const viewer = await personWithPermissions(s, 'subscription viewer', ['subscriptions.view']);
    const [p1, p2] = [await signedIn(s, { name: 'Thida Aung' }), await signedIn(s, { name: 'Niran Chai' })];
    const first = await subscribeToPlan(s.ctx.db, p1.user.id, 'creator');
    const second = await subscribeToPlan(s.ctx.db, p2.user.id, 'studio');
    const res = await s.call(billingApi.subscriptions, { token: viewer.token, lang: 'my' });
    expect(res.status).toBe(200);
    const [top, next] = res.body.data;
    expect(top).toEqual({
      id: second.subscription.id,
      status: 'active',
      provider: 'kbzpay',
      billing_cycle: 'monthly',
      trial_ends_at: null,
      started_at: second.subscription.started_at.toISOString(),
      expires_at: second.subscription.expires_at.toISOString(),
      user: { id: p2.user.id, name: 'Niran Chai', username: p2.user.username, email: p2.user.email },
      plan: { id: second.plan.id, slug: 'studio', name: 'စတူဒီယို' },
    });
    expect(next!.id).toBe(first.subscription.id);
    expect(res.body.meta.total).toBeGreaterThanOrEqual(2);

    const trialist = await signedIn(s);
    await s.call(billingApi.subscribe, {
      token: trialist.token,
      body: { plan_id: first.plan.id, trial: true, payment_provider: 'free_trial' },
    });
    const trials = await s.call(billingApi.subscriptions, { token: viewer.token, query: { status: 'trialing' } });
    expect(trials.body.data.length).toBeGreaterThanOrEqual(1);
    expect(trials.body.data.every((row) => row.status === 'trialing')).toBe(true);
    expect(trials.body.data[0]!.user.id).toBe(trialist.user.id);
    expect(trials.body.meta.links.some((l) => l.url?.includes('status=trialing'))).toBe(true);

    const one = await s.call(billingApi.subscriptions, { token: viewer.token, query: { per_page: 1, page: 2 } });
    expect(one.body.data).toHaveLength(1);
    expect(one.body.meta).toMatchObject({ current_page: 2, per_page: 1 });
    const bad = await s.call(billingApi.subscriptions, {
      token: viewer.token,
      query: { status: 'paused' as 'active' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.error.errors ?? {})).toEqual(['status']);
  });

  it('refuses guests, readers and roles without subscriptions.view', async () => {
    await refusesOutsiders('subscriptions.view', (token) => s.call(billingApi.subscriptions, { token }));
  });
});
