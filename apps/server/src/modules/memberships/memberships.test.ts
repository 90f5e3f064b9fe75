import { billingApi, membershipsApi, type Payment, type TierBody } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUsers, ledgerEntries, membershipPeriods, memberships } from '../../db/schema';
import { createCreatorAccount } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castAccount, castOf, row, tryEveryone, type Cast } from '../../../test/policy-table';
import { waitUntil } from '../../../test/wait-for';
import { sandboxCallback } from '../billing';

let s: TestServer;
let cast: Cast;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
});
afterAll(() => s?.close());

const tierBody = (over: Partial<TierBody> = {}): TierBody => ({
  name: 'Supporter',
  description: 'Early posts',
  benefits: ['Members-only posts', ' ', 'A monthly letter'],
  monthly_price: 3000,
  yearly_price: 30000,
  ...over,
});

/** A creator with an approved account and one tier. */
async function creatorWithTier(over: Partial<TierBody> = {}) {
  const owner = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, owner.user.id);
  const res = await s.call(membershipsApi.createTier, {
    token: owner.token,
    params: { id: account.id },
    body: tierBody(over),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { owner, account, tier: res.body.data };
}

/** The payer approves the sandbox checkout (a signed callback through the notify endpoint). */
async function approve(payer: { token: string }, payment: Payment) {
  const res = await s.call(billingApi.sandboxDecision, {
    token: payer.token,
    params: { id: payment.id },
    body: { decision: 'approve' },
  });
  expect(res.status).toBe(200);
  expect(res.body.data.status).toBe('paid');
}

/** `POST /tiers/{id}/join` as `person` (a guest without one), monthly with KBZPay unless asked. */
const tryJoin = (person: { token?: string }, tierId: number, cycle: 'monthly' | 'yearly' = 'monthly') =>
  s.call(membershipsApi.join, {
    token: person.token,
    params: { id: tierId },
    body: { billing_cycle: cycle, payment_provider: 'kbzpay' },
  });

async function join(person: { token: string }, tierId: number, cycle: 'monthly' | 'yearly' = 'monthly') {
  const res = await tryJoin(person, tierId, cycle);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.payment;
}

const mine = async (person: { token: string }) =>
  (await s.call(membershipsApi.memberships, { token: person.token })).body.data;

const ledgerOf = (paymentId: number) =>
  s.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.payment_id, paymentId));

