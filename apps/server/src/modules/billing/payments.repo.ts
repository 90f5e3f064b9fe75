import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { paymentCallbacks, payments, plans, subscriptions } from '../../db/schema';

type Conn = Db | Tx;
export type PaymentRow = typeof payments.$inferSelect;

export async function insert(db: Conn, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function update(db: Conn, id: number, values: Partial<typeof payments.$inferInsert>): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(payments.id, id));
}

/** A payment with its plan and, once paid, its subscription. */
export async function withDetails(db: Conn, id: number) {
  const [row] = await db
    .select({ payment: payments, plan: plans, subscription: subscriptions })
    .from(payments)
    .leftJoin(plans, eq(plans.id, payments.plan_id))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscription_id))
    .where(eq(payments.id, id));
  return row;
}

export async function byReference(
  db: Conn,
  ref: { orderId?: string; merchantReferenceId?: string },
): Promise<PaymentRow | undefined> {
  const where = ref.orderId
    ? eq(payments.order_id, ref.orderId)
    : ref.merchantReferenceId
      ? eq(payments.merchant_reference_id, ref.merchantReferenceId)
      : undefined;
  if (!where) return undefined;
  const [row] = await db.select().from(payments).where(where);
  return row;
}

/**
 * Marks a payment paid exactly once: a repeated callback finds it already paid and changes nothing. A late
 * confirmation of a payment we had given up on still counts: the money was taken.
 */
export async function markPaid(tx: Conn, id: number, transactionId?: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({
      status: 'paid',
      paid_at: sql`now()`,
      updated_at: sql`now()`,
      ...(transactionId ? { provider_transaction_id: transactionId } : {}),
    })
    .where(and(eq(payments.id, id), inArray(payments.status, ['pending', 'failed', 'expired'])))
    .returning();
  return row;
}

export async function markUnpaid(
  db: Conn,
  id: number,
  status: 'failed' | 'expired',
  reason?: string,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status, failure_reason: reason ?? null, updated_at: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function recordCallback(db: Conn, values: typeof paymentCallbacks.$inferInsert): Promise<void> {
  await db.insert(paymentCallbacks).values(values);
}

/** Real (not sandbox) payments of these providers still pending after `minutes`, oldest first. */
export async function pendingSince(
  db: Conn,
  providers: string[],
  minutes: number,
  limit: number,
): Promise<PaymentRow[]> {
  if (!providers.length) return [];
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.sandbox, false),
        inArray(payments.provider, providers as PaymentRow['provider'][]),
        sql`${payments.created_at} <= now() - make_interval(mins => ${minutes})`,
      ),
    )
    .orderBy(payments.created_at)
    .limit(limit);
}

/** Payments still pending past their expiry become expired; answers how many. */
export async function expireUnpaid(db: Conn): Promise<number> {
  const expired = await db
    .update(payments)
    .set({ status: 'expired', updated_at: sql`now()` })
    .where(sql`${payments.status} = 'pending' and ${payments.expires_at} <= now()`)
    .returning({ id: payments.id });
  return expired.length;
}

/** The payment's row, locked for a change of its status. */
export async function lockById(tx: Tx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}
