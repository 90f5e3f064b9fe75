import type { BillingCycle } from '@inkwell/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { accounts, membershipPeriods, memberships, membershipTiers } from '../../db/schema';

type Conn = Db | Tx;
export type TierRow = typeof membershipTiers.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;

/** The statuses of a pass that has not ended: its member reads what the tier opens. */
export const LIVE_STATUSES = ['active', 'grace', 'stopped'] as const;
const live = sql.raw(`('active', 'grace', 'stopped')`);

export async function tiersOf(db: Conn, accountId: number, withHidden: boolean): Promise<TierRow[]> {
  return db
    .select()
    .from(membershipTiers)
    .where(and(eq(membershipTiers.account_id, accountId), withHidden ? undefined : eq(membershipTiers.hidden, false)))
    .orderBy(asc(membershipTiers.position), asc(membershipTiers.id));
}

export async function tierById(db: Conn, id: number): Promise<TierRow | undefined> {
  const [row] = await db.select().from(membershipTiers).where(eq(membershipTiers.id, id));
  return row;
}

/** The account's tiers, counted under a lock of the account's row, so two creates cannot both pass the limit. */
export async function lockedTierCount(tx: Tx, accountId: number): Promise<number> {
  await tx.execute(sql`select 1 from ${accounts} where id = ${accountId} for update`);
  const [row] = await queryRows<{ n: number }>(
    tx as Db,
    sql`select count(*)::int as n from membership_tiers where account_id = ${accountId}`,
  );
  return row!.n;
}

export async function insertTier(tx: Tx, values: typeof membershipTiers.$inferInsert): Promise<TierRow> {
  const [row] = await tx.insert(membershipTiers).values(values).returning();
  return row!;
}

export async function updateTier(
  db: Conn,
  id: number,
  values: Partial<typeof membershipTiers.$inferInsert>,
): Promise<TierRow> {
  const [row] = await db
    .update(membershipTiers)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(membershipTiers.id, id))
    .returning();
  return row!;
}

/**
 * Deletes a tier nobody ever joined or paid for and no post requires; false otherwise (it may only be hidden:
 * deleting it would lose history, or open members-only posts to everyone).
 */
export async function deleteUnusedTier(db: Conn, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db as Db,
    sql`delete from membership_tiers t where t.id = ${id}
        and not exists (select 1 from memberships m where m.tier_id = t.id)
        and not exists (select 1 from payments p where p.tier_id = t.id)
        and not exists (select 1 from posts po where po.min_tier_id = t.id)
        returning t.id`,
  );
  return rows.length > 0;
}

export async function membershipOf(db: Conn, userId: number, accountId: number): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.user_id, userId), eq(memberships.account_id, accountId)));
  return row;
}

export async function membershipById(db: Conn, id: number): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.id, id));
  return row;
}

/**
 * The reader's row for the account, made `pending` for this tier when there is none yet (or moved to the tier
 * while it has no live pass): what a checkout's payment points at.
 */
export async function pendingMembership(
  db: Conn,
  values: { user_id: number; account_id: number; tier_id: number; billing_cycle: BillingCycle },
): Promise<MembershipRow> {
  const [row] = await db
    .insert(memberships)
    .values({ ...values, status: 'pending' })
    .onConflictDoUpdate({
      target: [memberships.user_id, memberships.account_id],
      set: { tier_id: values.tier_id, billing_cycle: values.billing_cycle, updated_at: sql`now()` },
      setWhere: sql`${memberships.status} not in ${live}`,
    })
    .returning();
  return row ?? (await membershipOf(db, values.user_id, values.account_id))!;
}

/** Locks the membership's row for a change of its pass. */
export async function lockMembership(tx: Tx, id: number): Promise<MembershipRow | undefined> {
  const [row] = await tx.select().from(memberships).where(eq(memberships.id, id)).for('update');
  return row;
}

/** Records a paid period once per payment; false when this payment's period exists already. */
export async function insertPeriod(tx: Tx, values: typeof membershipPeriods.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(membershipPeriods).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function updateMembership(
  db: Conn,
  id: number,
  values: Partial<typeof memberships.$inferInsert>,
): Promise<MembershipRow> {
  const [row] = await db
    .update(memberships)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(memberships.id, id))
    .returning();
  return row!;
}

/** Sets the tiers' member counts from the rows themselves (true through any change, deletes included). */
export async function recountMembers(db: Conn, tierIds: number[]): Promise<void> {
  if (!tierIds.length) return;
  await queryRows(
    db as Db,
    sql`update membership_tiers t set members_count =
          (select count(*) from memberships m where m.tier_id = t.id and m.status in ${live})
        where t.id = any(${sql.param(tierIds)}::int[])`,
  );
}