describe('tiers', () => {
  it('owners, editors and account editors among admins define tiers; nobody else (policy table)', async () => {
    const account = await castAccount(cast);
    const statuses = await tryEveryone(cast, 'accounts.edit', async (person, who) => {
      const res = await s.call(membershipsApi.createTier, {
        token: person.token,
        params: { id: account.id },
        body: tierBody({ name: `Tier of ${who}` }),
      });
      const listed = await s.call(membershipsApi.tiers, { token: person.token, params: { id: account.id } });
      return { status: res.status, flag: who === 'guest' ? undefined : listed.body.data[0]?.can_modify };
    });
    expect(statuses).toEqual(row(401, 403, 201, 201, 403, 403, 201, 201));
    // Readers see the offer without the count; the account's people see how many joined.
    const asReader = await s.call(membershipsApi.tiers, {
      token: cast.people.reader.token,
      params: { id: account.id },
    });
    expect(asReader.body.data.map((t) => t.members_count)).toEqual([null, null, null, null]);
    const asOwner = await s.call(membershipsApi.tiers, { token: cast.people.owner.token, params: { id: account.id } });
    expect(asOwner.body.data.map((t) => t.members_count)).toEqual([0, 0, 0, 0]);
  });

  it('keeps at most five, validates prices and words, hides for readers, deletes only unused tiers', async () => {
    const { owner, account, tier } = await creatorWithTier();
    expect(tier.benefits).toEqual(['Members-only posts', 'A monthly letter']);
    const bad = await s.call(membershipsApi.createTier, {
      token: owner.token,
      params: { id: account.id },
      body: tierBody({ monthly_price: 0, name: ' ' }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.error.errors ?? {}).sort()).toEqual(['monthly_price', 'name']);
    for (let i = 0; i < 4; i++)
      expect(
        (await s.call(membershipsApi.createTier, { token: owner.token, params: { id: account.id }, body: tierBody() }))
          .status,
      ).toBe(201);
    const sixth = await s.call(membershipsApi.createTier, {
      token: owner.token,
      params: { id: account.id },
      body: tierBody(),
    });
    expect(sixth.status).toBe(422);
    expect(sixth.error.code).toBe('memberships.tiers_max');

    const hidden = await s.call(membershipsApi.updateTier, {
      token: owner.token,
      params: { id: tier.id },
      body: tierBody({ hidden: true, name: 'ပံ့ပိုးသူ' }),
    });
    expect(hidden.body.data).toMatchObject({ hidden: true, name: 'ပံ့ပိုးသူ' });
    const reader = await signedIn(s);
    const seen = await s.call(membershipsApi.tiers, { token: reader.token, params: { id: account.id } });
    expect(seen.body.data.map((t) => t.id)).not.toContain(tier.id);
    expect(
      (await s.call(membershipsApi.updateTier, { token: reader.token, params: { id: tier.id }, body: tierBody() }))
        .status,
    ).toBe(403);
    expect((await s.call(membershipsApi.deleteTier, { token: reader.token, params: { id: tier.id } })).status).toBe(
      403,
    );
    const deleted = await s.call(membershipsApi.deleteTier, { token: owner.token, params: { id: tier.id } });
    expect(deleted.status).toBe(200);
    expect((await s.call(membershipsApi.deleteTier, { token: owner.token, params: { id: tier.id } })).status).toBe(404);
  });

  it("answers 404 for an account one may not see, and for a tier that isn't there", async () => {
    const owner = await signedIn(s);
    const pending = await createCreatorAccount(s.ctx.db, owner.user.id, { approved: 'pending' });
    const reader = await signedIn(s);
    expect((await s.call(membershipsApi.tiers, { token: reader.token, params: { id: pending.id } })).status).toBe(404);
    expect(
      (await s.call(membershipsApi.createTier, { token: reader.token, params: { id: pending.id }, body: tierBody() }))
        .status,
    ).toBe(404);
    expect((await tryJoin(reader, 999_999)).status).toBe(404);
  });
});

describe('joining', () => {
  it('starts the pass only when the signed callback arrives, once; books the fee; a replay or a forgery changes nothing', async () => {
    const { owner, account, tier } = await creatorWithTier();
    const reader = await signedIn(s);
    const payment = await join(reader, tier.id);
    expect(payment).toMatchObject({ purpose: 'membership', amount: 3000, currency: 'MMK', status: 'pending' });
    expect(payment.plan).toBeNull();
    expect(await mine(reader)).toEqual([]);
    // A forged callback (a wrong signature) is refused and grants nothing.
    const forged = {
      ...sandboxCallback('not-the-secret', {
        order_id: payment.order_id,
        status: 'paid',
        amount: 3000,
        currency: 'MMK',
      }),
    };
    expect((await s.call(billingApi.notify, { params: { provider: 'sandbox' }, rawBody: forged })).status).toBe(401);
    // Underpaid: signed, but not the amount asked.
    const cheap = sandboxCallback(s.ctx.appSecret, {
      order_id: payment.order_id,
      status: 'paid',
      amount: 30,
      currency: 'MMK',
    });
    expect((await s.call(billingApi.notify, { params: { provider: 'sandbox' }, rawBody: cheap })).status).toBe(422);
    expect(await ledgerOf(payment.id)).toEqual([]);

    await approve(reader, payment);
    const live = (await waitUntil(async () => {
      const list = await mine(reader);
      return list[0]?.status === 'active' ? list : undefined;
    }))![0];
    expect(live).toMatchObject({
      tier: { id: tier.id },
      account: { id: account.id },
      billing_cycle: 'monthly',
      stopped: false,
    });
    const days = (Date.parse(live!.expires_at!) - Date.parse(live!.started_at!)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const rows = await ledgerOf(payment.id);
    expect(rows.map((r) => [r.book, r.amount]).sort()).toEqual([
      ['creator', -2850],
      ['gateway', 3000],
      ['platform', -150],
    ]);
    expect(new Set(rows.map((r) => r.transaction_id)).size).toBe(1);

    // The same signed callback again: acknowledged, nothing booked or extended twice.
    const replay = sandboxCallback(s.ctx.appSecret, {
      order_id: payment.order_id,
      status: 'paid',
      amount: 3000,
      currency: 'MMK',
    });
    expect((await s.call(billingApi.notify, { params: { provider: 'sandbox' }, rawBody: replay })).status).toBe(200);
    expect(await ledgerOf(payment.id)).toHaveLength(3);
    const periods = await s.ctx.db.select().from(membershipPeriods).where(eq(membershipPeriods.payment_id, payment.id));
    expect(periods).toHaveLength(1);
    expect((await mine(reader))[0]!.expires_at).toBe(live!.expires_at);

    const counted = await s.call(membershipsApi.tiers, { token: owner.token, params: { id: account.id } });
    expect(counted.body.data[0]!.members_count).toBe(1);
    // A tier someone joined keeps its history: hidden, not deleted.
    const del = await s.call(membershipsApi.deleteTier, { token: owner.token, params: { id: tier.id } });
    expect(del.status).toBe(409);
    expect(del.error.code).toBe('memberships.tier_has_members');
  });

  it('five identical signed callbacks at once credit the pass and the ledger once', async () => {
    const { tier } = await creatorWithTier();
    const reader = await signedIn(s);
    const payment = await join(reader, tier.id);
    const callback = () =>
      s.call(billingApi.notify, {
        params: { provider: 'sandbox' },
        rawBody: sandboxCallback(s.ctx.appSecret, {
          order_id: payment.order_id,
          status: 'paid',
          amount: 3000,
          currency: 'MMK',
        }),
      });
    const answers = await Promise.all(Array.from({ length: 5 }, callback));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const live = await waitUntil(async () => (await mine(reader)).find((m) => m.status === 'active'));
    expect(await ledgerOf(payment.id)).toHaveLength(3);
    const periods = await s.ctx.db.select().from(membershipPeriods).where(eq(membershipPeriods.payment_id, payment.id));
    expect(periods).toHaveLength(1);
    const days = (Date.parse(live.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeLessThanOrEqual(31);
  });

  it('renews from the later of now and the end; after the end, from now', async () => {
    const { tier } = await creatorWithTier();
    const reader = await signedIn(s);
    await approve(reader, await join(reader, tier.id));
    const first = (await waitUntil(async () => (await mine(reader)).find((m) => m.status === 'active')))!;
    const renewal = await s.call(membershipsApi.renew, {
      token: reader.token,
      params: { id: first.id },
      body: { billing_cycle: 'yearly', payment_provider: 'wavepay' },
    });
    expect(renewal.status).toBe(200);
    expect(renewal.body.data.payment.amount).toBe(30000);
    await approve(reader, renewal.body.data.payment);
    const end = new Date(first.expires_at!);
    end.setUTCFullYear(end.getUTCFullYear() + 1);
    await waitUntil(async () => ((await mine(reader))[0]!.expires_at === end.toISOString() ? true : undefined));

    // Long past its end (expired), a renewal counts from now.
    await s.ctx.db
      .update(memberships)
      .set({ status: 'expired', expires_at: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(memberships.id, first.id));
    const again = await s.call(membershipsApi.renew, {
      token: reader.token,
      params: { id: first.id },
      body: { billing_cycle: 'monthly', payment_provider: 'ayapay' },
    });
    await approve(reader, again.body.data.payment);
    const renewed = (await waitUntil(async () => (await mine(reader)).find((m) => m.status === 'active')))!;
    const days = (Date.parse(renewed.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    // Someone else's membership answers like a missing one.
    const other = await signedIn(s);
    expect(
      (
        await s.call(membershipsApi.renew, {
          token: other.token,
          params: { id: first.id },
          body: { billing_cycle: 'monthly', payment_provider: 'kbzpay' },
        })
      ).status,
    ).toBe(404);
    expect((await s.call(membershipsApi.stop, { token: other.token, params: { id: first.id } })).status).toBe(404);
    const stopped = await s.call(membershipsApi.stop, { token: reader.token, params: { id: first.id } });
    expect(stopped.body.data).toMatchObject({ status: 'stopped', stopped: true });
  });

  it('refuses its own people, a hidden tier, a missing yearly price, and guests', async () => {
    const { owner, account, tier } = await creatorWithTier({ yearly_price: null });
    const ownJoin = await tryJoin(owner, tier.id);
    expect(ownJoin.status).toBe(403);
    const editor = await signedIn(s);
    await s.ctx.db.insert(accountUsers).values({ account_id: account.id, user_id: editor.user.id, role: 'editor' });
    expect((await tryJoin(editor, tier.id)).status).toBe(403);
    const reader = await signedIn(s);
    const yearly = await tryJoin(reader, tier.id, 'yearly');
    expect(yearly.status).toBe(422);
    expect(yearly.error.errors?.billing_cycle).toBeDefined();
    expect((await tryJoin({}, tier.id)).status).toBe(401);

    const second = await s.call(membershipsApi.createTier, {
      token: owner.token,
      params: { id: account.id },
      body: tierBody({ name: 'Patron', monthly_price: 9000, position: 1 }),
    });
    await approve(reader, await join(reader, tier.id));
    await waitUntil(async () => (await mine(reader)).find((m) => m.status === 'active'));
    // (Moving between tiers has its own test below.)

    await s.call(membershipsApi.updateTier, {
      token: owner.token,
      params: { id: second.body.data.id },
      body: tierBody({ name: 'Patron', monthly_price: 9000, hidden: true }),
    });
    const newcomer = await signedIn(s);
    expect((await tryJoin(newcomer, second.body.data.id)).status).toBe(404);
  });
});

describe('moving between tiers', () => {
  it('an upgrade pays the new price less what the days left are worth; a downgrade the credit covers is free and keeps the end', async () => {
    const { owner, account, tier } = await creatorWithTier();
    const patron = (
      await s.call(membershipsApi.createTier, {
        token: owner.token,
        params: { id: account.id },
        body: tierBody({ name: 'Patron', monthly_price: 9000, position: 1 }),
      })
    ).body.data;
    const reader = await signedIn(s);
    await approve(reader, await join(reader, tier.id));
    const first = await waitUntil(async () => (await mine(reader)).find((m) => m.status === 'active'));
    // My memberships say what renewing costs.
    expect(first.tier).toMatchObject({ id: tier.id, monthly_price: 3000, yearly_price: 30000, currency: 'MMK' });
    // The tier cards quote the move before it is made: Patron less my credit; my own tier, nothing to quote.
    const quoted = (await s.call(membershipsApi.tiers, { token: reader.token, params: { id: account.id } })).body.data;
    const quote = quoted.find((t) => t.id === patron.id)!.move_price!;
    expect(quote.monthly).toBeGreaterThanOrEqual(6000);
    expect(quote.monthly).toBeLessThanOrEqual(6300);
    // A year of Patron (30,000) less the same credit (9,000 less the monthly quote).
    expect(quote.yearly).toBe(30000 - (9000 - quote.monthly));
    expect(quoted.find((t) => t.id === tier.id)!.move_price).toBeNull();
    const stranger = await signedIn(s);
    const unquoted = await s.call(membershipsApi.tiers, { token: stranger.token, params: { id: account.id } });
    expect(unquoted.body.data.map((t) => t.move_price)).toEqual([null, null]);

    const up = await join(reader, patron.id);
    // About a month left of a 3,000 pass is worth about 3,000 (a 30-day cycle, at most one counted; rounded down).
    expect(up).toMatchObject({ tier_id: patron.id, membership_id: first.id, status: 'pending' });
    expect(up.amount).toBeGreaterThanOrEqual(6000);
    expect(up.amount).toBeLessThanOrEqual(6300);
    // What was quoted is what is asked (a kyat more at most: the credit shrinks as time passes).
    expect(up.amount - quote.monthly).toBeGreaterThanOrEqual(0);
    expect(up.amount - quote.monthly).toBeLessThanOrEqual(1);
    await approve(reader, up);
    const upgraded = await waitUntil(async () => (await mine(reader)).find((m) => m.tier.id === patron.id));
    const days = (Date.parse(upgraded.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    const back = (await s.call(membershipsApi.tiers, { token: reader.token, params: { id: account.id } })).body.data;
    expect(back.find((t) => t.id === tier.id)!.move_price!.monthly).toBe(0);
    const down = await join(reader, tier.id);
    expect(down).toMatchObject({ amount: 0, status: 'paid', next_step: null });
    const downgraded = await waitUntil(async () => (await mine(reader)).find((m) => m.tier.id === tier.id));
    expect(downgraded.expires_at).toBe(upgraded.expires_at);
    expect(await ledgerOf(down.id)).toEqual([]);
    const counts = (await s.call(membershipsApi.tiers, { token: owner.token, params: { id: account.id } })).body.data;
    expect(counts.map((t) => [t.name, t.members_count])).toEqual([
      ['Supporter', 1],
      ['Patron', 0],
    ]);
  });
});

describe('tips', () => {
  it('books a tip with the fee and a hold; refuses its own people, bad amounts and another account’s post', async () => {
    const { owner, account } = await creatorWithTier();
    const reader = await signedIn(s);
    const res = await s.call(membershipsApi.tip, {
      token: reader.token,
      body: { account_id: account.id, amount: 5000, message: 'ကျေးဇူးပါ', payment_provider: 'kbzpay' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.payment).toMatchObject({ purpose: 'tip', amount: 5000, account_id: account.id });
    await approve(reader, res.body.data.payment);
    const rows = await ledgerOf(res.body.data.payment.id);
    expect(rows.map((r) => [r.book, r.amount]).sort()).toEqual([
      ['creator', -4750],
      ['gateway', 5000],
      ['platform', -250],
    ]);
    // Held for refunds: not yet withdrawable.
    expect(rows.find((r) => r.book === 'creator')!.available_at.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const own = await s.call(membershipsApi.tip, {
      token: owner.token,
      body: { account_id: account.id, amount: 5000, payment_provider: 'kbzpay' },
    });
    expect(own.status).toBe(403);
    const tiny = await s.call(membershipsApi.tip, {
      token: reader.token,
      body: { account_id: account.id, amount: 50, payment_provider: 'kbzpay' },
    });
    expect(tiny.status).toBe(422);
    expect(tiny.error.errors?.amount).toBeDefined();
    const overflow = await s.call(membershipsApi.tip, {
      token: reader.token,
      rawBody: { account_id: account.id, post_id: 99_999_999_999, amount: 5000, payment_provider: 'kbzpay' },
    });
    expect(overflow.status).toBe(422);
    const elsewhere = await creatorWithTier();
    const [post] = await s.ctx.db
      .execute<{ id: number }>(
        sql`insert into posts (account_id, author_id, type, title, content, slug, visible)
          values (${elsewhere.account.id}, ${elsewhere.owner.user.id}, 'status', '', 'hi', ${`tip-${Date.now()}`}, true)
          returning id`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { id: number }[] }).rows));
    const wrongPost = await s.call(membershipsApi.tip, {
      token: reader.token,
      body: { account_id: account.id, post_id: post!.id, amount: 5000, payment_provider: 'kbzpay' },
    });
    expect(wrongPost.status).toBe(422);
    expect(wrongPost.error.errors?.post_id).toBeDefined();
  });

  it('every ledger transaction sums to zero', async () => {
    const unbalanced = await s.ctx.db.execute(
      sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`,
    );
    const rows = Array.isArray(unbalanced) ? unbalanced : (unbalanced as { rows: unknown[] }).rows;
    expect(rows).toEqual([]);
    const [{ n }] = (await s.ctx.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries)) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(12);
  });
});
