import type { SubscriptionStatus } from '@inkwell/contracts';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { accounts, membershipTiers, payments, plans, subscriptions, users } from '../../db/schema';
import type { PlanRow } from './billing.repo';

type Conn = Db | Tx;

/**
 * Who is on a plan now, and whether any subscription or payment (of any time) points at it. The outer plan
 * is named in full: Drizzle writes a column of a one-table select without its table, which inside these
 * subqueries would mean the subquery's own `id`.
 */
const usage = {
  subscribers_count: sql<number>`(select count(*)::int from subscriptions s
    where s.plan_id = "plans"."id" and s.status in ('trialing', 'active') and s.expires_at > now())`,
  has_subscriptions: sql<boolean>`exists (select 1 from subscriptions s where s.plan_id = "plans"."id")`,
  has_payments: sql<boolean>`exists (select 1 from payments p where p.plan_id = "plans"."id")`,
};

export type PlanWithUsage = PlanRow & { subscribers_count: number; has_subscriptions: boolean; has_payments: boolean };

const withUsage = (db: Conn) => db.select({ plan: plans, ...usage }).from(plans);

const flatten = (row: {
  plan: PlanRow;
  subscribers_count: number;
  has_subscriptions: boolean;
  has_payments: boolean;
}) =>
  ({
    ...row.plan,
    subscribers_count: row.subscribers_count,
    has_subscriptions: row.has_subscriptions,
    has_payments: row.has_payments,
  }) satisfies PlanWithUsage;

/** A page of every plan, hidden ones included, in list order. */
export async function plansPage(db: Conn, limit: number, offset: number): Promise<[PlanWithUsage[], number]> {
  const [rows, [count]] = await Promise.all([
    withUsage(db).orderBy(asc(plans.sort_order), asc(plans.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(plans),
  ]);
  return [rows.map(flatten), count?.n ?? 0];
}

export async function planWithUsage(db: Conn, id: number): Promise<PlanWithUsage | undefined> {
  const [row] = await withUsage(db).where(eq(plans.id, id));
  return row ? flatten(row) : undefined;
}

/** Locks the plan for a change or a delete: a concurrent edit waits for this one. */
export async function lockPlan(tx: Tx, id: number): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

export async function slugOwner(db: Conn, slug: string): Promise<number | undefined> {
  const [row] = await db.select({ id: plans.id }).from(plans).where(eq(plans.slug, slug));
  return row?.id;
}

export type PlanValues = Omit<typeof plans.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export async function insertPlan(tx: Tx, values: PlanValues): Promise<PlanRow> {
  const [row] = await tx.insert(plans).values(values).returning();
  return row!;
}

export async function updatePlan(tx: Tx, id: number, values: PlanValues): Promise<PlanRow> {
  const [row] = await tx
    .update(plans)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(plans.id, id))
    .returning();
  return row!;
}

export async function deletePlan(tx: Tx, id: number): Promise<void> {
  await tx.delete(plans).where(eq(plans.id, id));
}

/** A page of subscriptions, newest first, each with its person and plan (one query), and how many match. */
export async function subscriptionsPage(
  db: Conn,
  filter: { status?: SubscriptionStatus },
  limit: number,
  offset: number,
) {
  const where = filter.status ? eq(subscriptions.status, filter.status) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        subscription: subscriptions,
        user: { id: users.id, name: users.name, username: users.username, email: users.email },
        plan: { id: plans.id, slug: plans.slug, name: plans.name, translations: plans.translations },
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.user_id))
      .innerJoin(plans, eq(plans.id, subscriptions.plan_id))
      .where(where)
      .orderBy(desc(subscriptions.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export interface ReaderPaymentsFilter {
  purpose?: 'membership' | 'tip';
  status?: 'paid' | 'refunded';
  /** An order id, or the payer's username or e-mail, exactly. */
  q?: string;
  /** Just this one (the answer to a refund). */
  id?: number;
}

/** Readers' settled payments to creators (memberships and tips), newest first, with payer, payee and tier. */
export async function readerPaymentsPage(db: Conn, filter: ReaderPaymentsFilter, limit: number, offset: number) {
  const where = and(
    // The partial index's own predicate, so the planner can use it.
    sql`${payments.purpose} <> 'plan' and ${payments.status} in ('paid', 'refunded')`,
    filter.purpose ? eq(payments.purpose, filter.purpose) : undefined,
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.id === undefined ? undefined : eq(payments.id, filter.id),
    filter.q
      ? or(
          eq(payments.order_id, filter.q),
          eq(users.username, filter.q),
          sql`lower(${users.email}) = lower(${filter.q})`,
        )
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        payment: payments,
        user: { id: users.id, name: users.name, username: users.username },
        account: {
          id: accounts.id,
          name: accounts.name,
          username: accounts.username,
          profile_url: accounts.profile_url,
        },
        tier: { id: membershipTiers.id, name: membershipTiers.name },
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.user_id))
      .leftJoin(accounts, eq(accounts.id, payments.account_id))
      .leftJoin(membershipTiers, eq(membershipTiers.id, payments.tier_id))
      .where(where)
      .orderBy(desc(payments.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.user_id))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export type ReaderPaymentRow = Awaited<ReturnType<typeof readerPaymentsPage>>['rows'][number];
