import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from './connect';
import { VISIBLE_POSTS } from './counters';

/*
 * `posts.visible` (published, on an account anyone may see) is kept in the row so feeds and search read one
 * index; these keep it, and the public feed's total, true when an account's status changes. Here beside
 * `removal.ts` because the accounts module changes the status and the posts module owns the rows (neither may
 * import the other both ways). The account rule itself comes from the accounts policy as SQL over an
 * `accounts` row aliased `a` (`publicAccountSql('a')`).
 */

type Conn = Db | Tx;

/**
 * Sets `visible` again on every post of the account from its current status and moves the public feed's total
 * by the difference: one statement, in the caller's transaction, which must hold the account row locked (so
 * a post being written as the account either waits for the change or is seen by it). Answers how many posts
 * appeared and disappeared.
 */
export async function recomputePostVisibility(
  db: Conn,
  accountId: number,
  publicAccount: SQL,
): Promise<{ shown: number; hidden: number }> {
  const [row] = await queryRows<{ shown: number; hidden: number }>(
    db as Db,
    sql`with changed as (
          update posts p set visible = (p.status = 'published' and (${publicAccount}))
          from accounts a
          where a.id = p.account_id and p.account_id = ${accountId}
            and p.visible <> (p.status = 'published' and (${publicAccount}))
          returning p.visible
        ),
        delta as (
          select count(*) filter (where c.visible)::int as shown, count(*) filter (where not c.visible)::int as hidden
          from changed c
        ),
        moved as (
          insert into counters (key, value)
          select ${VISIBLE_POSTS}, d.shown - d.hidden from delta d where d.shown <> d.hidden
          on conflict (key) do update set value = counters.value + excluded.value
        )
        select d.shown, d.hidden from delta d`,
  );
  return row ?? { shown: 0, hidden: 0 };
}

/**
 * Whether a post written now on the account is visible, read with the row lock the post's transaction takes
 * anyway (its counts are updated there): an approval or publication change waits for the post, or the post
 * for the change, so no post stays visible on an account that was just hidden.
 */
export async function accountPublicForPosting(db: Conn, accountId: number, publicAccount: SQL): Promise<boolean> {
  const [row] = await queryRows<{ public: boolean }>(
    db as Db,
    sql`select (${publicAccount}) as public from accounts a where a.id = ${accountId} for no key update`,
  );
  return Boolean(row?.public);
}
