import type { BillingCycle } from '@inkwell/contracts';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { plans, subscriptions, users } from '../../db/schema';
import type { TrialHistory } from './billing.policy';

type Conn = Db | Tx;
export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const allPlans = (db: Conn): Promise<PlanRow[]> =>
  db.select().from(plans).orderBy(asc(plans.sort_order), asc(plans.id));

/** The plans offered to people: every plan an administrator has not hidden. */
export const offeredPlans = (db: Conn): Promise<PlanRow[]> =>
  db.select().from(plans).where(eq(plans.hidden, false)).orderBy(asc(plans.sort_order), asc(plans.id));

export async function planById(db: Conn, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** Trialing or active and not yet past its end: what the person has now. */
export async function liveSubscription(
  db: Conn,
  userId: number,
): Promise<(SubscriptionRow & { plan: PlanRow }) | undefined> {
  const [row] = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.plan_id))
    .where(
      and(
        eq(subscriptions.user_id, userId),
        inArray(subscriptions.status, ['trialing', 'active']),
        gt(subscriptions.expires_at, sql`now()`),
      ),
    )
    .orderBy(desc(subscriptions.expires_at))
    .limit(1);
  return row ? { ...row.subscription, plan: row.plan } : undefined;
}

export async function subscriptionsOf(db: Conn, userId: number) {
  return db
    .select({ subscription: subscriptions, plan: { id: plans.id, slug: plans.slug, name: plans.name } })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.plan_id))
    .where(eq(subscriptions.user_id, userId))
    .orderBy(desc(subscriptions.id));
}

/**
 * Whether the person ever had this plan and ever had a trial (any plan, any status), with the person's row
 * locked to the end of the transaction: two trials started at once are decided one after the other.
 */
export async function trialHistory(tx: Tx, userId: number, planId: number): Promise<TrialHistory> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({
      had_plan: sql<boolean>`coalesce(bool_or(${subscriptions.plan_id} = ${planId}), false)`,
      had_trial: sql<boolean>`coalesce(bool_or(${subscriptions.provider} = 'free_trial'), false)`,
    })
    .from(subscriptions)
    .where(eq(subscriptions.user_id, userId));
  return { had_plan: Boolean(row?.had_plan), had_trial: Boolean(row?.had_trial) };
}

export async function cancelLive(db: Conn, userId: number): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where(and(eq(subscriptions.user_id, userId), inArray(subscriptions.status, ['trialing', 'active'])));
}

export const cycleInterval = (cycle: BillingCycle) =>
  cycle === 'yearly' ? sql`interval '1 year'` : sql`interval '1 month'`;

export async function insertSubscription(
  db: Conn,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

/** Adds one billing period to the end of a live subscription (a renewal of the same plan). */
export async function extend(db: Conn, id: number, cycle: BillingCycle): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({
      expires_at: sql`${subscriptions.expires_at} + ${cycleInterval(cycle)}`,
      status: 'active',
      // A new end date is announced again when it nears.
      ending_notified_at: null,
      updated_at: sql`now()`,
    })
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

/** Ends the subscriptions whose time ran out; answers who they belonged to. */
export async function expireLapsed(db: Conn): Promise<{ id: number; user_id: number }[]> {
  return db
    .update(subscriptions)
    .set({ status: 'expired', updated_at: sql`now()` })
    .where(and(inArray(subscriptions.status, ['trialing', 'active']), sql`${subscriptions.expires_at} <= now()`))
    .returning({ id: subscriptions.id, user_id: subscriptions.user_id });
}

/**
 * Live subscriptions ending within `days` that were not announced yet, marked announced in the same
 * statement (each is announced once, however often the job runs or however many workers run it).
 */
export async function claimEnding(db: Conn, days: number): Promise<{ id: number; user_id: number }[]> {
  return db
    .update(subscriptions)
    .set({ ending_notified_at: sql`now()` })
    .where(
      and(
        inArray(subscriptions.status, ['trialing', 'active']),
        sql`${subscriptions.ending_notified_at} is null`,
        sql`${subscriptions.expires_at} <= now() + make_interval(days => ${days})`,
        sql`${subscriptions.expires_at} > now()`,
      ),
    )
    .returning({ id: subscriptions.id, user_id: subscriptions.user_id });
}

/** What the free plan (the first free one in the admin's order) gives uploads; undefined without one. */
export async function freePlan(db: Conn): Promise<Pick<PlanRow, 'storage_quota_mb' | 'video_1080p'> | undefined> {
  const [free] = await db
    .select({ storage_quota_mb: plans.storage_quota_mb, video_1080p: plans.video_1080p })
    .from(plans)
    .where(and(eq(plans.monthly_price, 0), eq(plans.yearly_price, 0)))
    .orderBy(asc(plans.sort_order), asc(plans.id))
    .limit(1);
  return free;
}
