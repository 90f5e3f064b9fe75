import type { BillingCycle, MembershipStatus, PaymentCurrency } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';

type Conn = Db | Tx;

/**
 * An account's earnings read from the ledger (every row of its movements names it). The month is the account's
 * own (its time zone): a creator in Yangon sees Yangon's days.
 */

export interface Totals {
  currency: PaymentCurrency;
  gross: number;
  fee: number;
  net: number;
  memberships: number;
  tips: number;
}

/** Payments and refunds in [from, to): money in, the platform's fee and the creator's share, by currency. */
export async function totals(db: Conn, accountId: number, from: Date, to: Date): Promise<Totals[]> {
  return queryRows<Totals>(
    db as Db,
    sql`select l.currency,
               coalesce(sum(l.amount) filter (where l.book = 'gateway'), 0)::int as gross,
               (-coalesce(sum(l.amount) filter (where l.book = 'platform'), 0))::int as fee,
               (-coalesce(sum(l.amount) filter (where l.book = 'creator'), 0))::int as net,
               coalesce(sum(l.amount) filter (where l.book = 'gateway' and p.purpose = 'membership'), 0)::int
                 as memberships,
               coalesce(sum(l.amount) filter (where l.book = 'gateway' and p.purpose = 'tip'), 0)::int as tips
        from ledger_entries l join payments p on p.id = l.payment_id
        where l.account_id = ${accountId} and l.kind in ('payment', 'refund')
          and l.created_at >= ${from} and l.created_at < ${to}
        group by l.currency order by l.currency`,
  );
}

/** The creator's share per day of the month, in the account's time zone. */
export async function days(db: Conn, accountId: number, from: Date, to: Date, zone: string) {
  return queryRows<{ date: string; currency: PaymentCurrency; net: number }>(
    db as Db,
    sql`select to_char((l.created_at at time zone ${zone})::date, 'YYYY-MM-DD') as date, l.currency,
               (-sum(l.amount))::int as net
        from ledger_entries l
        where l.account_id = ${accountId} and l.book = 'creator' and l.kind in ('payment', 'refund')
          and l.created_at >= ${from} and l.created_at < ${to}
        group by 1, 2 order by 1, 2`,
  );
}

/** What the account may withdraw now (past the hold, less payouts waiting) and what is still held. */
export async function balances(db: Conn, accountId: number) {
  return queryRows<{ currency: PaymentCurrency; available: number; pending: number }>(
    db as Db,
    sql`select c.currency,
               (c.available - coalesce((select sum(o.amount) from payouts o
                  where o.account_id = ${accountId} and o.status = 'requested' and o.currency = c.currency), 0))::int
                 as available,
               c.pending::int as pending
        from (select currency,
                     -coalesce(sum(amount) filter (where available_at <= now()), 0) as available,
                     -coalesce(sum(amount) filter (where available_at > now()), 0) as pending
              from ledger_entries where account_id = ${accountId} and book = 'creator'
              group by currency) c
        order by c.currency`,
  );
}

/** Members who joined (their first paid period began) and whose passes ended, in [from, to). */
export async function memberMovements(db: Conn, accountId: number, from: Date, to: Date) {
  const [row] = await queryRows<{ joined: number; lost: number }>(
    db as Db,
    sql`select
          (select count(*) from memberships m
           where m.account_id = ${accountId} and m.started_at >= ${from} and m.started_at < ${to})::int as joined,
          (select count(*) from memberships m
           where m.account_id = ${accountId} and m.status = 'expired'
             and m.ended_at >= ${from} and m.ended_at < ${to})::int as lost`,
  );
  return row!;
}

export interface MemberRow {
  id: number;
  status: MembershipStatus;
  billing_cycle: BillingCycle;
  started_at: Date | string | null;
  expires_at: Date | string | null;
  user_id: number;
  name: string;
  username: string;
  profile_url: string | null;
  tier_id: number;
  tier: string;
}

/** The account's members (ever paid), the latest first, by tier and status when asked. */
export async function members(
  db: Conn,
  accountId: number,
  filter: { tier_id?: number; status?: MembershipStatus },
  page?: { limit: number; offset: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const where = sql`m.account_id = ${accountId} and m.started_at is not null
    ${filter.tier_id ? sql`and m.tier_id = ${filter.tier_id}` : sql``}
    ${filter.status ? sql`and m.status = ${filter.status}` : sql``}`;
  const rows = await queryRows<MemberRow>(
    db as Db,
    sql`select m.id, m.status, m.billing_cycle, m.started_at, m.expires_at, u.id as user_id, u.name, u.username,
               u.profile_url, t.id as tier_id, t.name as tier
        from memberships m join users u on u.id = m.user_id join membership_tiers t on t.id = m.tier_id
        where ${where}
        order by m.started_at desc, m.id desc
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql`limit 100000`}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db as Db,
    sql`select count(*)::int as n from memberships m where ${where}`,
  );
  return { rows, total: count!.n };
}

/** The account's time zone, and the month (`YYYY-MM`, this one by default) as instants in it, with the month before. */
export async function monthIn(db: Conn, accountId: number, month: string | undefined) {
  const [row] = await queryRows<{
    month: string;
    zone: string;
    from: Date | string;
    to: Date | string;
    prev: Date | string;
  }>(
    db as Db,
    sql`with a as (select time_zone as zone from accounts where id = ${accountId}),
             m as (select coalesce(${month ?? null}::text, to_char(now() at time zone a.zone, 'YYYY-MM')) as month,
                          a.zone from a)
        select m.month, m.zone,
               ((m.month || '-01')::timestamp at time zone m.zone) as "from",
               ((m.month || '-01')::timestamp + interval '1 month') at time zone m.zone as "to",
               ((m.month || '-01')::timestamp - interval '1 month') at time zone m.zone as prev
        from m`,
  );
  if (!row) return undefined;
  return { month: row.month, zone: row.zone, from: new Date(row.from), to: new Date(row.to), prev: new Date(row.prev) };
}
