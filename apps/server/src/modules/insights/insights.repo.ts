import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { counters, users } from '../../db/schema';

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** The values of these counter keys, in one read of the primary key; a key without a row is absent. */
export async function counterValues(db: Db, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: counters.key, value: counters.value })
    .from(counters)
    .where(inArray(counters.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}
