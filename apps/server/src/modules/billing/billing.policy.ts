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
