import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { blockedWith } from '../../db/safety';

type Conn = Db | Tx;

/** Someone who can be blocked: a person who exists (a suspended one too: blocking must still work). */
export async function personExists(db: Conn, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db as Db, sql`select id from users where id = ${id}`);
  return rows.length > 0;
}

/** The owners of an account: blocking the account blocks them. */
export async function accountOwners(db: Conn, accountId: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db as Db,
    sql`select user_id from account_users where account_id = ${accountId} and role = 'owner' order by user_id`,
  );
  return rows.map((r) => r.user_id);
}

/** Adds the block; answers whether it is new. */
export async function insertBlock(tx: Tx, blocker: number, blocked: number): Promise<boolean> {
  const rows = await queryRows<{ blocked_id: number }>(
    tx as Db,
    sql`insert into user_blocks (blocker_id, blocked_id) values (${blocker}, ${blocked})
        on conflict do nothing returning blocked_id`,
  );
  return rows.length > 0;
}

export async function deleteBlocks(tx: Tx, blocker: number, blocked: number[]): Promise<void> {
  await queryRows(
    tx as Db,
    sql`delete from user_blocks where blocker_id = ${blocker} and blocked_id = any(${sql.param(blocked)}::int[])`,
  );
}

/** Whether `me` blocked any of `others` (what `is_blocked` answers). */
export async function iBlockedAny(db: Conn, me: number, others: number[]): Promise<boolean> {
  if (others.length === 0) return false;
  const rows = await queryRows<{ one: number }>(
    db as Db,
    sql`select 1 as one from user_blocks where blocker_id = ${me} and blocked_id = any(${sql.param(others)}::int[]) limit 1`,
  );
  return rows.length > 0;
}

export interface BlockedRow {
  id: number;
  name: string;
  username: string;
  profile_url: string | null;
  /** A date, or its text as some drivers read it. */
  blocked_at: Date | string;
}

export async function blocks(db: Db, me: number, limit: number, offset: number) {
  const rows = await queryRows<BlockedRow>(
    db,
    sql`select u.id, u.name, u.username, u.profile_url, b.created_at as blocked_at
        from user_blocks b join users u on u.id = b.blocked_id
        where b.blocker_id = ${me}
        order by b.created_at desc, u.id desc
        limit ${limit} offset ${offset}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from user_blocks where blocker_id = ${me}`,
  );
  return { rows, total: count?.total ?? 0 };
}

export async function setMute(db: Db, me: number, accountId: number, on: boolean): Promise<void> {
  await queryRows(
    db,
    on
      ? sql`insert into account_mutes (user_id, account_id) values (${me}, ${accountId}) on conflict do nothing`
      : sql`delete from account_mutes where user_id = ${me} and account_id = ${accountId}`,
  );
}

export interface MutedRow {
  id: number;
  name: string;
  username: string;
  profile_url: string | null;
  muted_at: Date | string;
}

export async function mutes(db: Db, me: number, limit: number, offset: number) {
  const rows = await queryRows<MutedRow>(
    db,
    sql`select a.id, a.name, a.username, a.profile_url, m.created_at as muted_at
        from account_mutes m join accounts a on a.id = m.account_id
        where m.user_id = ${me}
        order by m.created_at desc, a.id desc
        limit ${limit} offset ${offset}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from account_mutes where user_id = ${me}`,
  );
  return { rows, total: count?.total ?? 0 };
}

export async function mutedWords(db: Conn, me: number): Promise<string[]> {
  const rows = await queryRows<{ word: string }>(
    db as Db,
    sql`select word from muted_words where user_id = ${me} order by created_at, word`,
  );
  return rows.map((r) => r.word);
}

/** Replaces the list and the expression that matches it; `words` are distinct by needle already, in the order given. */
export async function replaceMutedWords(
  tx: Tx,
  me: number,
  words: { word: string; needle: string }[],
  pattern: string | null,
): Promise<void> {
  await queryRows(tx as Db, sql`delete from muted_words where user_id = ${me}`);
  await queryRows(tx as Db, sql`delete from muted_patterns where user_id = ${me}`);
  if (words.length === 0 || pattern === null) return;
  await queryRows(tx as Db, sql`insert into muted_patterns (user_id, pattern) values (${me}, ${pattern})`);
  await queryRows(
    tx as Db,
    sql`insert into muted_words (user_id, word, needle, created_at)
        select ${me}, w.word, w.needle, now() + (w.n * interval '1 microsecond')
        from unnest(${sql.param(words.map((w) => w.word))}::text[], ${sql.param(words.map((w) => w.needle))}::text[])
             with ordinality as w(word, needle, n)`,
  );
}

/** Whether `me` is in a block with an owner of the account or with one of `people`. */
export async function blockedWithTarget(
  db: Conn,
  me: number,
  accountId: number | null,
  people: number[],
): Promise<boolean> {
  const rows = await queryRows<{ blocked: boolean }>(
    db as Db,
    sql`select exists (
          select 1 from ${blockedWith(me)} as x(id)
          where x.id = any(${sql.param(people)}::int[])
             or x.id in (select au.user_id from account_users au where au.account_id = ${accountId} and au.role = 'owner')
        ) as blocked`,
  );
  return Boolean(rows[0]?.blocked);
}
