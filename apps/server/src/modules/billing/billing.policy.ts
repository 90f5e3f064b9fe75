import { conflict } from '../../platform/errors';

/** What points at a plan: any subscription or payment, of any time. */
export interface PlanUsage {
  has_subscriptions: boolean;
  has_payments: boolean;
}

/**
 * A plan may be deleted only while nobody has subscribed to or paid for it: those rows keep their plan (and
 * a person's history must keep its name). A plan in use is hidden instead. The flag the admin screens show
 * and the refusal come from here, so they never disagree.
 */
export const planDeletable = (usage: PlanUsage): boolean => !usage.has_subscriptions && !usage.has_payments;

export function requirePlanDeletable(usage: PlanUsage): void {
  if (!planDeletable(usage)) throw conflict('billing.plan_in_use');
}

/** What decides whether a person may start a free trial of a plan: their subscriptions of any time. */
export interface TrialHistory {
  /** Any subscription (trial or paid, of any status) of this plan. */
  had_plan: boolean;
  /** Any free trial, of any plan. */
  had_trial: boolean;
}

/**
 * A free trial is one per person, ever, across plans: one per plan let a person chain them (Creator, then
 * Studio: three weeks free). A plan once had (tried or paid for) is not tried either. The web's plan screen
 * (features/billing/offers.ts) asks the same of the person's history, so it never offers a refused trial.
 */
export function requireTrialAvailable(history: TrialHistory): void {
  if (history.had_plan) throw conflict('billing.trial_used');
  if (history.had_trial) throw conflict('billing.trial_taken');
}
