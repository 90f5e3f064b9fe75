import type { ApprovedStatus } from '@inkwell/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { organizations, users } from '../../db/schema';

type Conn = Db | Tx;
export type OrganizationRow = typeof organizations.$inferSelect;

export async function byUser(db: Conn, userId: number): Promise<OrganizationRow[]> {
  return db.select().from(organizations).where(eq(organizations.user_id, userId)).orderBy(desc(organizations.id));
}

export async function byId(db: Conn, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function usernameTaken(db: Conn, username: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        sql`lower(${organizations.username}) = ${username.toLowerCase()}`,
        exceptId ? sql`${organizations.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

export async function insert(db: Conn, values: typeof organizations.$inferInsert): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

/** `%words%` for ILIKE, with the pattern characters in the words taken literally. */
export const containing = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin table's filters: an approval status, words in the name or username. */
export interface AdminFilter {
  status?: ApprovedStatus;
  q?: string;
}

function adminWhere(filter: AdminFilter): SQL | undefined {
  const pattern = filter.q ? containing(filter.q) : undefined;
  return and(
    filter.status ? eq(organizations.approved_status, filter.status) : undefined,
    pattern ? sql`(${organizations.name} ilike ${pattern} or ${organizations.username} ilike ${pattern})` : undefined,
  );
}

/** One page of the admin table, newest first, with its creator's name; and how many rows match. */
export async function adminPage(
  db: Db,
  filter: AdminFilter,
  limit: number,
  offset: number,
): Promise<{ rows: (OrganizationRow & { creator_name: string })[]; total: number }> {
  const where = adminWhere(filter);
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
