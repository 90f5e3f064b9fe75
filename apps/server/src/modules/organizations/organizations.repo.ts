import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { organizations } from '../../db/schema';

type Conn = Db | Tx;
export type OrganizationRow = typeof organizations.$inferSelect;

export async function byUser(db: Conn, userId: number): Promise<OrganizationRow[]> {
  return db.select().from(organizations).where(eq(organizations.user_id, userId)).orderBy(desc(organizations.id));
}

export async function byId(db: Conn, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function usernameTaken(db: Conn, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(sql`lower(${organizations.username}) = ${username.toLowerCase()}`);
  return Boolean(row);
}

export async function insert(db: Conn, values: typeof organizations.$inferInsert): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}
