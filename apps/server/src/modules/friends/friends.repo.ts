import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { friendships, users } from '../../db/schema';

type Conn = Db | Tx;

export type FriendshipRow = typeof friendships.$inferSelect;

/** The pair's key: the lower id first, as the table stores it. */
export const pairOf = (a: number, b: number) => (a < b ? { low: a, high: b } : { low: b, high: a });

const pairIs = (a: number, b: number): SQL => {
  const { low, high } = pairOf(a, b);
  return and(eq(friendships.user_low, low), eq(friendships.user_high, high))!;
};

/** Someone who can be found and befriended: activated and not suspended. */
export async function findActivePerson(db: Conn, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, username: users.username, profile_url: users.profile_url })
    .from(users)
    .where(and(eq(users.id, id), isNotNull(users.email_verified_at), isNull(users.suspended_at)))
    .limit(1);
  return row;
}

export async function findPair(db: Conn, a: number, b: number): Promise<FriendshipRow | undefined> {
  const [row] = await db.select().from(friendships).where(pairIs(a, b)).limit(1);
  return row;
}

/** The pair's row locked until the transaction ends (what the other person did meanwhile is seen). */
export async function lockPair(tx: Tx, a: number, b: number): Promise<FriendshipRow | undefined> {
  const [row] = await tx.select().from(friendships).where(pairIs(a, b)).for('update').limit(1);
  return row;
}

/** Inserts `from`'s request to `to`; false when the pair already has a row (theirs, mine or a friendship). */
export async function insertRequest(tx: Tx, from: number, to: number): Promise<boolean> {
  const { low, high } = pairOf(from, to);
  const inserted = await tx
    .insert(friendships)
    .values({ user_low: low, user_high: high, requested_by: from })
    .onConflictDoNothing()
    .returning({ low: friendships.user_low });
  return inserted.length > 0;
}

export async function acceptPair(tx: Tx, a: number, b: number): Promise<void> {
  await tx
    .update(friendships)
    .set({ accepted_at: sql`now()` })
    .where(pairIs(a, b));
}

export async function deletePair(tx: Tx, a: number, b: number): Promise<void> {
  await tx.delete(friendships).where(pairIs(a, b));
}

/**
 * The people paired with `me`: friends (`accepted`) or those whose request waits for me. Each side of the
 * pair reads its own index; the two halves are merged in order and cut to the page.
 */
export interface PairedPerson {
  id: number;
  name: string;
  username: string;
  profile_url: string | null;
  since: Date;
}

/**
 * The people paired with `me`: friends, or those whose request waits for my answer, newest first. Each side
 * of the pair reads its own index (`friendships_low_idx`, `friendships_high_idx`).
 */
export async function listPaired(
  db: Db,
  me: number,
  kind: 'friends' | 'requests',
  limit: number,
  offset: number,
): Promise<{ rows: PairedPerson[]; total: number }> {
  const state =
    kind === 'friends' ? sql`f.accepted_at is not null` : sql`f.accepted_at is null and f.requested_by <> ${me}`;
  const since = kind === 'friends' ? sql`f.accepted_at` : sql`f.created_at`;
  const paired = sql`(
    select f.user_high as other, ${since} as since from friendships f where f.user_low = ${me} and ${state}
    union all
    select f.user_low as other, ${since} as since from friendships f where f.user_high = ${me} and ${state}
  )`;
  const [rows, counted] = await Promise.all([
    queryRows<Omit<PairedPerson, 'since'> & { since: Date | string }>(
      db,
      sql`select u.id, u.name, u.username, u.profile_url, p.since
          from ${paired} p join users u on u.id = p.other and u.suspended_at is null
          order by p.since desc, u.id desc
          limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${paired} p join users u on u.id = p.other and u.suspended_at is null`,
    ),
  ]);
  return { rows: rows.map((r) => ({ ...r, since: new Date(r.since) })), total: counted[0]?.n ?? 0 };
}
