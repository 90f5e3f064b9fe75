import { billingApi, type Payment, type SubscribeBody, usersApi } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCallbacks, payments, subscriptions } from '../../db/schema';
import {
  callbacks,
  FAKE,
  ayaChecksum,
  kbzSignature,
  startFakeGateways,
  waveRequestHash,
} from '../../../test/fake-gateways';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { expireBilling } from './billing.jobs';

let gateways: Awaited<ReturnType<typeof startFakeGateways>>;
let s: TestServer;
let qr: TestServer;
let sandbox: TestServer;

beforeAll(async () => {
  gateways = await startFakeGateways();
  [s, qr, sandbox] = await Promise.all([
    startTestServer(gateways.env('PWAAPP')),
    startTestServer(gateways.env('PAY_BY_QRCODE')),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([s?.close(), qr?.close(), sandbox?.close()]);
  await gateways?.close();
});

const creatorPlan = async (server: TestServer) =>
  (await server.call(billingApi.plans)).body.data.find((p) => p.slug === 'creator')!;

async function buy(
  server: TestServer,
  provider: SubscribeBody['payment_provider'],
  cycle: SubscribeBody['billing_cycle'] = 'monthly',
  person?: Awaited<ReturnType<typeof signedIn>>,
) {
  const buyer = person ?? (await signedIn(server));
  const plan = await creatorPlan(server);
  const res = await server.call(billingApi.subscribe, {
    token: buyer.token,
    body: { plan_id: plan.id, trial: false, billing_cycle: cycle, payment_provider: provider },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const answer = res.body.data;
  if (!('payment' in answer)) throw new Error(`a purchase answers with its payment: ${JSON.stringify(answer)}`);
  const payment = answer.payment;
  const [row] = await server.ctx.db.select().from(payments).where(eq(payments.id, payment.id));
  return { buyer, payment, row: row! };
}

type NextStep = NonNullable<Payment['next_step']>;
/** The payment's next step as the kind the test expects (its `type` is asserted beside). */
function stepOf<T extends NextStep['type']>(payment: Payment, type: T): Extract<NextStep, { type: T }> {
  const step = payment.next_step;
  if (step?.type !== type) throw new Error(`next step ${JSON.stringify(step)}, not ${type}`);
  return step as Extract<NextStep, { type: T }>;
}

/** A wallet's callback as it sends one (JSON, or a urlencoded form); the answer is the gateway's own text. */
async function notify(server: TestServer, provider: string, body: unknown, form = false) {
  const sent = form
    ? {
        payload: new URLSearchParams(body as Record<string, string>).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }
    : { rawBody: body };
  const res = await server.call(billingApi.notify, { params: { provider }, ...sent });
  return { status: res.status, text: res.body as unknown };
}

const subscriptionsOf = (server: TestServer, userId: number) =>
  server.ctx.db.select().from(subscriptions).where(eq(subscriptions.user_id, userId));

describe('KBZPay', () => {
  it('precreate is signed as documented, and the payer is sent to the PWA with a signed query', async () => {
    const { payment, row } = await buy(s, 'kbzpay');
    expect(payment).toMatchObject({
      provider: 'kbzpay',
      sandbox: false,
      status: 'pending',
      amount: 5000,
      currency: 'MMK',
    });
    expect(payment.order_id).toMatch(/^[A-Za-z0-9_]{1,40}$/);
    const call = gateways.received.find(
      (r) => r.path === '/kbz/precreate' && r.body.biz_content.merch_order_id === row.order_id,
    )!;
    expect(call.signatureOk).toBe(true);
    expect(call.body).toMatchObject({
      method: 'kbz.payment.precreate',
      version: '1.0',
      sign_type: 'SHA256',
      notify_url: `http://inkwell.test/api/payments/kbzpay/notify`,
    });
    expect(call.body.biz_content).toMatchObject({
      appid: FAKE.kbz.appId,
      merch_code: FAKE.kbz.merchCode,
      trade_type: 'PWAAPP',
      total_amount: '5000',
      trans_currency: 'MMK',
    });
    expect(payment.next_step?.type).toBe('redirect');
    const url = new URL(stepOf(payment, 'redirect').url.replace('#/', ''));
    const query = Object.fromEntries(url.searchParams);
    expect(query.prepay_id).toBe(`prepay_${row.order_id}`);
    const { sign, ...unsigned } = query;
    expect(sign).toBe(kbzSignature(unsigned));
  });

  it('a signed PAY_SUCCESS callback activates the plan once; replays change nothing', async () => {
    const { buyer, payment } = await buy(s, 'kbzpay');
    const first = await notify(s, 'kbzpay', callbacks.kbz(payment));
    expect(first.status).toBe(200);
    expect(first.text).toBe('success');
    const after = await s.call(billingApi.payment, { params: { id: payment.id }, token: buyer.token });
    expect(after.body.data).toMatchObject({
      status: 'paid',
      next_step: null,
      subscription: { status: 'active', provider: 'kbzpay' },
    });
    const me = (await s.call(usersApi.me, { token: buyer.token })).body.data;
    expect(me).toMatchObject({ create_account: true, active_plan: { slug: 'creator' } });
    const [before] = await subscriptionsOf(s, buyer.user.id);

    const replay = await notify(s, 'kbzpay', callbacks.kbz(payment));
    expect(replay.status).toBe(200);
    const subs = await subscriptionsOf(s, buyer.user.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]!.expires_at.getTime()).toBe(before!.expires_at.getTime());
    const outcomes = (
      await s.ctx.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.payment_id, payment.id))
    ).map((c) => c.outcome);
    expect(outcomes).toEqual(['paid', 'duplicate']);
  });

  it('rejects forged and wrong-amount callbacks, changes nothing, and keeps them for audit', async () => {
    const { buyer, payment } = await buy(s, 'kbzpay');
    const forged = await notify(s, 'kbzpay', callbacks.kbz(payment, 'PAY_SUCCESS', true));
    expect(forged.status).toBe(401);
    expect(forged.text).toBe('fail');
    const cheap = await notify(s, 'kbzpay', callbacks.kbz({ ...payment, amount: 1 }));
    expect(cheap.status).toBe(422);
    const unknown = await notify(s, 'kbzpay', callbacks.kbz({ order_id: 'INK_NOT_OURS', amount: 5000 }));
    expect(unknown.status).toBe(404);
    const garbage = await notify(s, 'kbzpay', { hello: 'world' });
    expect(garbage.status).toBe(401);
    // A validly signed AYA Pay callback cannot pay an order that was sent to KBZPay.
    const elsewhere = await notify(s, 'ayapay', callbacks.aya(payment), true);
    expect(elsewhere.status).toBe(409);
    expect(
      (await s.call(billingApi.payment, { params: { id: payment.id }, token: buyer.token })).body.data.status,
    ).toBe('pending');
    expect(await subscriptionsOf(s, buyer.user.id)).toHaveLength(0);
    const audit = await s.ctx.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.provider, 'kbzpay'));
    expect(audit.filter((c) => !c.signature_valid).length).toBeGreaterThanOrEqual(2);
    expect(audit.some((c) => c.outcome === 'amount_mismatch' && c.payment_id === payment.id)).toBe(true);
    const ayaAudit = await s.ctx.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.provider, 'ayapay'));
    expect(ayaAudit.some((c) => c.outcome === 'wrong_gateway' && c.payment_id === payment.id)).toBe(true);
  });

  it('PAY_BY_QRCODE answers with a QR code to show', async () => {
    const { payment } = await buy(qr, 'kbzpay');
    expect(payment.next_step).toMatchObject({ type: 'qr', qr_code: expect.stringContaining('kbzpay://pay') });
    expect(stepOf(payment, 'qr').qr_image).toMatch(/^data:image\/png;base64,/);
  });

  it('a gateway that is down fails the payment with a clear 502', async () => {
    gateways.setDown(true);
    try {
      const buyer = await signedIn(s);
      const plan = await creatorPlan(s);
      const res = await s.call(billingApi.subscribe, {
        token: buyer.token,
        body: { plan_id: plan.id, billing_cycle: 'monthly', payment_provider: 'kbzpay' },
        lang: 'my',
      });
      expect(res.status).toBe(502);
      expect(res.error.message).toBe('ငွေပေးချေမှု ဝန်ဆောင်မှုက မတုံ့ပြန်ပါ။ မိနစ်အနည်းငယ်အကြာတွင် ထပ်ကြိုးစားပါ။');
      const [row] = await s.ctx.db.select().from(payments).where(eq(payments.user_id, buyer.user.id));
      expect(row!.status).toBe('failed');
    } finally {
      gateways.setDown(false);
    }
  });
});

