import type { PayoutStatus } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { payouts } from '../../db/schema';

type Conn = Db | Tx;
export type PayoutRow = typeof payouts.$inferSelect;

export interface PayoutListRow extends PayoutRow {
  account_name: string | null;
  account_username: string | null;
  account_profile_url: string | null;
}

/** Holds the account's row while its balance is checked and a payout written, so two requests cannot both pass. */
export async function lockAccount(tx: Tx, accountId: number): Promise<void> {
  await queryRows(tx as Db, sql`select 1 from accounts where id = ${accountId} for update`);
}

export async function insert(tx: Tx, values: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await tx.insert(payouts).values(values).returning();
  return row!;
}

export async function lockById(tx: Tx, id: number): Promise<PayoutRow | undefined> {
  const [row] = await queryRows<PayoutRow>(tx as Db, sql`select * from payouts where id = ${id} for update`);
  return row;
}

export async function decide(
  tx: Tx,
  id: number,
  values: { status: PayoutStatus; reference?: string; reason?: string; by: number },
): Promise<void> {
  await queryRows(
    tx as Db,
    sql`update payouts set status = ${values.status}, reference = ${values.reference ?? null},
          reason = ${values.reason ?? null}, decided_by = ${values.by}, decided_at = now()
        where id = ${id}`,
  );
}

/**
 * Payouts with their account, paged: an account's (the latest first), or the admin queue's by status (waiting
 * ones the oldest first, decided ones the latest first).
 */
export async function list(
  db: Conn,
  filter: { accountId?: number; status?: PayoutStatus; id?: number },
  page: { limit: number; offset: number },
): Promise<{ rows: PayoutListRow[]; total: number }> {
  const where = sql`true
    ${filter.accountId ? sql`and o.account_id = ${filter.accountId}` : sql``}
    ${filter.status ? sql`and o.status = ${filter.status}` : sql``}
    ${filter.id ? sql`and o.id = ${filter.id}` : sql``}`;
  const order = filter.status === 'requested' ? sql`o.created_at asc, o.id asc` : sql`o.created_at desc, o.id desc`;
  const rows = await queryRows<PayoutListRow>(
    db as Db,
    sql`select o.*, a.name as account_name, a.username as account_username, a.profile_url as account_profile_url
        from payouts o left join accounts a on a.id = o.account_id
        where ${where} order by ${order} limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db as Db,
    sql`select count(*)::int as n from payouts o where ${where}`,
  );
  return { rows, total: count!.n };
}
