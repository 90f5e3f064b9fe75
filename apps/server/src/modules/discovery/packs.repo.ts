import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { blockedAccountSql } from '../../db/safety';
import { publicAccountSql } from '../accounts';

/** Starter packs and their accounts. A pack lists only accounts anyone may see (others drop out as they hide). */

export interface PackRow {
  id: number;
  user_id: number;
  name: string;
  description: string;
  featured_at: string | null;
  created_at: string;
  creator_name: string;
  creator_username: string;
  creator_profile_url: string | null;
  accounts_count: number;
  total: number;
}

export interface PackAccountRow {
  pack_id: number;
  id: number;
  username: string;
  name: string;
  description: string;
  profile_url: string | null;
  followers_count: number;
  is_followed: boolean;
}

const packColumns = sql`k.id, k.user_id, k.name, k.description, k.featured_at, k.created_at,
  u.name as creator_name, u.username as creator_username, u.profile_url as creator_profile_url,
  (select count(*)::int from pack_accounts pa join accounts a on a.id = pa.account_id
   where pa.pack_id = k.id and ${publicAccountSql('a')}) as accounts_count`;

/** Packs, featured first then newest (or one person's, newest first). */
export async function list(db: Db, page: { limit: number; offset: number; userId?: number }): Promise<PackRow[]> {
  return queryRows<PackRow>(
    db,
    sql`select ${packColumns}, count(*) over ()::int as total
        from packs k join users u on u.id = k.user_id
        ${page.userId ? sql`where k.user_id = ${page.userId}` : sql``}
        order by k.featured_at desc nulls last, k.id desc limit ${page.limit} offset ${page.offset}`,
  );
}

export async function byId(db: Db | Tx, id: number): Promise<PackRow | undefined> {
  const [row] = await queryRows<PackRow>(
    db,
    sql`select ${packColumns}, 1 as total from packs k join users u on u.id = k.user_id where k.id = ${id}`,
  );
  return row;
}

/** The visible accounts of these packs, in each pack's order (at most `perPack` each). */
export async function accountsOf(db: Db, viewer: number, packIds: number[], perPack: number) {
  if (packIds.length === 0) return [];
  return queryRows<PackAccountRow>(
    db,
    sql`select * from (
          select pa.pack_id, a.id, a.username, a.name, a.description, a.profile_url, a.followers_count,
                 exists (select 1 from follows f where f.user_id = ${viewer} and f.account_id = a.id) as is_followed,
                 row_number() over (partition by pa.pack_id order by pa.position) as n
          from pack_accounts pa join accounts a on a.id = pa.account_id
          where pa.pack_id = any(${sql.param(packIds)}::int[]) and ${publicAccountSql('a')}
            and not ${blockedAccountSql(viewer, 'a.id')}) shown
        where n <= ${perPack} order by pack_id, n`,
  );
}

/** The ids of a pack's accounts, in order (whatever their state: follow-all filters). */
export async function accountIds(db: Db | Tx, packId: number): Promise<number[]> {
  const rows = await queryRows<{ account_id: number }>(
    db,
    sql`select account_id from pack_accounts where pack_id = ${packId} order by position`,
  );
  return rows.map((r) => r.account_id);
}

/** Of these ids, the accounts anyone may see. */
export async function publicIds(tx: Tx, ids: number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select a.id from accounts a where a.id = any(${sql.param(ids)}::int[]) and ${publicAccountSql('a')}`,
  );
  return rows.map((r) => r.id);
}

export async function countOf(tx: Tx, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from packs where user_id = ${userId}`);
  return row?.n ?? 0;
}

export async function insert(tx: Tx, userId: number, name: string, description: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into packs (user_id, name, description) values (${userId}, ${name}, ${description}) returning id`,
  );
  return row!.id;
}

export async function update(tx: Tx, id: number, name: string, description: string): Promise<void> {
  await tx.execute(
    sql`update packs set name = ${name}, description = ${description}, updated_at = now() where id = ${id}`,
  );
}

/** The pack's accounts become exactly these, in this order. */
export async function setAccounts(tx: Tx, packId: number, ids: number[]): Promise<void> {
  await tx.execute(sql`delete from pack_accounts where pack_id = ${packId}`);
  await tx.execute(
    sql`insert into pack_accounts (pack_id, account_id, position)
        select ${packId}, id, n from unnest(${sql.param(ids)}::int[]) with ordinality as x(id, n)`,
  );
}

export async function remove(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from packs where id = ${id}`);
}

export async function setFeatured(tx: Tx, id: number, featured: boolean): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update packs set featured_at = ${featured ? sql`coalesce(featured_at, now())` : sql`null`} where id = ${id} returning id`,
  );
  return rows.length > 0;
}

/** Whether the person works on a creator account (makes them a creator, who may make packs). */
export async function isCreator(db: Db | Tx, userId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from account_users where user_id = ${userId} limit 1`,
  );
  return rows.length > 0;
}