describe('WavePay', () => {
  it('posts the hashed form, redirects to authenticate, and accepts a callback carrying only the reference id', async () => {
    const { buyer, payment, row } = await buy(s, 'wavepay', 'yearly');
    expect(payment.amount).toBe(50000);
    const call = gateways.received.find((r) => r.path === '/wave/payment' && r.body.order_id === row.order_id)!;
    expect(call.signatureOk).toBe(true);
    expect(call.body.hash).toBe(waveRequestHash(call.body));
    expect(call.body).toMatchObject({
      merchant_id: FAKE.wave.merchantId,
      amount: '50000',
      merchant_reference_id: row.merchant_reference_id,
    });
    expect(JSON.parse(call.body.items)).toEqual([{ name: expect.any(String), amount: 50000 }]);
    expect(payment.next_step).toEqual({
      type: 'redirect',
      url: `${gateways.base}/wave/authenticate?transaction_id=wtx_${row.order_id}`,
    });

    const res = await notify(
      s,
      'wavepay',
      callbacks.wave({ merchant_reference_id: row.merchant_reference_id!, amount: 50000 }),
    );
    expect(res.status).toBe(200);
    const sub = (await s.call(billingApi.payment, { params: { id: payment.id }, token: buyer.token })).body.data
      .subscription!;
    expect(sub.billing_cycle).toBe('yearly');
    expect((Date.parse(sub.expires_at!) - Date.now()) / 86_400_000).toBeGreaterThan(364);
  });

  it('only PAYMENT_CONFIRMED pays; a forged hash is refused', async () => {
    const { buyer, payment, row } = await buy(s, 'wavepay');
    const forged = await notify(
      s,
      'wavepay',
      callbacks.wave({ merchant_reference_id: row.merchant_reference_id!, amount: 5000 }, 'PAYMENT_CONFIRMED', true),
    );
    expect(forged.status).toBe(401);
    const declined = await notify(
      s,
      'wavepay',
      callbacks.wave(
        { merchant_reference_id: row.merchant_reference_id!, amount: 5000, order_id: row.order_id },
        'INSUFFICIENT_BALANCE',
      ),
    );
    expect(declined.status).toBe(200);
    expect(
      (await s.call(billingApi.payment, { params: { id: payment.id }, token: buyer.token })).body.data.status,
    ).toBe('failed');
    expect(await subscriptionsOf(s, buyer.user.id)).toHaveLength(0);
  });
});

