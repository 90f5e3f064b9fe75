import type { BillingCycle } from '@inkwell/contracts';

/*
 * Moving a live pass to another tier of the same account (DECISIONS-style rule, also in the README):
 *
 * - The unused part of the pass is worth its tier's price for the pass's cycle, per day of that cycle (30 days a
 *   month, 365 a year), times the days left: the credit, in whole kyat or baht, rounded down (the reader never
 *   pays for a part of a day twice; the creator never refunds a fraction).
 * - A move to a tier that costs more than the credit (an upgrade) is paid: the new tier's price for the chosen
 *   cycle less the credit. Once paid, the pass is on the new tier for one whole cycle from the payment.
 * - A move to a tier that costs no more than the credit (a downgrade, or a cheaper tier late in a long pass)
 *   costs nothing and takes effect at once; the pass keeps its end. What the credit was worth beyond the new
 *   price is not paid back: wallets here have no refund API, and the reader chose the cheaper tier.
 * - Both tiers must be priced in one currency (a credit in kyat does not pay for baht).
 */

export const CYCLE_DAYS: Record<BillingCycle, number> = { monthly: 30, yearly: 365 };
const DAY_MS = 86_400_000;

export interface PassTerms {
  expires_at: Date;
  billing_cycle: BillingCycle;
}

export interface PricedTier {
  monthly_price: number;
  yearly_price: number | null;
}

/** A tier's price for a cycle (a yearly pass on a tier that no longer has a yearly price: twelve months). */
export const cyclePrice = (tier: PricedTier, cycle: BillingCycle): number =>
  cycle === 'monthly' ? tier.monthly_price : (tier.yearly_price ?? tier.monthly_price * 12);

/** What the rest of the pass is worth now, on its own tier. */
export function creditOf(pass: PassTerms, tier: PricedTier, now: Date): number {
  const left = Math.max(0, pass.expires_at.getTime() - now.getTime());
  const days = CYCLE_DAYS[pass.billing_cycle];
  return Math.floor((cyclePrice(tier, pass.billing_cycle) * Math.min(left, days * DAY_MS)) / (days * DAY_MS));
}

/** What moving costs, and whether the pass keeps its end (a move the credit covers) or starts a new cycle. */
export function tierChange(credit: number, newPrice: number): { amount: number; keepsEnd: boolean } {
  return newPrice > credit ? { amount: newPrice - credit, keepsEnd: false } : { amount: 0, keepsEnd: true };
}
