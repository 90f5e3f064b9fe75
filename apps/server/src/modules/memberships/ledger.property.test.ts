import { PAYOUT_MIN, membershipsApi, type Payment } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema';
import { createCreatorAccount } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { approvePayment } from '../../../test/membership-helpers';
import { castOf, type Cast } from '../../../test/policy-table';
import { prng } from '../../../test/random';

/*
 * The ledger's property: whatever readers, owners and administrators do, in whatever order, every transaction's
 * rows sum to zero, and what the account is owed is exactly the sum of its rows — the creator's share of each
 * payment still standing, less what was paid out — which is also what its earnings screen shows. Sequences are
 * drawn from a seeded generator, so a failure names the seed that reproduces it.
 */

const RUNS = [20261128, 7, 4242, 99, 31337];
const STEPS = 40;

let s: TestServer;
let cast: Cast;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
});
afterAll(() => s?.close());

type Person = { token: string; user: { id: number } };

const approve = (payer: Person, payment: Payment) => approvePayment(s, payer, payment);

describe('the ledger under random sequences', () => {
  it.each(RUNS)('balances to the kyat after joins, renewals, tips, refunds and payouts (seed %i)', async (seed) => {
    const random = prng(seed);
    const fee = (amount: number) => Math.round((amount * s.ctx.config.payments.platformFeePercent) / 100);
    const owner = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id);
    const tiers = await Promise.all(
      [
        { name: 'Friend', monthly_price: 3000, yearly_price: 30000, position: 0 },
        { name: 'Patron', monthly_price: 15000, yearly_price: null, position: 1 },
      ].map(
        async (body) =>
          (await s.call(membershipsApi.createTier, { token: owner.token, params: { id: account.id }, body })).body.data,
      ),
    );
    const readers: Person[] = [];
    /** The model: payments standing (booked, not refunded), payouts asked for and their fate. */
    const standing = new Map<number, number>();
    const requested = new Map<number, number>();
    let paidOut = 0;
    const owed = () => [...standing.values()].reduce((sum, a) => sum + a - fee(a), 0) - paidOut;
    const available = () => owed() - [...requested.values()].reduce((sum, a) => sum + a, 0);
    // Everything booked is withdrawable at once: the hold is its own test (earnings.test.ts).
    const releaseHold = () =>
      s.ctx.db
        .update(ledgerEntries)
        .set({ available_at: new Date(Date.now() - 1000) })
        .where(eq(ledgerEntries.account_id, account.id));
    const paid = async (payer: Person, payment: Payment) => {
      await approve(payer, payment);
      standing.set(payment.id, payment.amount);
      await releaseHold();
    };

    const operations = {
      join: async () => {
        const reader = await signedIn(s);
        readers.push(reader);
        const tier = random.pick(tiers);
        const cycle = tier.yearly_price !== null && random.between(0, 1) ? 'yearly' : 'monthly';
        const joined = await s.call(membershipsApi.join, {
          token: reader.token,
          params: { id: tier.id },
          body: { billing_cycle: cycle, payment_provider: random.pick(['kbzpay', 'wavepay', 'ayapay'] as const) },
        });
        expect(joined.status).toBe(200);
        await paid(reader, joined.body.data.payment);
      },
      renew: async () => {
        const reader = readers.length ? random.pick(readers) : undefined;
        const mine = reader && (await s.call(membershipsApi.memberships, { token: reader.token })).body.data[0];
        if (!reader || !mine || mine.status === 'expired') return;
        const renewed = await s.call(membershipsApi.renew, {
          token: reader.token,
          params: { id: mine.id },
          body: { billing_cycle: 'monthly', payment_provider: 'kbzpay' },
        });
        expect(renewed.status).toBe(200);
        await paid(reader, renewed.body.data.payment);
      },
      tip: async () => {
        const tipper = readers.length && random.between(0, 1) ? random.pick(readers) : await signedIn(s);
        const tip = await s.call(membershipsApi.tip, {
          token: tipper.token,
          body: { account_id: account.id, amount: random.between(100, 20000), payment_provider: 'wavepay' },
        });
        expect(tip.status).toBe(201);
        await paid(tipper, tip.body.data.payment);
      },
      refund: async () => {
        if (standing.size === 0) return;
        const id = random.pick([...standing.keys()]);
        const res = await s.call(membershipsApi.refund, {
          token: cast.people.root.token,
          params: { id },
          body: { reason: `seed ${seed}` },
        });
        expect(res.status).toBe(200);
        standing.delete(id);
      },
      payout: async () => {
        const amount = random.between(PAYOUT_MIN, Math.max(PAYOUT_MIN, available() + 5000));
        const res = await s.call(membershipsApi.requestPayout, {
          token: owner.token,
          params: { id: account.id },
          body: { amount, provider: 'kbzpay', wallet_number: '09781234567' },
        });
        // More than is available is refused, and changes nothing.
        if (amount > available()) return expect(res.status).toBe(422);
        expect(res.status).toBe(201);
        requested.set(res.body.data.id, amount);
      },
      decide: async () => {
        if (requested.size === 0) return;
        const id = random.pick([...requested.keys()]);
        const pay = random.between(0, 2) > 0;
        const res = pay
          ? await s.call(membershipsApi.payoutPaid, {
              token: cast.people.root.token,
              params: { id },
              body: { reference: `REF-${seed}-${id}` },
            })
          : await s.call(membershipsApi.payoutReject, {
              token: cast.people.root.token,
              params: { id },
              body: { reason: 'Wrong number' },
            });
        expect(res.status).toBe(200);
        if (pay) paidOut += requested.get(id)!;
        requested.delete(id);
      },
    };
    const names = Object.keys(operations) as (keyof typeof operations)[];
    const done: string[] = [];
    for (let step = 0; step < STEPS; step++) {
      const name = step < 2 ? 'join' : random.pick(names);
      await operations[name]();
      done.push(name);

      const unbalanced = await s.ctx.db
        .select({ id: ledgerEntries.transaction_id })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.account_id, account.id))
        .groupBy(ledgerEntries.transaction_id)
        .having(sql`sum(${ledgerEntries.amount}) <> 0`);
      expect(unbalanced, `seed ${seed}: ${done.join(' ')}`).toEqual([]);
      const [creator] = await s.ctx.db
        .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.account_id} = ${account.id} and ${ledgerEntries.book} = 'creator'`);
      expect(-creator!.sum, `seed ${seed}: ${done.join(' ')}`).toBe(owed());
      const earnings = await s.call(membershipsApi.earnings, { token: owner.token, params: { id: account.id } });
      const balance = earnings.body.data.balances[0] ?? { available: 0, pending: 0 };
      expect(balance, `seed ${seed}: ${done.join(' ')}`).toMatchObject({ available: available(), pending: 0 });
    }
    // Each run drew most kinds of operation, and money moved every way.
    expect(new Set(done).size).toBeGreaterThanOrEqual(5);
  });
});