describe('AYA Pay', () => {
  it('hands the browser a form with a checksum over the values joined by colons', async () => {
    const { payment, row } = await buy(s, 'ayapay');
    expect(payment.next_step?.type).toBe('form');
    expect(stepOf(payment, 'form').action).toBe(`${gateways.base}/aya/v1/payment/request`);
    const f = stepOf(payment, 'form').fields;
    expect(f).toMatchObject({
      merchOrderId: row.order_id,
      amount: '5000',
      appKey: FAKE.aya.appKey,
      currencyCode: '104',
    });
    const order = [
      'merchOrderId',
      'amount',
      'appKey',
      'timestamp',
      'userRef1',
      'userRef2',
      'userRef3',
      'userRef4',
      'userRef5',
      'description',
      'currencyCode',
      'channel',
      'method',
    ];
    expect(f.checkSum).toBe(ayaChecksum(order.map((k) => f[k])));
  });

  it('accepts a base64 payload with a valid checksum (as a form post); 02 fails; a forged checksum is refused', async () => {
    const paid = await buy(s, 'ayapay');
    expect((await notify(s, 'ayapay', callbacks.aya(paid.payment), true)).status).toBe(200);
    expect(
      (await s.call(billingApi.payment, { params: { id: paid.payment.id }, token: paid.buyer.token })).body.data.status,
    ).toBe('paid');

    const failed = await buy(s, 'ayapay');
    expect((await notify(s, 'ayapay', callbacks.aya(failed.payment, '00', true), true)).status).toBe(401);
    expect((await notify(s, 'ayapay', callbacks.aya(failed.payment, '02'))).status).toBe(200);
    expect(
      (await s.call(billingApi.payment, { params: { id: failed.payment.id }, token: failed.buyer.token })).body.data
        .status,
    ).toBe('failed');
  });
});

