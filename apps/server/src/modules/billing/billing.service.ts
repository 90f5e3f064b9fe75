import type { Locale, ParsedBody, Plan, PlanSummary, SubscriptionSummary, billingApi } from '@inkwell/contracts';
import { CURRENCY } from '@inkwell/contracts';
import type { Tx } from '../../db/connect';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, ValidationError, conflict } from '../../platform/errors';
import { requireTrialAvailable } from './billing.policy';
import * as repo from './billing.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const addDays = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000);

/** One billing period later (calendar month or year, as the database's intervals count them). */
export function addCycle(from: Date, cycle: 'monthly' | 'yearly'): Date {
  const next = new Date(from);
  if (cycle === 'yearly') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export function localizePlan(row: repo.PlanRow, locale: Locale): Plan {
  const tr = locale === 'en' ? undefined : row.translations[locale];
  return {
    id: row.id,
    slug: row.slug,
    name: tr?.name || row.name,
    description: tr?.description || row.description,
    monthly_price: row.monthly_price,
    yearly_price: row.yearly_price,
    trial_period_days: row.trial_period_days,
    features: tr?.features || row.features,
    currency: CURRENCY,
    is_free: row.monthly_price === 0 && row.yearly_price === 0,
    creates_accounts: row.creates_accounts,
  };
}

export const planSummary = (
  row: { id: number; slug: string; name: string; translations?: repo.PlanRow['translations'] },
  locale: Locale,
): PlanSummary => ({
  id: row.id,
  slug: row.slug,
  name: (locale !== 'en' && row.translations?.[locale]?.name) || row.name,
});

export function toSubscription(row: repo.SubscriptionRow, plan: PlanSummary): SubscriptionSummary {
  return {
    id: row.id,
    plan_id: row.plan_id,
    plan,
    billing_cycle: row.billing_cycle ?? null,
    status: row.status,
    provider: row.provider,
    trial_ends_at: iso(row.trial_ends_at),
    started_at: iso(row.started_at),
    expires_at: iso(row.expires_at),
  };
}

export async function listPlans(ctx: AppContext, locale: Locale): Promise<Plan[]> {
  return (await repo.offeredPlans(ctx.db)).map((row) => localizePlan(row, locale));
}

/** A plan a person may subscribe to now: one that exists and is not hidden (422 otherwise). */
export async function offeredPlan(ctx: AppContext, id: number): Promise<repo.PlanRow> {
  const plan = await repo.planById(ctx.db, id);
  if (!plan) throw new ValidationError({ plan_id: ['validation.in'] });
  if (plan.hidden) throw new ValidationError({ plan_id: ['billing.plan_hidden'] }, 'billing.plan_hidden');
  return plan;
}

/** A free trial starts at once for the plan's trial days; one per person, ever (billing.policy). */
export async function startTrial(
  ctx: AppContext,
  auth: AuthContext,
  input: ParsedBody<typeof billingApi.subscribe>,
  locale: Locale,
): Promise<SubscriptionSummary> {
  const plan = await offeredPlan(ctx, input.plan_id);
  if (plan.trial_period_days <= 0) throw new ValidationError({ plan_id: ['billing.no_trial'] }, 'billing.no_trial');
  const row = await ctx.transaction(async (tx) => {
    requireTrialAvailable(await repo.trialHistory(tx, auth.user.id, plan.id));
    const live = await repo.liveSubscription(tx, auth.user.id);
    if (live?.status === 'active') throw conflict('billing.already_subscribed');
    await repo.cancelLive(tx, auth.user.id);
    const started = await repo.insertSubscription(tx, {
      user_id: auth.user.id,
      plan_id: plan.id,
      status: 'trialing',
      billing_cycle: input.billing_cycle,
      provider: 'free_trial',
      trial_ends_at: addDays(new Date(), plan.trial_period_days),
      expires_at: addDays(new Date(), plan.trial_period_days),
    });
    ctx.events.publish(tx, {
      type: 'subscription.started',
      actor_id: auth.user.id,
      user_id: auth.user.id,
      subscription_id: started.id,
      trial: true,
    });
    return started;
  });
  return toSubscription(row, planSummary(plan, locale));
}

/**
 * A confirmed payment's subscription, in the payment's transaction: renewing the same live plan adds a
 * period to its end; anything else replaces the live subscription from now.
 */
export async function activatePaid(
  tx: Tx,
  payment: {
    user_id: number;
    plan_id: number;
    billing_cycle: 'monthly' | 'yearly';
    provider: 'kbzpay' | 'wavepay' | 'ayapay';
  },
): Promise<repo.SubscriptionRow> {
  const db = tx;
  const live = await repo.liveSubscription(db, payment.user_id);
  if (live && live.plan_id === payment.plan_id && live.status === 'active')
    return repo.extend(db, live.id, payment.billing_cycle);
  await repo.cancelLive(db, payment.user_id);
  return repo.insertSubscription(db, {
    user_id: payment.user_id,
    plan_id: payment.plan_id,
    status: 'active',
    billing_cycle: payment.billing_cycle,
    provider: payment.provider,
    expires_at: addCycle(new Date(), payment.billing_cycle),
  });
}

export function priceOf(plan: repo.PlanRow, cycle: 'monthly' | 'yearly'): number {
  const amount = cycle === 'yearly' ? plan.yearly_price : plan.monthly_price;
  if (amount <= 0) throw new AppError(422, 'billing.free_plan', undefined, { plan_id: ['billing.free_plan'] });
  return amount;
}

/** The billing part of the session user (`/user`). */
export async function userBilling(ctx: AppContext, userId: number, locale: Locale) {
  const [live, history, plans] = await Promise.all([
    repo.liveSubscription(ctx.db, userId),
    repo.subscriptionsOf(ctx.db, userId),
    repo.allPlans(ctx.db),
  ]);
  const free = plans.find((p) => p.monthly_price === 0 && p.yearly_price === 0);
  const byId = new Map(plans.map((p) => [p.id, p]));
  const summary = (planId: number, fallback: { id: number; slug: string; name: string }) =>
    planSummary(byId.get(planId) ?? fallback, locale);
  const activePlan = live ? summary(live.plan_id, live.plan) : null;
  return {
    plan: activePlan ?? (free ? planSummary(free, locale) : null),
    active_plan: activePlan,
    active_subscription: live ? toSubscription(live, activePlan!) : null,
    subscriptions: history.map((h) => toSubscription(h.subscription, summary(h.subscription.plan_id, h.plan))),
    creates_accounts: Boolean(live?.plan.creates_accounts),
  };
}
