import type { UserSort } from '@inkwell/contracts';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { roles, users } from '../../db/schema';

type Conn = Db | Tx;

/** `q` as a substring pattern, its own `%`, `_` and `\` taken literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface UserListOptions {
  q?: string;
  sort?: UserSort;
  /** A caller holding `users.view`: matches e-mail addresses too and sees everyone (not activated, suspended). */
  admin: boolean;
  limit: number;
  offset: number;
}

export interface UserListRow {
  id: number;
  name: string;
  username: string;
  profile_url: string | null;
  email: string;
  role_name: string;
  suspended_at: Date | null;
  created_at: Date;
}

function orderOf(sort: UserSort | undefined, q: string | undefined): SQL[] {
  switch (sort ?? (q ? 'relevance' : 'newest')) {
    case 'oldest':
      return [asc(users.created_at), asc(users.id)];
    case 'name':
      return [asc(sql`lower(${users.name})`), asc(users.id)];
    case 'relevance':
      return [desc(sql`greatest(similarity(${users.name}, ${q}), similarity(${users.username}, ${q}))`), asc(users.id)];
    default:
      return [desc(users.created_at), desc(users.id)];
  }
}

/**
 * One page of people and how many match. Names and usernames match as substrings (trigram-indexed, so
 * Burmese and Thai names without spaces are found); e-mail addresses only for administrators. Everyone
 * else sees only people who can sign in (activated, not suspended).
 */
export async function listUsers(db: Conn, o: UserListOptions): Promise<{ rows: UserListRow[]; total: number }> {
  const pattern = o.q ? likePattern(o.q) : undefined;
  const where = and(
    pattern
      ? or(
          ilike(users.name, pattern),
          ilike(users.username, pattern),
          o.admin ? ilike(users.email, pattern) : undefined,
        )
      : undefined,
    o.admin ? undefined : and(isNotNull(users.email_verified_at), isNull(users.suspended_at)),
  );
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        username: users.username,
        profile_url: users.profile_url,
        email: users.email,
        role_name: roles.name,
        suspended_at: users.suspended_at,
        created_at: users.created_at,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(where)
      .orderBy(...orderOf(o.sort, o.q))
      .limit(o.limit)
      .offset(o.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export async function findRole(db: Conn, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, id)).limit(1);
  return row;
}

/**
 * The ids of everyone holding the role (root) who is not suspended, their rows locked until the transaction
 * ends (in id order, so two roots acting on each other at once wait in turn instead of deadlocking, and the
 * second sees the first's change).
 */
export async function lockActiveHolders(tx: Tx, roleId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role_id, roleId), isNull(users.suspended_at)))
    .orderBy(asc(users.id))
    .for('update', { of: users });
  return rows.map((r) => r.id);
}

export async function setRole(tx: Tx, userId: number, roleId: number): Promise<void> {
  await tx
    .update(users)
    .set({ role_id: roleId, updated_at: sql`now()` })
    .where(eq(users.id, userId));
}

/** Suspends (now) or reinstates the person; returns the new `suspended_at`. */
export async function setSuspended(tx: Tx, userId: number, suspended: boolean): Promise<Date | null> {
  const [row] = await tx
    .update(users)
    .set({ suspended_at: suspended ? sql`now()` : null, updated_at: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ suspended_at: users.suspended_at });
  return row?.suspended_at ?? null;
}