describe('sandbox checkout (no merchant keys)', () => {
  it('approving pays through the signed notify path; declining leaves no subscription', async () => {
    const approved = await buy(sandbox, 'kbzpay');
    expect(approved.payment).toMatchObject({ sandbox: true, next_step: { type: 'sandbox' } });
    const stranger = await signedIn(sandbox);
    expect(
      (
        await sandbox.call(billingApi.sandboxDecision, {
          params: { id: approved.payment.id },
          token: stranger.token,
          body: { decision: 'approve' },
        })
      ).status,
    ).toBe(404);
    const ok = await sandbox.call(billingApi.sandboxDecision, {
      params: { id: approved.payment.id },
      token: approved.buyer.token,
      body: { decision: 'approve' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'paid', subscription: { status: 'active' } });
    const audit = await sandbox.ctx.db
      .select()
      .from(paymentCallbacks)
      .where(eq(paymentCallbacks.payment_id, approved.payment.id));
    expect(audit.map((c) => [c.provider, c.outcome, c.signature_valid])).toEqual([['sandbox', 'paid', true]]);

    const declined = await buy(sandbox, 'wavepay');
    const no = await sandbox.call(billingApi.sandboxDecision, {
      params: { id: declined.payment.id },
      token: declined.buyer.token,
      body: { decision: 'decline' },
    });
    expect(no.body.data).toMatchObject({ status: 'failed', subscription: null });
    expect(await subscriptionsOf(sandbox, declined.buyer.user.id)).toHaveLength(0);

    // Nobody can forge the sandbox's own callback without APP_SECRET.
    const forged = await notify(sandbox, 'sandbox', {
      order_id: declined.payment.order_id,
      status: 'paid',
      amount: 5000,
      currency: 'MMK',
      signature: 'x',
    });
    expect(forged.status).toBe(401);
    // Real gateways are not configured here: their notify endpoints refuse everything.
    expect((await notify(sandbox, 'kbzpay', callbacks.kbz(declined.payment))).status).toBe(404);
  });

  it('paying the same plan again extends it by one period', async () => {
    const first = await buy(sandbox, 'kbzpay');
    await sandbox.call(billingApi.sandboxDecision, {
      params: { id: first.payment.id },
      token: first.buyer.token,
      body: { decision: 'approve' },
    });
    const [before] = await subscriptionsOf(sandbox, first.buyer.user.id);
    const second = await buy(sandbox, 'kbzpay', 'monthly', first.buyer);
    await sandbox.call(billingApi.sandboxDecision, {
      params: { id: second.payment.id },
      token: first.buyer.token,
      body: { decision: 'approve' },
    });
    const subs = await subscriptionsOf(sandbox, first.buyer.user.id);
    expect(subs).toHaveLength(1);
    const days = (subs[0]!.expires_at.getTime() - before!.expires_at.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
  });

  it("someone else's payment answers 404", async () => {
    const { payment } = await buy(sandbox, 'ayapay');
    const other = await signedIn(sandbox);
    expect((await sandbox.call(billingApi.payment, { params: { id: payment.id }, token: other.token })).status).toBe(
      404,
    );
    expect((await sandbox.call(billingApi.payment, { params: { id: 999999 }, token: other.token })).status).toBe(404);
  });
});

describe('expiry', () => {
  it('ends lapsed subscriptions and abandoned payments', async () => {
    const paid = await buy(sandbox, 'kbzpay');
    await sandbox.call(billingApi.sandboxDecision, {
      params: { id: paid.payment.id },
      token: paid.buyer.token,
      body: { decision: 'approve' },
    });
    const abandoned = await buy(sandbox, 'kbzpay');
    await sandbox.ctx.db
      .update(subscriptions)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(subscriptions.user_id, paid.buyer.user.id));
    await sandbox.ctx.db
      .update(payments)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(payments.id, abandoned.payment.id));
    // The session already ignores a lapsed subscription, before the job runs.
    expect((await sandbox.call(usersApi.me, { token: paid.buyer.token })).body.data.active_plan).toBeNull();
    await expireBilling(sandbox.ctx);
    const [sub] = await subscriptionsOf(sandbox, paid.buyer.user.id);
    expect(sub!.status).toBe('expired');
    expect(
      (await sandbox.call(billingApi.payment, { params: { id: abandoned.payment.id }, token: abandoned.buyer.token }))
        .body.data.status,
    ).toBe('expired');
  });
});

