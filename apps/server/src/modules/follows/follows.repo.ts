import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { accounts, follows } from '../../db/schema';
import { blockedAccountSql } from '../../db/safety';
import { publicAccountSql } from '../accounts';

const followOf = (userId: number, accountId: number) =>
  and(eq(follows.user_id, userId), eq(follows.account_id, accountId));

/** Adds the follow; false when it was there already. */
export async function insertFollow(tx: Tx, userId: number, accountId: number): Promise<boolean> {
  const added = await tx
    .insert(follows)
    .values({ user_id: userId, account_id: accountId })
    .onConflictDoNothing()
    .returning();
  return added.length > 0;
}

/** Removes the follow (its bell with it); false when there was none. */
export async function deleteFollow(tx: Tx, userId: number, accountId: number): Promise<boolean> {
  return (await tx.delete(follows).where(followOf(userId, accountId)).returning()).length > 0;
}

/** Moves the account's `followers_count` by `by` (never below zero); returns the new count. */
export async function bumpFollowers(tx: Tx, accountId: number, by: number): Promise<number> {
  const [row] = await tx
    .update(accounts)
    .set({ followers_count: sql`greatest(0, ${accounts.followers_count} + ${by})` })
    .where(eq(accounts.id, accountId))
    .returning({ followers_count: accounts.followers_count });
  return row?.followers_count ?? 0;
}

/** Rings or silences the bell of an existing follow; undefined when there is no follow. */
export async function setBell(db: Db, userId: number, accountId: number, on: boolean) {
  const [row] = await db
    .update(follows)
    .set({ bell: on })
    .where(followOf(userId, accountId))
    .returning({ bell: follows.bell });
  return row;
}

/**
 * Removes the follows between two people: each one's follows of the accounts the other owns. Answers the
 * follows that went, for their counts and events.
 */
export async function deleteFollowsBetween(
  tx: Tx,
  a: number,
  b: number,
): Promise<{ user_id: number; account_id: number }[]> {
  return queryRows<{ user_id: number; account_id: number }>(
    tx as unknown as Db,
    sql`delete from follows f using account_users au
        where au.account_id = f.account_id and au.role = 'owner'
          and ((f.user_id = ${a} and au.user_id = ${b}) or (f.user_id = ${b} and au.user_id = ${a}))
        returning f.user_id, f.account_id`,
  );
}

/** How many accounts the person follows (read through the primary key's leading column). */
export async function followingCount(tx: Tx, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from follows where user_id = ${userId}`,
  );
  return row?.n ?? 0;
}

/**
 * Of these accounts, those anyone may see, with no owner in a block with the person: the ones not followed yet
 * (in the order given), and how many are followed already.
 */
export async function followable(tx: Tx, userId: number, accountIds: number[]) {
  const rows = await queryRows<{ id: number; followed: boolean }>(
    tx,
    sql`select a.id, exists (select 1 from follows f where f.user_id = ${userId} and f.account_id = a.id) as followed
        from unnest(${sql.param(accountIds)}::int[]) with ordinality as want(id, n)
        join accounts a on a.id = want.id
        where ${publicAccountSql('a')} and not ${blockedAccountSql(userId, 'a.id')}
        order by want.n`,
  );
  return { fresh: rows.filter((r) => !r.followed).map((r) => r.id), already: rows.filter((r) => r.followed).length };
}
