import type { Plan, SubscriptionSummary } from '@inkwell/contracts';

/** What buying a plan does to the live subscription (the server replaces it from now, no refund of days left). */
export type Replaces = 'trial' | 'paid' | null;

export interface PlanOffer {
  current: boolean;
  /** The buy button's wording, or none. */
  purchase: 'subscribe' | 'upgrade' | 'switch' | null;
  /** Offered only when the server would start it: no trial ever taken, a plan never had, no paid plan running. */
  trial: boolean;
  replaces: Replaces;
}

/**
 * A plan card's honest offer, from the server's rules (billing.policy: requireTrialAvailable; billing.service:
 * startTrial, activatePaid): one free trial per person, ever, of a plan never had, and never over a paid plan;
 * buying another plan ends the live one at once; a paid current plan shows no buttons (spec §4).
 */
export function planOffer(
  plan: Plan,
  live: SubscriptionSummary | null,
  history: SubscriptionSummary[],
  plans: Plan[],
): PlanOffer {
  const current = live?.plan_id === plan.id;
  if (plan.is_free) return { current, purchase: null, trial: false, replaces: null };
  const trial =
    plan.trial_period_days > 0 &&
    live?.status !== 'active' &&
    !history.some((s) => s.provider === 'free_trial' || s.plan_id === plan.id);
  if (!live) return { current, purchase: 'subscribe', trial, replaces: null };
  const replaces: Replaces = live.status === 'trialing' ? 'trial' : 'paid';
  if (current) {
    return live.status === 'trialing'
      ? { current, purchase: 'subscribe', trial: false, replaces }
      : { current, purchase: null, trial: false, replaces: null };
  }
  const livePlan = plans.find((p) => p.id === live.plan_id);
  const purchase = livePlan && plan.monthly_price > livePlan.monthly_price ? 'upgrade' : 'switch';
  return { current, purchase, trial, replaces };
}

/** The day a trial started now would end, as the server counts it (trial days from now). */
export const trialEnd = (plan: Plan, now = new Date()): Date =>
  new Date(now.getTime() + plan.trial_period_days * 24 * 60 * 60 * 1000);
