import type { BillingCycle, Membership, MembershipStatus, Tier } from '@inkwell/contracts';

/** What a tier costs and in which currency: a tier's own, or what the renew dialog knows of a member's. */
export type TierPrices = Pick<Tier, 'monthly_price' | 'yearly_price' | 'currency'>;

export const cyclePrice = (tier: TierPrices, cycle: BillingCycle): number =>
  cycle === 'yearly' && tier.yearly_price !== null ? tier.yearly_price : tier.monthly_price;

/** What a year costs less than twelve months, and that as a share of them; null when it costs no less. */
export function yearlySaving(tier: TierPrices): { amount: number; share: number } | null {
  if (tier.yearly_price === null) return null;
  const months = tier.monthly_price * 12;
  const amount = months - tier.yearly_price;
  return amount > 0 ? { amount, share: amount / months } : null;
}

/** Passes that still open the account's members-only posts (a stopped one runs to its end). */
const LIVE: readonly MembershipStatus[] = ['active', 'grace', 'stopped'];
export const isLive = (m: Pick<Membership, 'status'>): boolean => LIVE.includes(m.status);

/** The server reminds a member this many days before the end (and again the day before). */
export const ENDING_SOON_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How My memberships labels a pass: its status, or "ending soon" for an active one in its last days. */
export type PassState = MembershipStatus | 'ending';

export function passState(m: Pick<Membership, 'status' | 'expires_at'>, now = Date.now()): PassState {
  if (m.status !== 'active' || !m.expires_at) return m.status;
  return new Date(m.expires_at).getTime() - now <= ENDING_SOON_DAYS * DAY_MS ? 'ending' : 'active';
}

/** Badge colours; ending soon and grace ask for a renewal, ended ones are grey. */
export const STATE_COLORS: Record<PassState, string> = {
  pending: 'yellow',
  active: 'green',
  ending: 'orange',
  grace: 'orange',
  expired: 'gray',
  stopped: 'gray',
};