export interface MyMembershipRow {
  membership: MembershipRow;
  tier: {
    id: number;
    name: string;
    position: number;
    monthly_price: number;
    yearly_price: number | null;
    currency: TierRow['currency'];
  };
  account: { id: number; name: string; username: string; profile_url: string | null };
}

/** The reader's memberships that were ever paid (or just the one asked for): live ones first, then by end. */
export async function membershipsOf(db: Conn, userId: number, id?: number): Promise<MyMembershipRow[]> {
  return db
    .select({
      membership: memberships,
      tier: {
        id: membershipTiers.id,
        name: membershipTiers.name,
        position: membershipTiers.position,
        monthly_price: membershipTiers.monthly_price,
        yearly_price: membershipTiers.yearly_price,
        currency: membershipTiers.currency,
      },
      account: { id: accounts.id, name: accounts.name, username: accounts.username, profile_url: accounts.profile_url },
    })
    .from(memberships)
    .innerJoin(membershipTiers, eq(membershipTiers.id, memberships.tier_id))
    .innerJoin(accounts, eq(accounts.id, memberships.account_id))
    .where(
      and(
        eq(memberships.user_id, userId),
        sql`${memberships.started_at} is not null`,
        id === undefined ? undefined : eq(memberships.id, id),
      ),
    )
    .orderBy(sql`${memberships.status} in ${live} desc`, sql`${memberships.expires_at} desc`);
}

/** A paid membership payment's terms (billing's row, read by the id its event carries). */
export async function paidMembershipPayment(db: Conn, id: number) {
  const [row] = await queryRows<{
    id: number;
    membership_id: number | null;
    tier_id: number;
    billing_cycle: BillingCycle;
    amount: number;
  }>(
    db as Db,
    sql`select id, membership_id, tier_id, billing_cycle, amount from payments
        where id = ${id} and purpose = 'membership' and status = 'paid'`,
  );
  return row;
}

/** Whether the post is a public post of the account (what a tip may be given on). */
export async function publicPostOf(db: Conn, postId: number, accountId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db as Db,
    sql`select 1 as one from posts where id = ${postId} and account_id = ${accountId} and visible`,
  );
  return rows.length > 0;
}

type Lapsing = { id: number; user_id: number; account_id: number; tier_id: number };

/**
 * Active passes ending within `days` whose last reminder was for more days (or none): marked as reminded for
 * `days`, so each reminder goes once. A stopped pass gets none (its member asked for none).
 */
export async function claimReminders(tx: Tx, days: number): Promise<Lapsing[]> {
  return queryRows<Lapsing>(
    tx as Db,
    sql`update memberships set reminded_days = ${days}, updated_at = now()
        where status = 'active' and expires_at > now() and expires_at <= now() + make_interval(days => ${days})
          and (reminded_days is null or reminded_days > ${days})
        returning id, user_id, account_id, tier_id`,
  );
}

/** Active passes past their end enter grace (still open to their members). */
export async function enterGrace(tx: Tx): Promise<Lapsing[]> {
  return queryRows<Lapsing>(
    tx as Db,
    sql`update memberships set status = 'grace', updated_at = now()
        where status = 'active' and expires_at <= now()
        returning id, user_id, account_id, tier_id`,
  );
}

/** Passes past their grace, and stopped passes past their end, expire. */
export async function expireEnded(tx: Tx, graceDays: number): Promise<Lapsing[]> {
  return queryRows<Lapsing>(
    tx as Db,
    sql`update memberships set status = 'expired', ended_at = now(), updated_at = now()
        where (status = 'grace' and expires_at <= now() - make_interval(days => ${graceDays}))
           or (status = 'stopped' and expires_at <= now())
        returning id, user_id, account_id, tier_id`,
  );
}

/** Who a reminder goes to, in which language, and what it names. */
export async function reminderFacts(db: Conn, id: number) {
  const [row] = await queryRows<{
    email: string;
    name: string;
    locale: string;
    expires_at: Date | string | null;
    tier: string;
    account: string;
  }>(
    db as Db,
    sql`select u.email, u.name, u.locale, m.expires_at, t.name as tier, a.name as account
        from memberships m join users u on u.id = m.user_id join membership_tiers t on t.id = m.tier_id
        join accounts a on a.id = m.account_id
        where m.id = ${id} and m.status = 'active' and u.suspended_at is null`,
  );
  return row;
}