describe('status queries', () => {
  const age = (server: TestServer, id: number) =>
    server.ctx.db
      .update(payments)
      .set({ created_at: sql`now() - interval '3 minutes'` })
      .where(eq(payments.id, id));
  const statusOf = async (server: TestServer, id: number) =>
    (await server.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!.status;

  it('settle what the payer cancelled at KBZPay and AYA Pay; a "paid" answer never pays without the callback', async () => {
    const cancelledKbz = await buy(s, 'kbzpay');
    const expiredAya = await buy(s, 'ayapay');
    const claimedPaid = await buy(s, 'kbzpay');
    const waiting = await buy(s, 'ayapay');
    const fresh = await buy(s, 'kbzpay');
    for (const p of [cancelledKbz, expiredAya, claimedPaid, waiting]) await age(s, p.payment.id);
    gateways.setStatus(cancelledKbz.payment.order_id, 'PAY_FAILED');
    gateways.setStatus(expiredAya.payment.order_id, '04');
    gateways.setStatus(claimedPaid.payment.order_id, 'PAY_SUCCESS');
    gateways.setStatus(fresh.payment.order_id, 'PAY_FAILED');
    const asked = gateways.received.length;

    await expireBilling(s.ctx);

    const queries = gateways.received.slice(asked);
    expect(queries.every((q) => q.signatureOk)).toBe(true);
    expect(queries.map((q) => q.path)).toEqual(expect.arrayContaining(['/kbz/queryorder', '/aya/v1/payment/enquiry']));
    expect(await statusOf(s, cancelledKbz.payment.id)).toBe('failed');
    expect(await statusOf(s, expiredAya.payment.id)).toBe('expired');
    expect(await statusOf(s, claimedPaid.payment.id)).toBe('pending');
    expect(await subscriptionsOf(s, claimedPaid.buyer.user.id)).toHaveLength(0);
    expect(await statusOf(s, waiting.payment.id)).toBe('pending');
    // Too new to ask about: the payer may still be in the wallet app.
    expect(await statusOf(s, fresh.payment.id)).toBe('pending');

    // The callback still pays the one the gateway called paid.
    const res = await notify(s, 'kbzpay', callbacks.kbz(claimedPaid.payment));
    expect(res.status).toBe(200);
    expect(await statusOf(s, claimedPaid.payment.id)).toBe('paid');
  });

  it('a gateway that is down leaves payments pending', async () => {
    const p = await buy(s, 'kbzpay');
    await age(s, p.payment.id);
    gateways.setDown(true);
    try {
      await expireBilling(s.ctx);
    } finally {
      gateways.setDown(false);
    }
    expect(await statusOf(s, p.payment.id)).toBe('pending');
  });
});

describe('production (security review: free plans through the sandbox)', () => {
  const production = { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40) };

  it('offers only configured wallets; the sandbox checkout and its callbacks do not exist', async () => {
    const kbzOnly = Object.fromEntries(Object.entries(gateways.env()).filter(([k]) => k.startsWith('KBZPAY_')));
    const prod = await startTestServer({ ...production, ...kbzOnly });
    try {
      const plans = await prod.call(billingApi.plans);
      expect(plans.body.meta).toEqual({ payment_providers: ['kbzpay'] });
      const buyer = await signedIn(prod);
      const plan = await creatorPlan(prod);
      for (const provider of ['wavepay', 'ayapay'] as const) {
        const refused = await prod.call(billingApi.subscribe, {
          token: buyer.token,
          body: { plan_id: plan.id, billing_cycle: 'monthly', payment_provider: provider },
        });
        expect(refused.status).toBe(422);
        expect(refused.error.errors!.payment_provider).toEqual([
          'Paying with this wallet is not available yet. Please choose another one.',
        ]);
      }
      expect(await prod.ctx.db.select().from(payments)).toHaveLength(0);

      const { payment } = await buy(prod, 'kbzpay', 'monthly', buyer);
      expect(payment.sandbox).toBe(false);
      const approve = await prod.call(billingApi.sandboxDecision, {
        params: { id: payment.id },
        token: buyer.token,
        body: { decision: 'approve' },
      });
      expect(approve.status).toBe(404);
      const forged = await notify(prod, 'sandbox', { order_id: payment.order_id, status: 'paid' });
      expect(forged.status).toBe(404);
      const [row] = await prod.ctx.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(row!.status).toBe('pending');
      expect(await prod.ctx.db.select().from(subscriptions)).toHaveLength(0);
    } finally {
      await prod.close();
    }
  });

  it('with no wallet configured nothing can be bought, only tried', async () => {
    const prod = await startTestServer(production);
    try {
      expect((await prod.call(billingApi.plans)).body.meta.payment_providers).toEqual([]);
      const buyer = await signedIn(prod);
      const plan = await creatorPlan(prod);
      const refused = await prod.call(billingApi.subscribe, {
        token: buyer.token,
        body: { plan_id: plan.id, billing_cycle: 'monthly', payment_provider: 'kbzpay' },
      });
      expect(refused.status).toBe(422);
      const trial = await prod.call(billingApi.subscribe, {
        token: buyer.token,
        body: { plan_id: plan.id, trial: true, payment_provider: 'free_trial' },
      });
      expect(trial.status).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it('outside production every wallet is offered, through the sandbox when it has no keys', async () => {
    expect((await sandbox.call(billingApi.plans)).body.meta.payment_providers).toEqual(['kbzpay', 'wavepay', 'ayapay']);
  });
});
