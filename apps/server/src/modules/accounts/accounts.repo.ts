import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { accountUsers, accounts, follows, organizations, users } from '../../db/schema';
import { publicAccount } from './accounts.policy';
import { removeAccountContent } from '../../db/removal';
import { blockedAccountSql, iBlockedAccountSql, mutedAccountSql } from '../../db/safety';
import { approvalFilterWhere, usernameTakenIn, type ApprovalFilter } from '../../platform/approvals';

type Conn = Db | Tx;
export type AccountRow = typeof accounts.$inferSelect;
export type AccountWithOrganization = AccountRow & {
  organization: { id: number; name: string; username: string };
  /** The viewer's role on the account, when they are a member. */
  member_role: string | null;
  is_followed: boolean;
  /** The viewer rang the account's bell (new posts notify them). */
  bell: boolean;
  /** The viewer blocked an owner of it / muted it (db/safety.ts). */
  is_blocked: boolean;
  is_muted: boolean;
};

/** The viewer's role on the account and whether they follow it, read in the same query. */
const columns = (viewerId: number | null) => ({
  account: accounts,
  organization: { id: organizations.id, name: organizations.name, username: organizations.username },
  member_role: viewerId
    ? sql<
        string | null
      >`(select role from account_users au where au.account_id = ${accounts.id} and au.user_id = ${viewerId})`
    : sql<string | null>`null`,
  is_followed: viewerId
    ? sql<boolean>`exists(select 1 from ${follows} f where f.account_id = ${accounts.id} and f.user_id = ${viewerId})`
    : sql<boolean>`false`,
  bell: viewerId
    ? sql<boolean>`coalesce((select f.bell from ${follows} f where f.account_id = ${accounts.id} and f.user_id = ${viewerId}), false)`
    : sql<boolean>`false`,
  is_blocked: sql<boolean>`${iBlockedAccountSql(viewerId ?? 0, '"accounts"."id"')}`,
  is_muted: sql<boolean>`${mutedAccountSql(viewerId ?? 0, '"accounts"."id"')}`,
});

const flatten = (r: {
  account: AccountRow;
  organization: AccountWithOrganization['organization'];
  member_role: string | null;
  is_followed: boolean;
  bell: boolean;
  is_blocked: boolean;
  is_muted: boolean;
}): AccountWithOrganization => ({
  ...r.account,
  organization: r.organization,
  member_role: r.member_role,
  is_followed: r.is_followed,
  bell: r.bell,
  is_blocked: r.is_blocked,
  is_muted: r.is_muted,
});

export async function ofMember(db: Conn, userId: number): Promise<AccountWithOrganization[]> {
  const rows = await db
    .select(columns(userId))
    .from(accounts)
    .innerJoin(organizations, eq(organizations.id, accounts.organization_id))
    .innerJoin(accountUsers, and(eq(accountUsers.account_id, accounts.id), eq(accountUsers.user_id, userId)))
    .orderBy(desc(accounts.id));
  return rows.map(flatten);
}

export async function byUsername(db: Conn, username: string, viewerId: number | null) {
  const [row] = await db
    .select(columns(viewerId))
    .from(accounts)
    .innerJoin(organizations, eq(organizations.id, accounts.organization_id))
    .where(sql`lower(${accounts.username}) = ${username.toLowerCase()}`);
  return row ? flatten(row) : undefined;
}

export async function byId(db: Conn, id: number, viewerId: number | null) {
  const [row] = await db
    .select(columns(viewerId))
    .from(accounts)
    .innerJoin(organizations, eq(organizations.id, accounts.organization_id))
    .where(eq(accounts.id, id));
  return row ? flatten(row) : undefined;
}

export const usernameTaken = (db: Conn, username: string, exceptId?: number): Promise<boolean> =>
  usernameTakenIn(db, accounts, username, exceptId);

/** The account and its owner's membership, together. */
export async function insertWithOwner(db: Db, values: typeof accounts.$inferInsert, ownerId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(accounts).values(values).returning({ id: accounts.id });
    await tx.insert(accountUsers).values({ account_id: row!.id, user_id: ownerId, role: 'owner' });
    return row!.id;
  });
}

export async function update(db: Conn, id: number, values: Partial<typeof accounts.$inferInsert>): Promise<void> {
  await db
    .update(accounts)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(accounts.id, id));
}

/**
 * The account with everything that goes with it, in one transaction. The row is locked first, so posts and
 * comments being written as the account wait (and then fail) instead of slipping past the counts.
 */
export async function remove(db: Conn, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id)).for('update');
    if (!locked) return;
    await removeAccountContent(tx, id);
    await tx.delete(accounts).where(eq(accounts.id, id));
  });
}

/**
 * Accounts to discover, most followed first (read backwards along `accounts_explore_idx`), without those the
 * viewer muted or that are run by someone in a block with them.
 */
export async function explore(db: Db, viewerId: number | null, limit: number, offset: number) {
  const viewer = viewerId ?? 0;
  const shown = and(
    publicAccount,
    sql`not ${blockedAccountSql(viewer, '"accounts"."id"')} and not ${mutedAccountSql(viewer, '"accounts"."id"')}`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns(viewerId))
      .from(accounts)
      .innerJoin(organizations, eq(organizations.id, accounts.organization_id))
      .where(shown)
      .orderBy(desc(accounts.followers_count), desc(accounts.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(shown),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

/** The account row, locked until the caller's transaction ends (status changes and what follows from them). */
export async function lockById(db: Tx, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).for('update');
  return row;
}

/** One page of the admin table, newest first, and how many rows match. */
export async function adminPage(db: Db, filter: ApprovalFilter, limit: number, offset: number) {
  const where = approvalFilterWhere(accounts, filter);
  const [rows, [count]] = await Promise.all([
    db.select().from(accounts).where(where).orderBy(desc(accounts.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The account's people with their role, owners first, a page at a time. */
export async function people(db: Db, accountId: number, limit: number, offset: number) {
  const where = eq(accountUsers.account_id, accountId);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        username: users.username,
        profile_url: users.profile_url,
        role: accountUsers.role,
      })
      .from(accountUsers)
      .innerJoin(users, eq(users.id, accountUsers.user_id))
      .where(where)
      .orderBy(sql`${accountUsers.role} = 'owner' desc`, asc(accountUsers.created_at), asc(users.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountUsers)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
