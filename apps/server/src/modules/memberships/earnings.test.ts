import { membershipsApi, notificationsApi, type Payment } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, memberships, payments } from '../../db/schema';
import { createCreatorAccount } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { approvePayment } from '../../../test/membership-helpers';
import { castAccount, castOf, row, tryEveryone, type Cast } from '../../../test/policy-table';
import { waitUntil } from '../../../test/wait-for';

let s: TestServer;
let cast: Cast;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
});
afterAll(() => s?.close());

type Person = { token: string; user: { id: number } };

const approve = (payer: Person, payment: Payment) => approvePayment(s, payer, payment);

/** An owner's account with a 20,000 kyat tier, a member, and a 5,000 kyat tip: 25,000 in, 23,750 theirs. */
async function earningAccount(owner: Person, accountId: number) {
  const tier = (
    await s.call(membershipsApi.createTier, {
      token: owner.token,
      params: { id: accountId },
      body: { name: 'Patron', monthly_price: 20000 },
    })
  ).body.data;
  const reader = await signedIn(s, { name: '=HYPERLINK("x")' });
  const joined = await s.call(membershipsApi.join, {
    token: reader.token,
    params: { id: tier.id },
    body: { billing_cycle: 'monthly', payment_provider: 'kbzpay' },
  });
  await approve(reader, joined.body.data.payment);
  const tip = await s.call(membershipsApi.tip, {
    token: reader.token,
    body: { account_id: accountId, amount: 5000, payment_provider: 'wavepay' },
  });
  await approve(reader, tip.body.data.payment);
  await waitUntil(async () =>
    (await s.call(membershipsApi.memberships, { token: reader.token })).body.data[0]?.status === 'active'
      ? true
      : undefined,
  );
  return { tier, reader, membershipPayment: joined.body.data.payment, tipPayment: tip.body.data.payment };
}

/** The hold passes: everything booked so far becomes withdrawable. */
const releaseHold = (accountId: number) =>
  s.ctx.db
    .update(ledgerEntries)
    .set({ available_at: new Date(Date.now() - 1000) })
    .where(eq(ledgerEntries.account_id, accountId));

describe('earnings', () => {
  it('the owner reads gross, fee and net, the day, members by tier and the balance; editors and readers may not', async () => {
    const account = await castAccount(cast);
    const owner = cast.people.owner as Person;
    const { tier } = await earningAccount(owner, account.id);
    const res = await s.call(membershipsApi.earnings, { token: owner.token, params: { id: account.id } });
    expect(res.status).toBe(200);
    const e = res.body.data;
    expect(e.this_month).toEqual([
      { currency: 'MMK', gross: 25000, fee: 1250, net: 23750, memberships: 20000, tips: 5000 },
    ]);
    expect(e.last_month).toEqual([]);
    expect(e.days).toHaveLength(1);
    expect(e.days[0]).toMatchObject({ currency: 'MMK', net: 23750 });
    expect(e.members_by_tier).toEqual([{ tier_id: tier.id, name: 'Patron', members: 1 }]);
    expect(e.new_members).toBe(1);
    expect(e.balances).toEqual([{ currency: 'MMK', available: 0, pending: 23750 }]);
    const bad = await s.call(membershipsApi.earnings, {
      token: owner.token,
      params: { id: account.id },
      rawQuery: { month: '2026-13' },
    });
    expect(bad.status).toBe(422);
    for (const month of ['0000-01', '20261-01', '2026-1'])
      expect(
        (await s.call(membershipsApi.earnings, { token: owner.token, params: { id: account.id }, rawQuery: { month } }))
          .status,
        month,
      ).toBe(422);

    const statuses = await tryEveryone(cast, 'insights.view', async (person) => ({
      status: (await s.call(membershipsApi.earnings, { token: person.token, params: { id: account.id } })).status,
    }));
    expect(statuses).toEqual(row(401, 403, 403, 200, 403, 403, 200, 200));
  });

  it('lists members and exports them as CSV a spreadsheet cannot run', async () => {
    const owner = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id);
    const { reader, tier } = await earningAccount(owner, account.id);
    const list = await s.call(membershipsApi.members, { token: owner.token, params: { id: account.id } });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ user: { id: reader.user.id }, tier: { id: tier.id }, status: 'active' });
    expect(list.body.meta.total).toBe(1);
    const none = await s.call(membershipsApi.members, {
      token: owner.token,
      params: { id: account.id },
      query: { status: 'expired' },
    });
    expect(none.body.data).toEqual([]);
    const huge = await s.call(membershipsApi.members, {
      token: owner.token,
      params: { id: account.id },
      rawQuery: { tier_id: '99999999999' },
    });
    expect(huge.status).toBe(422);
    const csv = await s.call(membershipsApi.membersCsv, { token: owner.token, params: { id: account.id } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = String(csv.body);
    // (fetch's text() drops the byte-order mark the server sends for spreadsheets.)
    expect(text.replace(/^\uFEFF/, '').startsWith('name,username,tier')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    const stranger = await signedIn(s);
    expect(
      (await s.call(membershipsApi.membersCsv, { token: stranger.token, params: { id: account.id } })).status,
    ).toBe(403);
  });
});

