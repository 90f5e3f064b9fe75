import { billingApi, type SubscribeBody, usersApi } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { planId } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('plans', () => {
  it('lists a free plan and paid plans with prices, trials and features, in the asked language', async () => {
    const en = await s.call(billingApi.plans);
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
    const my = await s.call(billingApi.plans, { lang: 'my' });
    expect(my.body.data[1].name).toBe('ဖန်တီးသူ');
    const th = await s.call(billingApi.plans, { lang: 'th' });
    expect(JSON.parse(th.body.data[1].features)[0].sub_feature_head).toBe('การเผยแพร่');
  });
});

describe('trials', () => {
  it('start at once for the plan’s trial days, once per plan', async () => {
    const { token } = await signedIn(s);
    const body: SubscribeBody = {
      plan_id: await planId(s, 'creator'),
      trial: true,
      billing_cycle: 'monthly',
      payment_provider: 'free_trial',
    };
    const res = await s.call(billingApi.subscribe, { token, body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'trialing', provider: 'free_trial', plan: { slug: 'creator' } });
    const trial = res.body.data;
    if ('payment' in trial) throw new Error('a trial answers with its subscription');
    const days = (Date.parse(trial.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const me = await s.call(usersApi.me, { token });
    expect(me.body.data).toMatchObject({
      create_account: true,
      active_plan: { slug: 'creator' },
      plan: { slug: 'creator' },
    });
    expect(me.body.data.active_subscription!.status).toBe('trialing');
    expect(me.body.data.subscriptions).toHaveLength(1);
    expect(me.body.data.subscriptions[0].plan_id).toBe(body.plan_id);

    const again = await s.call(billingApi.subscribe, { token, body });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe('You have already tried this plan.');
    const free = await s.call(billingApi.subscribe, {
      token,
      body: { ...body, plan_id: await planId(s, 'free') },
    });
    expect(free.status).toBe(422);
    const bad = await s.call(billingApi.subscribe, { token, rawBody: { ...body, billing_cycle: 'weekly' } });
    expect(bad.status).toBe(422);
    expect(bad.error.errors!.billing_cycle).toBeDefined();
    expect((await s.call(billingApi.subscribe, { body })).status).toBe(401);
  });

  it('are one per person, ever: after a trial of one plan, another plan’s is refused (409, translated)', async () => {
    const { user, token } = await signedIn(s);
    const trialOf = async (slug: string, lang?: string) =>
      s.call(billingApi.subscribe, {
        token,
        lang,
        body: { plan_id: await planId(s, slug), trial: true, billing_cycle: 'monthly', payment_provider: 'free_trial' },
      });
    expect((await trialOf('creator')).status).toBe(200);

    const studio = await trialOf('studio');
    expect(studio.status).toBe(409);
    expect(studio.body).toMatchObject({
      code: 'billing.trial_taken',
      message: 'You have already had your free trial. A free trial is offered once per person.',
    });
    expect((await trialOf('studio', 'my')).error.message).toBe(
      'သင် အခမဲ့ စမ်းသုံးခွင့်ကို သုံးပြီးဖြစ်သည်။ အခမဲ့ စမ်းသုံးခွင့်ကို တစ်ဦးလျှင် တစ်ကြိမ်သာ ပေးပါသည်။',
    );
    expect((await trialOf('studio', 'th')).error.message).toBe('คุณใช้สิทธิ์ทดลองใช้ฟรีไปแล้ว สิทธิ์ทดลองใช้ฟรีมีให้คนละหนึ่งครั้งเท่านั้น');

    // Still refused once the first trial has run out: the free plan does not make a person new again.
    await s.ctx.db
      .update(subscriptions)
      .set({ status: 'expired', expires_at: sql`now() - interval '1 day'` })
      .where(eq(subscriptions.user_id, user.id));
    expect((await trialOf('studio')).status).toBe(409);
    const me = await s.call(usersApi.me, { token });
    expect(me.body.data.subscriptions.map((sub: { provider: string }) => sub.provider)).toEqual(['free_trial']);
    expect(me.body.data.active_subscription).toBeNull();
  });
});
