import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { organizations, users } from '../../db/schema';
import { approvalFilterWhere, usernameTakenIn, type ApprovalFilter } from '../../platform/approvals';

type Conn = Db | Tx;
export type OrganizationRow = typeof organizations.$inferSelect;

export async function byUser(db: Conn, userId: number): Promise<OrganizationRow[]> {
  return db.select().from(organizations).where(eq(organizations.user_id, userId)).orderBy(desc(organizations.id));
}

export async function byId(db: Conn, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export const usernameTaken = (db: Conn, username: string, exceptId?: number): Promise<boolean> =>
  usernameTakenIn(db, organizations, username, exceptId);

export async function insert(db: Conn, values: typeof organizations.$inferInsert): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

/** One page of the admin table, newest first, with its creator's name; and how many rows match. */
export async function adminPage(
  db: Db,
  filter: ApprovalFilter,
  limit: number,
  offset: number,
): Promise<{ rows: (OrganizationRow & { creator_name: string })[]; total: number }> {
  const where = approvalFilterWhere(organizations, filter);
  const [rows, [count]] = await Promise.all([
    db
      .select({ organization: organizations, creator_name: users.name })
      .from(organizations)
      .innerJoin(users, eq(users.id, organizations.user_id))
      .where(where)
      .orderBy(desc(organizations.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(organizations)
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.organization, creator_name: r.creator_name })), total: count?.n ?? 0 };
}

export type OrganizationWithCreator = OrganizationRow & { user: { id: number; name: string; username: string } };

/** The organization and its creator; `lock` holds the row until the caller's transaction ends. */
export async function withCreator(db: Conn, id: number, lock = false): Promise<OrganizationWithCreator | undefined> {
  const query = db
    .select({ organization: organizations, user: { id: users.id, name: users.name, username: users.username } })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.user_id))
    .where(eq(organizations.id, id));
  const [row] = lock ? await query.for('update', { of: organizations }) : await query;
  return row && { ...row.organization, user: row.user };
}

export async function update(db: Conn, id: number, values: Partial<typeof organizations.$inferInsert>): Promise<void> {
  await db
    .update(organizations)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(organizations.id, id));
}