describe('payouts and refunds', () => {
  it('pays out no more than is available, once; an administrator pays or rejects, and the owners hear', async () => {
    const owner = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id);
    await earningAccount(owner, account.id);
    const ask = (amount: number, token = owner.token, wallet = '09 7812 34567') =>
      s.call(membershipsApi.requestPayout, {
        token,
        params: { id: account.id },
        body: { amount, provider: 'kbzpay', wallet_number: wallet },
      });
    const held = await ask(10000);
    expect(held.status).toBe(422);
    expect(held.error.errors?.amount).toBeDefined();
    await releaseHold(account.id);
    expect((await ask(10000, owner.token, 'not a number')).status).toBe(422);
    const editor = await signedIn(s);
    await s.ctx.db.execute(
      sql`insert into account_users (account_id, user_id, role) values (${account.id}, ${editor.user.id}, 'editor')`,
    );
    expect((await ask(10000, editor.token)).status).toBe(403);
    // Burmese digits are digits.
    const first = await ask(12000, owner.token, '၀၉၇၈၁၂၃၄၅၆၇');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      status: 'requested',
      amount: 12000,
      wallet_number: '097812345 67'.replace(' ', ''),
    });
    const balance = async () =>
      (await s.call(membershipsApi.earnings, { token: owner.token, params: { id: account.id } })).body.data
        .balances[0]!;
    expect((await balance()).available).toBe(23750 - 12000);
    const second = await ask(11750);
    expect(second.status).toBe(201);
    expect((await ask(10000)).status).toBe(422);

    const admin = cast.people.admin as Person;
    const queue = await s.call(membershipsApi.adminPayouts, { token: admin.token, query: { status: 'requested' } });
    expect(queue.body.data.map((p) => p.id)).toEqual(expect.arrayContaining([first.body.data.id, second.body.data.id]));
    const lacking = await cast.lacking('payouts.manage');
    expect((await s.call(membershipsApi.adminPayouts, { token: lacking.token })).status).toBe(403);
    expect((await s.call(membershipsApi.adminPayouts, { token: owner.token })).status).toBe(403);

    const paid = await s.call(membershipsApi.payoutPaid, {
      token: admin.token,
      params: { id: first.body.data.id },
      body: { reference: 'KBZ-778812' },
    });
    expect(paid.body.data).toMatchObject({ status: 'paid', reference: 'KBZ-778812' });
    const again = await s.call(membershipsApi.payoutReject, {
      token: admin.token,
      params: { id: first.body.data.id },
      body: { reason: 'late' },
    });
    expect(again.status).toBe(409);
    const rejected = await s.call(membershipsApi.payoutReject, {
      token: admin.token,
      params: { id: second.body.data.id },
      body: { reason: 'The wallet number does not answer' },
    });
    expect(rejected.body.data.status).toBe('rejected');
    // Paid: 12,000 left; rejected: its 11,750 is available again.
    expect(await balance()).toMatchObject({ available: 11750, pending: 0 });
    const told = await waitUntil(async () => {
      const list = (await s.call(notificationsApi.list, { token: owner.token })).body.data.filter(
        (n) => n.type === 'payout',
      );
      return list.length === 2 ? list : undefined;
    });
    expect(told!.map((n) => n.payload.status).sort()).toEqual(['paid', 'rejected']);
  });

  it('an administrator refunds a membership: the ledger is reversed and the pass ends; only once, only with the permission', async () => {
    const owner = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id);
    const { reader, membershipPayment } = await earningAccount(owner, account.id);
    const refund = (token: string | undefined, id = membershipPayment.id) =>
      s.call(membershipsApi.refund, { token, params: { id }, body: { reason: 'Charged twice' } });
    expect((await refund((await cast.lacking('payments.refund')).token)).status).toBe(403);
    expect((await refund(reader.token)).status).toBe(403);
    // The refunds screen finds it by the payer's username; a trimmed admin and the payer may not list.
    const list = (query: Record<string, string>, token = cast.people.root.token) =>
      s.call(membershipsApi.adminPayments, { token, query });
    const found = await list({ q: reader.user.username });
    expect(found.status).toBe(200);
    expect(found.body.data.map((p) => [p.purpose, p.status, p.amount])).toEqual([
      ['tip', 'paid', 5000],
      ['membership', 'paid', 20000],
    ]);
    expect(found.body.data[1]).toMatchObject({
      order_id: membershipPayment.order_id,
      account: { id: account.id },
      tier: { name: 'Patron' },
      user: { id: reader.user.id },
    });
    expect((await list({ q: membershipPayment.order_id, purpose: 'tip' })).body.data).toEqual([]);
    expect((await list({ status: 'paid' }, (await cast.lacking('payments.refund')).token)).status).toBe(403);
    expect((await list({ status: 'paid' }, reader.token)).status).toBe(403);
    expect((await list({ status: 'pending' })).status).toBe(422);
    const done = await refund(cast.people.root.token);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id: membershipPayment.id, status: 'refunded', tier: { name: 'Patron' } });
    expect(done.body.message).toBe('The payment has been refunded and its ledger entries reversed.');
    expect((await list({ q: membershipPayment.order_id, status: 'refunded' })).body.data.map((p) => p.id)).toEqual([
      membershipPayment.id,
    ]);
    expect((await refund(cast.people.root.token)).status).toBe(409);
    const byBook = await s.ctx.db
      .select({ book: ledgerEntries.book, sum: sql<number>`sum(${ledgerEntries.amount})::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.payment_id, membershipPayment.id))
      .groupBy(ledgerEntries.book);
    expect(byBook.map((b) => b.sum)).toEqual([0, 0, 0]);
    await waitUntil(async () => {
      const [m] = await s.ctx.db.select().from(memberships).where(eq(memberships.user_id, reader.user.id));
      return m?.status === 'expired' ? m : undefined;
    });
    // A plan's payment is not refunded here.
    const planBuyer = await signedIn(s);
    const [plan] = await s.ctx.db
      .execute<{ id: number }>(sql`select id from plans where slug = 'creator'`)
      .then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: { id: number }[] }).rows));
    const [planPayment] = await s.ctx.db
      .insert(payments)
      .values({
        user_id: planBuyer.user.id,
        plan_id: plan!.id,
        billing_cycle: 'monthly',
        provider: 'kbzpay',
        order_id: `INK_TEST_${Date.now()}`,
        amount: 5000,
        status: 'paid',
        expires_at: new Date(),
      })
      .returning();
    expect((await refund(cast.people.root.token, planPayment!.id)).status).toBe(409);
  });

  it('every ledger transaction sums to zero', async () => {
    const rows = await s.ctx.db
      .select({ id: ledgerEntries.transaction_id })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.transaction_id)
      .having(sql`sum(${ledgerEntries.amount}) <> 0`);
    expect(rows).toEqual([]);
  });
});
